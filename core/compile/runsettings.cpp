#include "compile/runsettings.h"

#include <string>

namespace drivelab {

void compileRunSettings(const RunSpec& r, Model& m, Diagnostics& d)
{
    bool ok = true;
    if (r.tickNs < 1 || r.tickNs > 1000000000000ll) {
        d.error("-", "run.tick_ns", "must be between 1 ns and 1000 s (got " + std::to_string(r.tickNs) + ")");
        ok = false;
    }
    if (r.durationNs < 1) {
        d.error("-", "run.duration_ns", "must be positive (got " + std::to_string(r.durationNs) + ")");
        ok = false;
    }
    if (r.reportEveryTicks < 1) {
        d.error("-", "run.report_every_ticks", "must be at least 1 (got " + std::to_string(r.reportEveryTicks) + ")");
        ok = false;
    }
    m.method = r.method == RunMethod::Gauss2   ? IntegrationMethod::Gauss2
               : r.method == RunMethod::Radau3 ? IntegrationMethod::Radau3
                                               : IntegrationMethod::Midpoint;
    if (!ok) return;
    if (r.durationNs % r.tickNs != 0) {
        d.error("-", "run.duration_ns",
                "must be a whole number of ticks (" + std::to_string(r.durationNs) + " ns is " + std::to_string(r.durationNs / r.tickNs) +
                    " ticks and " + std::to_string(r.durationNs % r.tickNs) + " ns)");
        return;
    }
    m.tickNs = r.tickNs;
    m.ticks = r.durationNs / r.tickNs;
    m.reportEvery = r.reportEveryTicks;
    m.h = static_cast<double>(r.tickNs) / 1e9;
    if (m.ticks > 10000000000ll)
        d.error("-", "run.duration_ns", "the run has " + std::to_string(m.ticks) + " ticks; the limit is 10^10");
    else if (m.boundaryCount() > 1000001)
        d.error("-", "run.report_every_ticks",
                "the report would hold " + std::to_string(m.boundaryCount()) + " boundaries; report less often (at most 1000001)");
}

} // namespace drivelab
