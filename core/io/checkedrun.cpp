#include "io/checkedrun.h"

#include <algorithm>

#include "util/hash.h"

namespace drivelab {

RunOutcome runChecked(Session& session, ReportWriter& writer, const RunOptions& o)
{
    RunOutcome out;
    const Model& m = session.model();
    const BookCheck check(m);
    std::size_t written = 0;
    // the head is written with a placeholder hash, replaced once the run is over
    if (o.output && !o.output->write(writer.head(0, m.ticks), out.writeError)) {
        out.status = RunStatus::WriteFailed;
        return out;
    }
    const auto boundary = [&]() {
        writer.observe(session);
        BookProblem p;
        if (!check.atBoundary(session, writer.values().data(), p)) {
            if (!(p.unbalanced && o.allowUnbalanced)) {
                out.status = RunStatus::BadBooks;
                out.books = p;
                return false;
            }
            if (!out.unbalancedAllowed) out.books = p; // the first imbalance is the warning
            out.unbalancedAllowed = true;
        }
        if (o.keepBoundaries) writer.keepBoundary(session);
        if (o.output) {
            const bool ok = o.output->write(written++ == 0 ? "    " : ",\n    ", out.writeError) &&
                            o.output->write(writer.boundaryText(session), out.writeError);
            if (!ok) {
                out.status = RunStatus::WriteFailed;
                return false;
            }
        }
        if (o.onBoundary) o.onBoundary(session);
        return true;
    };
    if (!boundary()) return out;
    // a report with a vehicle section samples every tick (io/vehicleresults.h), then the caller's
    // hook (in the batch: a failure or a cancel rolls the batch back, and the run ends there)
    struct Both {
        ReportWriter* writer;
        TickHook next;
        static void call(void* self, const Session& x)
        {
            const Both& b = *static_cast<const Both*>(self);
            b.writer->sampleTick(x);
            if (b.next.fn) b.next.fn(b.next.context, x);
        }
    } both{&writer, o.onTick};
    const TickHook afterTick = writer.samplesTicks() ? TickHook{&Both::call, &both} : o.onTick;
    if (writer.samplesTicks()) writer.sampleTick(session);
    while (!session.finished()) {
        const std::int64_t n = std::min(m.reportEvery, m.ticks - session.tick());
        const BatchResult r = session.run(n, o.cancel, afterTick); // without a hook: the plain batch
        if (r.status == BatchStatus::Cancelled) {
            out.status = RunStatus::Cancelled;
            return out;
        }
        if (r.status != BatchStatus::Completed) {
            out.status = RunStatus::SolverFailed;
            out.solver = r.error;
            return out;
        }
        if (!boundary()) return out;
    }
    if (o.output) {
        const std::string hash = toHex16(session.stateHash());
        const bool ok = o.output->write("\n", out.writeError) && o.output->write(writer.tail(session, o.tailSection ? o.tailSection(session) : std::string()), out.writeError) &&
                        o.output->writeAt(writer.hashOffset(), hash, out.writeError);
        if (!ok) out.status = RunStatus::WriteFailed;
    }
    return out;
}

} // namespace drivelab
