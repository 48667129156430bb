// drivelab-cli sweep SWEEP --output RESULTS [--json] [--jobs N] [--resume] [--quiet]
// drivelab-cli sweep SWEEP --variant K --output LAB
// A study on every core (docs/FORMATS.md "Sweeps"). Rows reach RESULTS.partial as they finish
// (a journal a killed sweep resumes from); RESULTS itself is written whole, rows by index, when
// the study ends or is stopped with Ctrl+C (exit 130: the finished rows are kept). No output
// replaces a file the sweep read (the sweep, its lab, the lab's csv files); a variant's csv files
// are named from the folder it is written to; --resume refuses rows of another model.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "cli/usage.h"
#include "io/atomicfile.h"
#include "io/labfile.h"
#include "spec/labfiles.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "study/engine.h"
#include "study/results.h"
#include "util/textescape.h"

namespace drivelab::cli {

namespace {

std::atomic<bool> g_stop{false};

extern "C" void stopSweep(int)
{
    g_stop.store(true);
    // a second Ctrl+C ends the process as any command does (temporary files removed)
    installTempFileCleanup();
}

struct SweepArgs {
    std::string file, output;
    bool json = false, resume = false, quiet = false, help = false;
    int jobs = 0;
    long long variant = -1;
    std::vector<std::string> partsDirs;
};

bool parseSweepArgs(const std::vector<std::string>& in, SweepArgs& a)
{
    std::set<std::string> seen;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string& s = in[i];
        if (isHelpOption(s)) {
            a.help = printCommandUsage("sweep");
            return true;
        }
        if (const int parts = takePartsDir(in, i, "sweep", a.partsDirs)) {
            if (parts < 0) return false;
            continue;
        }
        const bool flag = s == "--json" || s == "--resume" || s == "--quiet";
        const bool value = s == "--output" || s == "--jobs" || s == "--variant";
        if ((flag || value) && !seen.insert(s).second) {
            std::fprintf(stderr, "drivelab-cli sweep: option '%s' given twice; give it once\n", s.c_str());
            return false;
        }
        if (value && (i + 1 >= in.size() || in[i + 1].empty())) {
            std::fprintf(stderr, "drivelab-cli sweep: option '%s' needs a value\n", s.c_str());
            return false;
        }
        if (s == "--json")
            a.json = true;
        else if (s == "--resume")
            a.resume = true;
        else if (s == "--quiet")
            a.quiet = true;
        else if (s == "--output")
            a.output = in[++i];
        else if (s == "--jobs" || s == "--variant") {
            const std::string& v = in[++i];
            char* end = nullptr;
            const long long n = std::strtoll(v.c_str(), &end, 10);
            const long long hi = s == "--jobs" ? 1024 : study::kMaxVariants - 1;
            if (*end != '\0' || n < (s == "--jobs" ? 1 : 0) || n > hi) {
                std::fprintf(stderr, "drivelab-cli sweep: %s needs a whole number from %d to %lld, got '%s'\n", s.c_str(),
                             s == "--jobs" ? 1 : 0, hi, printableText(v).c_str());
                return false;
            }
            if (s == "--jobs")
                a.jobs = static_cast<int>(n);
            else
                a.variant = n;
        } else if (s.size() > 1 && s[0] == '-') {
            std::fprintf(stderr, "drivelab-cli sweep: unknown option '%s'\n", printableText(s).c_str());
            return false;
        } else if (a.file.empty() && !s.empty()) {
            a.file = s;
        } else {
            std::fprintf(stderr, "drivelab-cli sweep: unexpected argument '%s'\n", printableText(s).c_str());
            return false;
        }
    }
    if (a.file.empty()) {
        std::fprintf(stderr, "drivelab-cli sweep: name a sweep file (docs/FORMATS.md, \"Sweeps\")\n");
        return false;
    }
    if (a.output.empty() || a.output == "-") {
        std::fprintf(stderr, "drivelab-cli sweep: name the file to write with --output FILE\n");
        return false;
    }
    if (a.variant >= 0 && (a.json || a.resume || a.jobs)) {
        std::fprintf(stderr, "drivelab-cli sweep: --variant writes one variant's lab; --json, --jobs and --resume belong to a run\n");
        return false;
    }
    setPartLibraryDirs(a.partsDirs);
    return true;
}

std::string clock(double s)
{
    const long long t = static_cast<long long>(s + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", t / 3600, (t / 60) % 60, t % 60);
    return buf;
}

/// rows of an earlier run: the whole file, then the journal of a run that was killed; refused when
/// a row's model is no longer its variant's
bool resumeRows(const SweepArgs& a, const study::Study& st, const std::string& partial, std::map<std::size_t, std::string>& rows)
{
    for (const std::string& path : {a.output, partial}) {
        if (::access(path.c_str(), F_OK) != 0) continue;
        std::string text, why;
        Diagnostics d;
        if (!readTextFile(path, text, d)) {
            printDiagnostics(path, d);
            return false;
        }
        if (!study::readResults(text, st, a.json, rows, why)) {
            std::fprintf(stderr, "%s: -: -: cannot resume: %s\n", printableText(path).c_str(), why.c_str());
            return false;
        }
    }
    // a kept row of another model (the lab was edited since) would mix two models in one table
    std::string why;
    if (!study::keptRowsCurrent(st, a.json, rows, why)) {
        std::fprintf(stderr, "%s: -: -: cannot resume: %s\n", printableText(a.output).c_str(), printableText(why).c_str());
        return false;
    }
    return true;
}

int writeVariant(const SweepArgs& a, const study::Study& st, const ReadLog& read)
{
    if (static_cast<std::size_t>(a.variant) >= st.size()) {
        std::fprintf(stderr, "%s: -: -: --variant %lld: the study has %zu variants (0 to %zu)\n", printableText(a.file).c_str(), a.variant,
                     st.size(), st.size() - 1);
        return Invalid;
    }
    LabSpec lab;
    std::string why, error;
    if (!study::variantLab(st, static_cast<std::size_t>(a.variant), lab, why)) {
        std::fprintf(stderr, "%s: -: -: variant %lld: %s\n", printableText(a.file).c_str(), a.variant, printableText(why).c_str());
        return Invalid;
    }
    if (!outputIsNotRead(read, a.output, "sweep")) return Invalid;
    // the files the lab reads, named from the folder the variant is written to
    relocateLabFiles(lab, labBaseDir(a.output));
    if (!writeFileAtomic(a.output, writeLab(lab), error)) {
        std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), error.c_str());
        return Invalid;
    }
    if (!a.quiet) std::printf("variant %lld of %zu written to %s\n", a.variant, st.size(), printableText(a.output).c_str());
    return Ok;
}

} // namespace

int cmdSweep(const std::vector<std::string>& argv)
{
    SweepArgs a;
    if (!parseSweepArgs(argv, a)) return Invalid;
    if (a.help) return Ok;
    const ReadLog read; // the sweep, its lab and the files the lab reads: never an output
    Diagnostics d;
    std::optional<study::SweepSpec> spec = study::readSweepFile(a.file, d);
    study::Study st;
    if (!spec || !study::prepareStudy(*spec, st, d)) {
        printDiagnostics(a.file, d);
        return Invalid;
    }
    if (a.variant >= 0) return writeVariant(a, st, read);
    // a device, FIFO or directory is refused now, as the final write would refuse it: no study
    // run for nothing, no journal beside it (RESULTS.partial belongs to a regular file)
    std::string notRegular;
    if (resolveOutputTarget(a.output, notRegular).empty()) {
        std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), notRegular.c_str());
        return Invalid;
    }
    const std::string partial = a.output + ".partial";
    if (!outputIsNotRead(read, a.output, "sweep") || !outputIsNotRead(read, partial, "sweep", "--output's journal")) return Invalid;

    std::map<std::size_t, std::string> rows;
    if (a.resume && !resumeRows(a, st, partial, rows)) return Invalid;
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < st.size(); ++i)
        if (!rows.count(i)) todo.push_back(i);

    // the journal: the rows kept so far, then each row as it finishes
    std::FILE* journal = std::fopen(partial.c_str(), "w");
    if (!journal) {
        std::fprintf(stderr, "%s: -: -: cannot write the journal: %s\n", printableText(partial).c_str(), std::strerror(errno));
        return Invalid;
    }
    std::string head = a.json ? study::jsonHead(st) : study::csvHeader(st);
    for (const auto& [i, line] : rows) head += line + (a.json ? ",\n" : "\n");
    std::fputs(head.c_str(), journal);
    std::fflush(journal);

    g_stop.store(false);
    struct sigaction act { };
    act.sa_handler = stopSweep;
    sigemptyset(&act.sa_mask);
    sigaction(SIGINT, &act, nullptr);
    sigaction(SIGTERM, &act, nullptr);

    const int workers = study::workerCount(a.jobs);
    const bool bar = !a.quiet && ::isatty(2);
    const auto t0 = std::chrono::steady_clock::now();
    auto shown = t0;
    std::size_t done = 0, errors = 0;
    study::EngineOptions o;
    o.jobs = workers;
    o.cancel = &g_stop;
    o.onRow = [&](const study::Row& r) {
        const std::string line = a.json ? study::jsonRow(st, r) : study::csvRow(r);
        rows[r.index] = line;
        std::fputs((line + (a.json ? ",\n" : "\n")).c_str(), journal);
        std::fflush(journal);
        ++done;
        errors += r.error.empty() ? 0 : 1;
        const auto now = std::chrono::steady_clock::now();
        if (bar && (now - shown > std::chrono::milliseconds(200) || done == todo.size())) {
            shown = now;
            const double el = std::chrono::duration<double>(now - t0).count();
            const double rate = el > 0 ? static_cast<double>(done) / el : 0.0;
            const double eta = rate > 0 ? static_cast<double>(todo.size() - done) / rate : 0.0;
            const int width = 30, fill = static_cast<int>(width * done / std::max<std::size_t>(todo.size(), 1));
            std::fprintf(stderr, "\r[%s%s] %zu/%zu  %.1f variants/s  ETA %s ", std::string(static_cast<std::size_t>(fill), '#').c_str(),
                         std::string(static_cast<std::size_t>(width - fill), ' ').c_str(), done, todo.size(), rate, clock(eta).c_str());
        }
    };
    study::runVariants(st, todo, o);
    if (bar) std::fputs("\n", stderr);
    std::fclose(journal);
    installTempFileCleanup();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    std::string error;
    if (!writeFileAtomic(a.output, study::resultsText(st, a.json, rows), error)) {
        std::fprintf(stderr, "%s: -: -: %s (the rows are kept in %s)\n", printableText(a.output).c_str(), error.c_str(),
                     printableText(partial).c_str());
        return Invalid;
    }
    std::remove(partial.c_str());
    const bool stopped = g_stop.load();
    if (stopped) {
        std::fprintf(stderr, "%s: -: -: stopped: %zu of %zu rows kept in %s; run again with --resume to finish\n",
                     printableText(a.file).c_str(), rows.size(), st.size(), printableText(a.output).c_str());
        return 130;
    }
    if (!a.quiet)
        std::printf("sweep '%s': %zu variants (%zu run now, %zu with errors) in %.2f s on %d workers; results written to %s\n",
                    printableText(a.file).c_str(), st.size(), done, errors, wall, workers, printableText(a.output).c_str());
    return Ok;
}

} // namespace drivelab::cli
