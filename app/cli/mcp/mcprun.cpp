// run_lab: `drivelab-cli run`'s checked run (io/checkedrun.h) on the server's worker, with
// progress notifications, cancellation (the batch in progress rolls back) and the limits of
// docs/MCP.md; the report is kept as a resource, byte for byte what `run --output` writes.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "cli/mcp/mcptools.h"
#include "cli/output.h"
#include "io/atomicfile.h"
#include "io/checkedrun.h"
#include "io/modelfile.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::cli::mcp {

namespace {

// raises `stop` when the client cancels (`cancel`) or the wall-time limit passes, until destroyed
class Watchdog {
public:
    Watchdog(double seconds, const std::atomic<bool>& cancel, std::atomic<bool>& stop)
        : m_thread([this, seconds, &cancel, &stop] {
              const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
              std::unique_lock lock(m_mutex);
              while (!m_stop) {
                  if (cancel.load()) {
                      stop.store(true);
                      return;
                  }
                  if (std::chrono::steady_clock::now() >= deadline) {
                      m_fired = true;
                      stop.store(true);
                      return;
                  }
                  m_cv.wait_for(lock, std::chrono::milliseconds(20));
              }
          })
    { }
    ~Watchdog()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_cv.notify_all();
        m_thread.join();
    }
    bool fired()
    {
        std::lock_guard lock(m_mutex);
        return m_fired;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_stop = false;
    bool m_fired = false;
    std::thread m_thread;
};

Json finalValues(const Model& m, const std::vector<double>& v)
{
    Json groups[3] = {Json::object(), Json::object(), Json::object()}; // nodes, components, signals
    const auto layout = observableLayout(m);
    for (std::size_t i = 0; i < layout.size() && i < v.size(); ++i) {
        Json& at = groups[layout[i].group()][layout[i].subject];
        at[layout[i].name] = layout[i].integer ? Json(static_cast<std::int64_t>(v[i])) : Json(v[i]);
    }
    Json out{{"nodes", groups[0]}, {"components", groups[1]}};
    if (!m.timeSignals.empty()) out["signals"] = groups[2];
    return out;
}

} // namespace

ToolResult toolRunLab(const Json& args, CallContext& ctx)
{
    const ReadLog read; // every file this call reads: the output may be none of them
    const LabText lab = labArgument(args["lab"], ctx, "lab");
    if (!lab.ok) return toolError(lab.error);
    const Json options = args.value("options", Json::object());
    const std::string output = options.value("output", std::string());
    std::string target, error;
    if (!output.empty() && (target = pathInRoot(output, true, ctx.config, "options.output", error)).empty()) return toolError(error);
    const LoadedLab loaded = loadModelText(lab.text, lab.files); // a lab, or a portable asset, as `run` reads it
    if (!loaded.model) return toolError(diagnosticLines(lab.file, loaded.diagnostics));
    if (const std::string e = overwritesInput(read, target, output, "options.output"); !e.empty()) return toolError(e);
    const Model& m = *loaded.model;
    const McpArgs& limits = ctx.config.args;
    if (m.ticks > limits.maxTicks)
        return toolError(printableText(lab.file) + ": -: run.duration_ns: " + std::to_string(m.ticks) +
                         " ticks, over this server's limit of " + std::to_string(limits.maxTicks) +
                         " (--max-ticks); shorten the run or use drivelab-cli run\n");
    if (m.boundaryCount() > limits.maxBoundaries)
        return toolError(printableText(lab.file) + ": -: run.report_every_ticks: " + std::to_string(m.boundaryCount()) +
                         " report boundaries, over this server's limit of " + std::to_string(limits.maxBoundaries) +
                         " (--max-boundaries); report less often\n");

    Session session(loaded.model);
    ReportWriter writer(m);
    RunOptions o;
    o.allowUnbalanced = options.value("allow_unbalanced", false);
    o.keepBoundaries = true;
    // one flag stops the run: the client's notifications/cancelled or the wall-time limit
    std::atomic<bool> stop{false};
    o.cancel = &stop;
    auto last = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    o.onBoundary = [&](const Session& s) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::milliseconds(100) && !s.finished()) return;
        last = now;
        ctx.progress(static_cast<double>(s.tick()), static_cast<double>(m.ticks),
                     "tick " + std::to_string(s.tick()) + " of " + std::to_string(m.ticks));
    };
    ctx.log("info", "run_lab: " + std::to_string(m.ticks) + " ticks of " + lab.file);
    RunOutcome run;
    bool timedOut = false;
    {
        Watchdog watchdog(limits.maxSeconds, *ctx.cancel, stop);
        run = runChecked(session, writer, o);
        timedOut = watchdog.fired();
    }
    switch (run.status) {
    case RunStatus::Completed: break;
    case RunStatus::SolverFailed: return toolError(solverFailureLine(lab.file, run.solver) + "\n");
    case RunStatus::BadBooks: return toolError(bookProblemLine(lab.file, run.books, false) + "\n");
    case RunStatus::WriteFailed: return toolError(printableText(lab.file) + ": -: -: " + run.writeError + "\n");
    case RunStatus::Cancelled:
        ctx.log("notice", "run_lab: " + lab.file + ": stopped at tick " + std::to_string(session.tick()) + " of " +
                              std::to_string(m.ticks) + (timedOut ? " (--max-seconds)" : " (cancelled)") +
                              "; the batch in progress rolled back, no report kept");
        return toolError(printableText(lab.file) + ": -: -: " +
                         (timedOut ? "the run took longer than this server's limit of " + num(limits.maxSeconds) +
                                         " s (--max-seconds); it was stopped at tick " + std::to_string(session.tick()) + " and rolled back"
                                   : std::string("the run was cancelled at tick ") + std::to_string(session.tick())) +
                         "\n");
    }
    std::string report = writer.finish(session);
    if (!target.empty() && !writeFileAtomic(target, report, error)) return toolError(printableText(output) + ": -: -: " + error + "\n");
    const std::size_t bytes = report.size();
    const std::string uri = ctx.server.store("reports", "report of " + lab.file, std::move(report));

    ToolResult r;
    const Json books = reportBooks(session);
    r.structured = Json{{"lab", m.name},
                        {"ticks", session.tick()},
                        {"tick_ns", m.tickNs},
                        {"time", session.time()},
                        {"fingerprint", toHex16(m.fingerprint)},
                        {"final_state_hash", toHex16(session.stateHash())},
                        {"boundaries", writer.boundaryCount()},
                        {"final_values", finalValues(m, writer.values())},
                        {"energy", books["energy"]}};
    if (books.contains("fluid_volume")) r.structured["fluid_volume"] = books["fluid_volume"];
    // a lab with a vehicle body: its vehicle results, as the report's "vehicle" section
    if (writer.vehicle().present()) r.structured["vehicle"] = writer.vehicle().finish(session.energy()).toJson();
    r.structured["report_uri"] = uri;
    r.structured["report_bytes"] = bytes;
    Json warnings = Json::array();
    if (run.unbalancedAllowed) warnings.push_back(bookProblemLine(lab.file, run.books, true));
    for (const auto& d : loaded.diagnostics.items()) warnings.push_back(formatDiagnostic(lab.file, d));
    r.structured["warnings"] = warnings;
    // the summary `run` prints
    r.text = "lab '" + printableText(m.name) + "': " + std::to_string(session.tick()) + " ticks of " + std::to_string(m.tickNs) + " ns (" +
             num(session.time()) + " s), fingerprint " + toHex16(m.fingerprint) + ", final state " + toHex16(session.stateHash()) + "\n";
    const auto layout = observableLayout(m);
    for (std::size_t i = 0; i < layout.size(); ++i)
        if (layout[i].isNode)
            r.text += "  " + layout[i].subject + " " + layout[i].name + " " + num(writer.values()[i]) + " " + layout[i].unit + "\n";
    const EnergyReport e = session.energy();
    r.text += "  energy: stored " + num(e.storedInitial) + " -> " + num(e.storedFinal) + " J, source work " + num(e.sourceWork) +
              " J, heat " + num(e.heatToNodes) + " J to nodes + " + num(e.heatToLedger) + " J to ledger, residual " + num(e.residual) +
              " J\n  report: " + uri + (output.empty() ? "" : " (written to " + output + ")") + "\n";
    for (const auto& w : warnings) r.text += w.get<std::string>() + "\n";
    r.extraContent.push_back(Json{{"type", "resource_link"}, {"uri", uri}, {"name", "report"}, {"mimeType", "application/json"}});
    return r;
}

} // namespace drivelab::cli::mcp
