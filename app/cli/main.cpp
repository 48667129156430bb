// drivelab-cli: run, check and benchmark DriveLab labs without a display.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace {

void usage(std::FILE* to)
{
    std::fputs("usage: drivelab-cli COMMAND ...\n"
               "  run LAB [--output REPORT] [--quiet]   simulate; write the report (exit 0, 2 invalid, 3 solver failure)\n"
               "  check LAB [--json]                   validate only (exit 0 valid, 2 invalid)\n"
               "  bench LAB [--repeat N] [--json]      time the headless run\n"
               "  help                                 this text\n"
               "Formats: docs/FORMATS.md (lab, report) in the DriveLab source tree.\n",
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
    if (cmd == "help" || cmd == "--help" || cmd == "-h") {
        usage(stdout);
        return 0;
    }
    std::fprintf(stderr, "drivelab-cli: unknown command '%s'\n", cmd.c_str());
    usage(stderr);
    return drivelab::cli::Invalid;
}
