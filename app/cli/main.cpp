// drivelab-cli: run, check, benchmark, export and verify DriveLab labs and assets without a display.
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/usage.h"
#include "fmuloader.h"
#include "io/atomicfile.h"
#include "util/textescape.h"

namespace {

int dispatch(const std::string& cmd, const std::vector<std::string>& args)
{
    if (cmd == "run") return drivelab::cli::cmdRun(args);
    if (cmd == "check") return drivelab::cli::cmdCheck(args);
    if (cmd == "bench") return drivelab::cli::cmdBench(args);
    if (cmd == "causality") return drivelab::cli::cmdCausality(args);
    if (cmd == "export") return drivelab::cli::cmdExport(args);
    if (cmd == "verify") return drivelab::cli::cmdVerify(args);
    if (cmd == "export-fmu") return drivelab::cli::cmdExportFmu(args);
    if (cmd == "sweep") return drivelab::cli::cmdSweep(args);
    if (cmd == "mcp") return drivelab::cli::cmdMcp(args);
    if (cmd == "help" || drivelab::cli::isHelpOption(cmd)) {
        // help COMMAND: that command's usage, as COMMAND --help
        if (args.size() == 1 &&
            drivelab::cli::printCommandUsage(drivelab::cli::isHelpOption(args.front()) ? std::string("help") : args.front()))
            return drivelab::cli::Ok;
        if (args.empty()) {
            drivelab::cli::printUsage(stdout);
            return drivelab::cli::Ok;
        }
        if (args.size() > 1)
            std::fprintf(stderr, "drivelab-cli help: name one command at most\n");
        else
            std::fprintf(stderr, "drivelab-cli help: no command '%s'\n", drivelab::printableText(args.front()).c_str());
        drivelab::cli::printUsage(stderr);
        return drivelab::cli::Invalid;
    }
    std::fprintf(stderr, "drivelab-cli: unknown command '%s'\n", drivelab::printableText(cmd).c_str());
    drivelab::cli::printUsage(stderr);
    return drivelab::cli::Invalid;
}

} // namespace

int main(int argc, char** argv)
{
    // Ctrl+C or a kill while a file is written removes its temporary file
    drivelab::installTempFileCleanup();
    // labs may import co-simulation FMUs (the `fmu` component type)
    drivelab::installFmuImport();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        drivelab::cli::printUsage(stderr);
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
