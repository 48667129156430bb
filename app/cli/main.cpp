// drivelab-cli: run, check, benchmark, export and verify DriveLab labs and assets without a display.
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "io/atomicfile.h"
#include "util/textescape.h"

namespace {

void usage(std::FILE* to)
{
    std::fputs("usage: drivelab-cli COMMAND ...\n"
               "  run LAB [--output REPORT] [--quiet] [--allow-unbalanced]\n"
               "                                       simulate a lab or an asset; write the report (exit 0, 2 invalid,\n"
               "                                       3 solver failure, non-finite value or unbalanced books)\n"
               "  check LAB [--json]                   validate only (exit 0 valid, 2 invalid)\n"
               "  bench LAB [--repeat N] [--json]      time the headless run\n"
               "  causality LAB [--json]               bond-graph causality (exit 0 consistent, 2 conflict or invalid)\n"
               "  export LAB --output ASSET [--quiet]  record a portable asset (exit 0, 2)\n"
               "  verify ASSET [--quiet]               check an asset and replay it bit for bit (exit 0, 2 on any difference)\n"
               "  sweep SWEEP --output RESULTS [--json] [--jobs N] [--resume] [--quiet]\n"
               "                                       run a study on N cores (default all); Ctrl+C keeps the finished rows\n"
               "                                       (exit 0, 2 invalid, 130 stopped); docs/FORMATS.md \"Sweeps\"\n"
               "  sweep SWEEP --variant K --output LAB write variant K's lab\n"
               "  mcp [--http HOST:PORT] [--root DIR] [--max-lab-bytes N] [--max-ticks N] [--max-boundaries N]\n"
               "      [--max-seconds S] [--max-connections N] [--allow-remote --token TOKEN] [--conformance-tools]\n"
               "                                       serve the Model Context Protocol on stdio (or Streamable HTTP);\n"
               "                                       docs/MCP.md\n"
               "  help                                 this text\n"
               "LAB may be - (standard input). An option may be given once.\n"
               "Formats: docs/FORMATS.md (lab, report) and docs/ASSETS.md (asset) in the DriveLab source tree.\n",
               to);
}

} // namespace

namespace {

int dispatch(const std::string& cmd, const std::vector<std::string>& args)
{
    if (cmd == "run") return drivelab::cli::cmdRun(args);
    if (cmd == "check") return drivelab::cli::cmdCheck(args);
    if (cmd == "bench") return drivelab::cli::cmdBench(args);
    if (cmd == "causality") return drivelab::cli::cmdCausality(args);
    if (cmd == "export") return drivelab::cli::cmdExport(args);
    if (cmd == "verify") return drivelab::cli::cmdVerify(args);
    if (cmd == "sweep") return drivelab::cli::cmdSweep(args);
    if (cmd == "mcp") return drivelab::cli::cmdMcp(args);
    if (cmd == "help" || cmd == "--help" || cmd == "-h") {
        usage(stdout);
        return 0;
    }
    std::fprintf(stderr, "drivelab-cli: unknown command '%s'\n", drivelab::printableText(cmd).c_str());
    usage(stderr);
    return drivelab::cli::Invalid;
}

} // namespace

int main(int argc, char** argv)
{
    // Ctrl+C or a kill while a file is written removes its temporary file
    drivelab::installTempFileCleanup();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        usage(stderr);
        return drivelab::cli::Invalid;
    }
    const std::string cmd = args.front();
    args.erase(args.begin());
    try {
        return dispatch(cmd, args);
    } catch (const std::bad_alloc&) {
        // out of memory (a memory limit, ulimit -v): a clear message, no partial file
        // (the temporary file's destructor ran while the exception unwound)
        std::fputs("drivelab-cli: out of memory: the run needs more memory than the process may use; "
                   "report less often or raise the memory limit\n",
                   stderr);
        return drivelab::cli::Invalid;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "drivelab-cli: internal error: %s\n", drivelab::printableText(e.what()).c_str());
        return drivelab::cli::Invalid;
    }
}
