// drivelab-cli: run, check, benchmark, export and verify DriveLab labs and assets without a display.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace {

void usage(std::FILE* to)
{
    std::fputs("usage: drivelab-cli COMMAND ...\n"
               "  run LAB [--output REPORT] [--quiet]   simulate a lab or an asset; write the report (exit 0, 2 invalid, 3 solver failure)\n"
               "  check LAB [--json]                   validate only (exit 0 valid, 2 invalid)\n"
               "  bench LAB [--repeat N] [--json]      time the headless run\n"
               "  causality LAB [--json]               bond-graph causality (exit 0 consistent, 2 conflict or invalid)\n"
               "  export LAB --output ASSET [--quiet]  record a portable asset (exit 0, 2)\n"
               "  verify ASSET [--quiet]               check an asset and replay it bit for bit (exit 0, 2 on any difference)\n"
               "  help                                 this text\n"
               "Formats: docs/FORMATS.md (lab, report) and docs/ASSETS.md (asset) in the DriveLab source tree.\n",
               to);
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        usage(stderr);
        return drivelab::cli::Invalid;
    }
    const std::string cmd = args.front();
    args.erase(args.begin());
    if (cmd == "run") return drivelab::cli::cmdRun(args);
    if (cmd == "check") return drivelab::cli::cmdCheck(args);
    if (cmd == "bench") return drivelab::cli::cmdBench(args);
    if (cmd == "causality") return drivelab::cli::cmdCausality(args);
    if (cmd == "export") return drivelab::cli::cmdExport(args);
    if (cmd == "verify") return drivelab::cli::cmdVerify(args);
    if (cmd == "help" || cmd == "--help" || cmd == "-h") {
        usage(stdout);
        return 0;
    }
    std::fprintf(stderr, "drivelab-cli: unknown command '%s'\n", cmd.c_str());
    usage(stderr);
    return drivelab::cli::Invalid;
}
