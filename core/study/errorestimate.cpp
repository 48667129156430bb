#include "study/errorestimate.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "compile/model.h"
#include "solver/observables.h"
#include "util/jsonwrite.h"

namespace drivelab::study {

void RunTrail::harvest(const Session& s)
{
    const ClutchEventLog& log = s.clutchEvents();
    if (log.count - m_seen > ClutchEventLog::kSize) {
        m_complete = false;
        m_seen = log.count - ClutchEventLog::kSize;
    }
    for (; m_seen < log.count; ++m_seen) m_events.push_back(log.at(m_seen));
    if (m_values.empty()) {
        m_values.assign(s.observableCount(), 0.0);
        m_peaks.assign(s.observableCount(), 0.0);
    }
    s.observe(m_values.data());
    for (std::size_t i = 0; i < m_values.size(); ++i) m_peaks[i] = std::max(m_peaks[i], std::fabs(m_values[i]));
}

std::vector<int> measuredObservables(const std::vector<ObservableRef>& layout)
{
    std::vector<int> out;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        const ObservableRef& r = layout[i];
        if (r.isSignal || r.integer || r.tickMean) continue;
        if (r.isNode || !std::strcmp(r.unit, "J")) out.push_back(static_cast<int>(i));
    }
    return out;
}

RunEnd runEnd(const Session& s, const RunTrail& trail)
{
    RunEnd out;
    const Model& m = s.model();
    const std::vector<ObservableRef> layout = observableLayout(m);
    std::vector<double> all(s.observableCount());
    s.observe(all.data());
    for (const int i : measuredObservables(layout)) {
        const ObservableRef& r = layout[i];
        out.values.push_back(all[i]);
        out.peaks.push_back(std::max(std::fabs(all[i]), i < static_cast<int>(trail.peaks().size()) ? trail.peaks()[i] : 0.0));
        out.names.push_back(std::string(r.isNode ? "node '" : "component '") + r.subject + "' " + r.name);
        out.units.push_back(r.unit);
    }
    // a breakaway and a relock of the same clutch at the same instant change nothing: the clutch
    // did not slip (a clutch whose two sides other elements hold still breaks away and relocks at
    // every tick while its capacity falls below the torque it would carry). Left out and counted.
    for (const ClutchEvent& e : trail.events()) {
        if (e.kind == ClutchEvent::Lock && !out.events.empty() && out.events.back().kind == ClutchEvent::Breakaway &&
            out.events.back().clutch == e.clutch && out.events.back().timeNs == e.timeNs) {
            out.events.pop_back();
            ++out.zeroSlips;
            continue;
        }
        out.events.push_back(e);
    }
    out.eventsComplete = trail.complete();
    for (const int c : clutchComponents(m)) out.clutchIds.push_back(m.components[c].id);
    out.durationS = static_cast<double>(m.ticks) * static_cast<double>(m.tickNs) * 1e-9;
    out.newtonIterations = s.stats().newtonIterations;
    return out;
}

bool runToEnd(Session& s, RunEnd& out, std::string& error, const std::atomic<bool>* cancel)
{
    RunTrail trail;
    trail.harvest(s); // t = 0
    // batches short enough that the event ring (64) cannot overrun unless a tick logs 4 events per clutch
    constexpr std::int64_t kBatch = 16;
    while (!s.finished()) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            error = "cancelled";
            return false;
        }
        const BatchResult r = s.run(kBatch);
        trail.harvest(s);
        if (r.status != BatchStatus::Completed) {
            error = r.error.subject + ": tick " + std::to_string(r.error.tick) + ": " + r.error.message;
            return false;
        }
    }
    out = runEnd(s, trail);
    return true;
}

namespace {
const char* kindName(ClutchEvent::Kind k)
{
    switch (k) {
    case ClutchEvent::Lock: return "lock";
    case ClutchEvent::Breakaway: return "breakaway";
    case ClutchEvent::Release: return "release";
    }
    return "event";
}

std::string eventName(const RunEnd& e, std::size_t i)
{
    const ClutchEvent& ev = e.events[i];
    const std::string id = ev.clutch >= 0 && static_cast<std::size_t>(ev.clutch) < e.clutchIds.size() ? e.clutchIds[ev.clutch] : "?";
    return "clutch '" + id + "' " + kindName(ev.kind) + " (event " + std::to_string(i + 1) + ") instant";
}
} // namespace

EndDifference compareEnds(const RunEnd& a, const RunEnd& ref)
{
    EndDifference out;
    out.zeroSlips = a.zeroSlips;
    // the scale of each unit: the largest |value| any quantity of that unit reached in the reference run
    std::map<std::string, double> scale;
    for (std::size_t i = 0; i < ref.values.size(); ++i) {
        double& s = scale[ref.units[i]];
        s = std::max(s, ref.peaks[i]);
    }
    const std::size_t n = std::min(a.values.size(), ref.values.size());
    for (std::size_t i = 0; i < n; ++i) {
        const double s = scale[ref.units[i]];
        if (!(s > 0.0)) { // every value of this unit is zero in the reference
            out.differences.push_back(0.0);
            continue;
        }
        const double signedD = (a.values[i] - ref.values[i]) / s, d = std::fabs(signedD);
        out.differences.push_back(signedD);
        if (d > out.largest || !std::isfinite(d)) {
            out.largest = d;
            out.quantity = ref.names[i];
            out.largestIndex = static_cast<int>(out.differences.size()) - 1;
        }
    }
    if (!a.eventsComplete || !ref.eventsComplete) {
        out.note = "more than 64 clutch events in 16 ticks: the event instants were not compared";
        return out;
    }
    std::size_t first = 0; // the first event that differs in clutch or kind
    while (first < a.events.size() && first < ref.events.size() && a.events[first].clutch == ref.events[first].clutch &&
           a.events[first].kind == ref.events[first].kind)
        ++first;
    if (first < a.events.size() || first < ref.events.size()) {
        const auto at = [](const RunEnd& e, std::size_t i) {
            if (i >= e.events.size()) return std::string("no further event");
            std::string t;
            appendDouble(t, e.events[i].timeNs * 1e-9);
            return eventName(e, i).substr(0, eventName(e, i).size() - 8) + " at " + t + " s";
        };
        out.eventsMatch = false;
        out.note = "the clutch events differ (" + std::to_string(a.events.size()) + " at this tick, " +
                   std::to_string(ref.events.size()) + " at the finer tick; from event " + std::to_string(first + 1) + ": " + at(a, first) +
                   " here, " + at(ref, first) + " there): the tick does not resolve them, no estimate";
        return out;
    }
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        const double signedD = static_cast<double>(a.events[i].timeNs - ref.events[i].timeNs) * 1e-9 / ref.durationS, d = std::fabs(signedD);
        ++out.eventsCompared;
        out.differences.push_back(signedD);
        if (d > out.largest) {
            out.largest = d;
            out.quantity = eventName(ref, i);
            out.largestIndex = static_cast<int>(out.differences.size()) - 1;
        }
    }
    return out;
}

bool finerTickSpec(const LabSpec& in, int divisor, LabSpec& out, std::string& why)
{
    if (in.run.tickNs % divisor != 0) {
        why = "run.tick is " + std::to_string(in.run.tickNs) + " ns, not a multiple of " + std::to_string(divisor) +
              " ns: the runs at 1/2 and 1/4 of it cannot be made";
        return false;
    }
    out = in;
    out.run.tickNs = in.run.tickNs / divisor;
    out.run.reportEveryTicks = in.run.reportEveryTicks * divisor;
    return true;
}

int methodOrder(RunMethod m)
{
    switch (m) {
    case RunMethod::Gauss2: return 4;
    case RunMethod::Radau3: return 3;
    case RunMethod::Absent:
    case RunMethod::Midpoint: break;
    }
    return 2;
}

bool ErrorEstimate::regular() const
{
    const double r = ratio();
    if (!(r >= 1.5 && r <= std::exp2(order + 1.5))) return false;
    // the largest difference's quantity must move the same way from h/2 to h/4: a sign change is
    // an oscillation (car-hill-start's brake instant: -1.2e-6 then +4.1e-7, r = 2.96), not a steady order
    const int i = half.largestIndex;
    return i >= 0 && static_cast<std::size_t>(i) < fine.differences.size() && half.differences[i] * fine.differences[i] > 0.0;
}

double ErrorEstimate::estimate() const
{
    if (!half.eventsMatch || !quarter.eventsMatch) return -1.0;
    if (half.largest == 0.0) return 0.0;
    if (regular()) return half.largest * ratio() / (ratio() - 1.0);
    return finest.largest + last.largest;
}

const std::string& ErrorEstimate::quantity() const
{
    if (regular()) return half.quantity;
    return last.largest > finest.largest ? last.quantity : finest.quantity;
}

std::string errorEstimateText(const ErrorEstimate& e)
{
    const auto number = [](std::string& out, double x) {
        if (std::isfinite(x))
            appendDouble(out, x);
        else
            out += "null";
    };
    const auto text = [](std::string& out, const std::string& t) {
        if (t.empty())
            out += "null";
        else
            appendJsonString(out, t);
    };
    std::string out = "  \"error_estimate\": {\n    \"method\": ";
    appendJsonString(out, e.method);
    out += ",\n    \"tick_ns\": " + std::to_string(e.tickNs);
    out += ",\n    \"estimate\": ";
    if (e.estimate() >= 0.0)
        number(out, e.estimate());
    else
        out += "null";
    out += ",\n    \"largest_at\": ";
    text(out, e.quantity());
    out += std::string(",\n    \"convergence\": ") + (e.regular() ? "\"regular\"" : "\"irregular\"");
    out += ",\n    \"observed_ratio\": ";
    number(out, e.ratio());
    out += ",\n    \"difference_half_tick\": ";
    number(out, e.half.largest);
    out += ",\n    \"difference_quarter_tick\": ";
    number(out, e.quarter.largest);
    out += ",\n    \"finest_tick_ns\": " + std::to_string(e.tickNs >> e.finestLevel);
    out += ",\n    \"difference_finest_tick\": ";
    number(out, e.finest.largest);
    out += ",\n    \"difference_finest_pair\": ";
    number(out, e.last.largest);
    out += ",\n    \"events_compared\": " + std::to_string(e.half.eventsCompared);
    out += ",\n    \"zero_slip_relocks\": " + std::to_string(e.half.zeroSlips);
    out += ",\n    \"note\": ";
    text(out, !e.half.note.empty() ? e.half.note : !e.quarter.note.empty() ? e.quarter.note : e.refinementNote);
    out += "\n  }";
    return out;
}

} // namespace drivelab::study
