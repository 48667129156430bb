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
}

inline void MetricState::sampleOne(std::size_t i, const double* v, double t, double h)
{
    const MetricPlan& p = m_plans[i];
    Acc& a = m_acc[i];
    const double x = v[p.obs];
    const double prev = m_prev[i];
    switch (p.reduce) {
    case Reduction::Final: a.value = x; break;
    case Reduction::Initial:
        if (!m_started) a.value = x;
        break;
    case Reduction::Min:
    case Reduction::TimeOfMin:
        if (!m_started || x < a.value) {
            a.value = x;
            a.time = t;
        }
        break;
    case Reduction::Max:
    case Reduction::TimeOfMax:
        if (!m_started || x > a.value) {
            a.value = x;
            a.time = t;
        }
        break;
    case Reduction::Mean:
    case Reduction::Integral:
        if (m_started) a.sum += 0.5 * (prev + x) * h;
        break;
    case Reduction::FirstCrossing:
        if (m_started && !a.found) {
            const bool up = prev < p.level && x >= p.level, down = prev > p.level && x <= p.level;
            if ((up && p.direction >= 0) || (down && p.direction <= 0)) {
                a.found = true;
                a.time = m_prevT + (p.level - prev) / (x - prev) * h;
            }
        }
        break;
    case Reduction::LockTime: {
        const bool locked = x > 0.5;
        const double s = v[p.slip];
        if (m_started && !a.found && locked && prev <= 0.5) {
            a.found = true;
            a.time = t;
            // the slip, extrapolated from the last two slipping samples, reaches zero in this tick
            if (a.slipping >= 2) {
                const double rate = (a.slip1 - a.slip2) / h;
                if (rate != 0.0) {
                    const double tc = m_prevT - a.slip1 / rate;
                    if (tc >= m_prevT && tc <= t) a.time = tc;
                }
            }
        }
        if (locked) {
            a.slipping = 0;
        } else {
            a.slip2 = a.slip1;
            a.slip1 = s;
            ++a.slipping;
        }
        break;
    }
    case Reduction::TotalHeat:
    case Reduction::Vehicle: break;
    }
    m_prev[i] = x;
}

void MetricState::sample(const double* v, double t)
{
    const double h = t - m_prevT;
    for (std::size_t i = 0; i < m_plans.size(); ++i)
        if (m_plans[i].obs >= 0) sampleOne(i, v, t, h);
    if (!m_started) m_t0 = t;
    m_started = true;
    m_prevT = t;
    m_tEnd = t;
}

void MetricState::sampleTick(const double* v, double t)
{
    const double h = t - m_prevT;
    for (std::size_t i : m_tickPlans) sampleOne(i, v, t, h);
    if (!m_started) m_t0 = t;
    m_started = true;
    m_prevT = t;
    m_tEnd = t;
}

void MetricState::sampleEnd(const double* v)
{
    // Final and Initial read only the sample's value (Initial's is the first, taken by sample())
    for (std::size_t i : m_endPlans) sampleOne(i, v, m_prevT, 0.0);
}

void MetricState::finish(double heat, std::vector<double>& out) const
{
    out.assign(m_plans.size(), kNone);
    for (std::size_t i = 0; i < m_plans.size(); ++i) {
        const Acc& a = m_acc[i];
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
