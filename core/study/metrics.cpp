#include "study/metrics.h"

#include <cmath>
#include <limits>

namespace drivelab::study {

namespace {
constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

int find(const std::vector<ObservableRef>& layout, const std::string& subject, const std::string& name)
{
    for (std::size_t i = 0; i < layout.size(); ++i)
        if (layout[i].subject == subject && layout[i].name == name) return static_cast<int>(i);
    return -1;
}
} // namespace

bool planMetrics(const std::vector<MetricSpec>& metrics, const std::vector<ObservableRef>& layout, std::vector<MetricPlan>& out,
                 Diagnostics& d)
{
    bool ok = true;
    out.clear();
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const MetricSpec& m = metrics[i];
        const std::string at = "metrics[" + std::to_string(i) + "]";
        MetricPlan p;
        p.reduce = m.reduce;
        p.level = m.level;
        p.direction = m.direction;
        if (m.reduce == Reduction::LockTime) {
            p.obs = find(layout, m.component, "locked");
            p.slip = find(layout, m.component, "slip_speed");
            if (p.obs < 0 || p.slip < 0) {
                d.error("-", at + ".component",
                        "'" + m.component + "' is not a component of the lab that locks (a clutch reports locked and slip_speed)");
                ok = false;
            }
        } else if (m.reduce != Reduction::TotalHeat && m.reduce != Reduction::Vehicle) {
            const std::size_t dot = m.observable.find('.');
            if (dot != std::string::npos) p.obs = find(layout, m.observable.substr(0, dot), m.observable.substr(dot + 1));
            if (p.obs < 0) {
                d.error("-", at + ".observable",
                        "'" + m.observable +
                            "' is not an observable of the lab (write SUBJECT.NAME as the report names it: engine.speed, "
                            "lockup.friction_heat)");
                ok = false;
            }
        }
        out.push_back(p);
    }
    return ok;
}

bool needsEveryTick(const MetricPlan& p)
{
    return p.reduce != Reduction::Final && p.reduce != Reduction::Initial && p.reduce != Reduction::TotalHeat &&
           p.reduce != Reduction::Vehicle; // the report writer samples every tick for the vehicle results itself
}

bool needsEveryTick(const std::vector<MetricPlan>& plans)
{
    for (const MetricPlan& p : plans)
        if (needsEveryTick(p)) return true;
    return false;
}

std::vector<int> everyTickObservables(const std::vector<MetricPlan>& plans)
{
    std::vector<int> out;
    for (const MetricPlan& p : plans) {
        if (!needsEveryTick(p)) continue;
        if (p.obs >= 0) out.push_back(p.obs);
        if (p.slip >= 0) out.push_back(p.slip);
    }
    return out;
}

MetricState::MetricState(const std::vector<MetricPlan>& plans) : m_plans(plans), m_acc(plans.size()), m_prev(plans.size(), 0.0)
{
    for (std::size_t i = 0; i < plans.size(); ++i)
        if (plans[i].obs >= 0) (needsEveryTick(plans[i]) ? m_tickPlans : m_endPlans).push_back(i);
    for (std::vector<Ticking>* list : {&m_max, &m_min, &m_sum, &m_cross, &m_lock}) list->reserve(m_tickPlans.size());
}

namespace {
// the reductions' steps after the run's first sample (sample() and sampleTick() share them)
inline void takeMax(MetricAcc& a, double x, double t)
{
    if (x > a.value) {
        a.value = x;
        a.time = t;
    }
}

inline void takeMin(MetricAcc& a, double x, double t)
{
    if (x < a.value) {
        a.value = x;
        a.time = t;
    }
}

inline void integrate(MetricAcc& a, double prev, double x, double h) { a.sum += 0.5 * (prev + x) * h; }

// the sample before was prev at prevT; an open crossing (not found yet)
inline void crossing(const MetricPlan& p, MetricAcc& a, double prev, double x, double prevT, double h)
{
    const bool up = prev < p.level && x >= p.level, down = prev > p.level && x <= p.level;
    if ((up && p.direction >= 0) || (down && p.direction <= 0)) {
        a.found = true;
        a.time = prevT + (p.level - prev) / (x - prev) * h;
    }
}

// x: `locked`, slip: `slip_speed`; started: not the run's first sample
inline void lockTime(MetricAcc& a, bool started, double prev, double x, double slip, double t, double prevT, double h)
{
    const bool locked = x > 0.5;
    if (started && !a.found && locked && prev <= 0.5) {
        a.found = true;
        a.time = t;
        // the slip, extrapolated from the last two slipping samples, reaches zero in this tick
        if (a.slipping >= 2) {
            const double rate = (a.slip1 - a.slip2) / h;
            if (rate != 0.0) {
                const double tc = prevT - a.slip1 / rate;
                if (tc >= prevT && tc <= t) a.time = tc;
            }
        }
    }
    if (locked) {
        a.slipping = 0;
    } else {
        a.slip2 = a.slip1;
        a.slip1 = slip;
        ++a.slipping;
    }
}
} // namespace

template <bool Started>
inline void MetricState::sampleOne(const MetricPlan& p, MetricAcc& a, double& previous, const double* v, double t, double h) const
{
    const double x = v[p.obs];
    switch (p.reduce) {
    case Reduction::Final: a.value = x; break;
    case Reduction::Initial:
        if (!Started) a.value = x;
        break;
    case Reduction::Min:
    case Reduction::TimeOfMin:
        if (Started) {
            takeMin(a, x, t);
        } else {
            a.value = x;
            a.time = t;
        }
        break;
    case Reduction::Max:
    case Reduction::TimeOfMax:
        if (Started) {
            takeMax(a, x, t);
        } else {
            a.value = x;
            a.time = t;
        }
        break;
    case Reduction::Mean:
    case Reduction::Integral:
        if (Started) integrate(a, previous, x, h);
        break;
    case Reduction::FirstCrossing:
        if (Started && !a.found) crossing(p, a, previous, x, m_prevT, h);
        break;
    case Reduction::LockTime:
        lockTime(a, Started, previous, x, v[p.slip], t, m_prevT, h);
        break;
    case Reduction::TotalHeat:
    case Reduction::Vehicle: break;
    }
    previous = x;
}

void MetricState::sampleOne(std::size_t i, const double* v, double t, double h)
{
    if (m_started)
        sampleOne<true>(m_plans[i], m_acc[i], m_prev[i], v, t, h);
    else
        sampleOne<false>(m_plans[i], m_acc[i], m_prev[i], v, t, h);
}

void MetricState::advance(double t)
{
    if (!m_started) m_t0 = t;
    m_started = true;
    m_prevT = t;
    m_tEnd = t;
}

void MetricState::sample(const double* v, double t)
{
    const double h = t - m_prevT;
    for (std::size_t i = 0; i < m_plans.size(); ++i)
        if (m_plans[i].obs >= 0) sampleOne(i, v, t, h);
    advance(t);
}

void MetricState::openTicking()
{
    for (std::size_t i : m_tickPlans) {
        Ticking p{m_plans[i], m_acc[i], m_prev[i], i};
        p.x = m_reader->source(p.plan.obs, m_values);
        if (p.plan.slip >= 0) p.slip = m_reader->source(p.plan.slip, m_values);
        switch (p.plan.reduce) {
        case Reduction::Max:
        case Reduction::TimeOfMax: m_max.push_back(p); break;
        case Reduction::Min:
        case Reduction::TimeOfMin: m_min.push_back(p); break;
        case Reduction::Mean:
        case Reduction::Integral: m_sum.push_back(p); break;
        case Reduction::FirstCrossing:
            if (!p.acc.found) m_cross.push_back(p);
            break;
        case Reduction::LockTime:
            if (!p.acc.found) m_lock.push_back(p);
            break;
        default: break; // needsEveryTick() holds none of the others
        }
    }
    m_ticked = true;
}

void MetricState::settle(const Ticking& p)
{
    m_acc[p.index] = p.acc;
    m_prev[p.index] = p.prev;
}

void MetricState::closeFinal(std::vector<Ticking>& list)
{
    for (std::size_t k = 0; k < list.size();) {
        if (list[k].acc.found) {
            settle(list[k]);
            list[k] = list.back();
            list.pop_back(); // no allocation
        } else {
            ++k;
        }
    }
}

void MetricState::firstTick(const double* v, double t)
{
    const double h = t - m_prevT;
    for (std::size_t i : m_tickPlans) sampleOne(i, v, t, h);
    advance(t);
    openTicking();
}

TickHook MetricState::tickHook(const Session& s, double* values)
{
    m_reader = std::make_unique<SubsetReader>(s, everyTickObservables(m_plans));
    m_values = values;
    return TickHook{&MetricState::onTick, this};
}

inline void MetricState::sampleTick(const Session& s)
{
    double* const v = m_values;
    const double t = s.time();
    if (!m_ticked) {
        m_reader->read(v);
        firstTick(v, t);
        return;
    }
    m_reader->readComputed(v); // the rest is read where it is (Ticking::x, slip)
    const double h = t - m_prevT;
    for (Ticking& p : m_max) takeMax(p.acc, *p.x, t);
    for (Ticking& p : m_min) takeMin(p.acc, *p.x, t);
    for (Ticking& p : m_sum) {
        const double x = *p.x;
        integrate(p.acc, p.prev, x, h);
        p.prev = x;
    }
    // a crossing found or a lock timed is final: it leaves its list
    bool found = false;
    for (Ticking& p : m_cross) {
        const double x = *p.x;
        crossing(p.plan, p.acc, p.prev, x, m_prevT, h);
        p.prev = x;
        if (p.acc.found) found = true;
    }
    for (Ticking& p : m_lock) {
        const double x = *p.x;
        lockTime(p.acc, true, p.prev, x, *p.slip, t, m_prevT, h);
        p.prev = x;
        if (p.acc.found) found = true;
    }
    if (found) {
        closeFinal(m_cross);
        closeFinal(m_lock);
    }
    m_prevT = t;
    m_tEnd = t;
}

void MetricState::onTick(void* self, const Session& s) { static_cast<MetricState*>(self)->sampleTick(s); }

void MetricState::sampleEnd(const double* v)
{
    for (const std::vector<Ticking>* list : {&m_max, &m_min, &m_sum, &m_cross, &m_lock})
        for (const Ticking& p : *list) settle(p);
    // Final and Initial read only the sample's value (Initial's is the first, taken by sample())
    for (std::size_t i : m_endPlans) sampleOne(i, v, m_prevT, 0.0);
}

void MetricState::finish(double heat, std::vector<double>& out) const
{
    out.assign(m_plans.size(), kNone);
    for (std::size_t i = 0; i < m_plans.size(); ++i) {
        const MetricAcc& a = m_acc[i];
        switch (m_plans[i].reduce) {
        case Reduction::Final:
        case Reduction::Initial:
        case Reduction::Min:
        case Reduction::Max: out[i] = m_started ? a.value : kNone; break;
        case Reduction::TimeOfMin:
        case Reduction::TimeOfMax: out[i] = m_started ? a.time : kNone; break;
        case Reduction::Integral: out[i] = a.sum; break;
        case Reduction::Mean: out[i] = m_tEnd > m_t0 ? a.sum / (m_tEnd - m_t0) : (m_started ? m_prev[i] : kNone); break;
        case Reduction::FirstCrossing:
        case Reduction::LockTime: out[i] = a.found ? a.time : kNone; break;
        case Reduction::TotalHeat: out[i] = heat; break;
        case Reduction::Vehicle: break; // the run's vehicle results (study.cpp)
        }
    }
}

} // namespace drivelab::study
