#include "cli/usage.h"

namespace drivelab::cli {

namespace {

/// one command's usage
struct CommandUsage {
    const char* name;
    const char* overview; ///< its lines in the overview (indented two spaces, the summary at column 40)
    const char* usage;    ///< its synopsis lines after "usage: " (more lines indented to match)
    const char* details;  ///< what it does, its options and exit codes
};

constexpr CommandUsage kCommands[] = {
    {"run",
     "  run LAB [--output REPORT] [--quiet] [--allow-unbalanced] [--method NAME]\n"
     "          [--estimate-error | --accuracy TOL]\n"
     "                                       simulate a lab or an asset; write the report (exit 0, 2 invalid,\n"
     "                                       3 solver failure, non-finite value or unbalanced books)\n",
     "drivelab-cli run LAB [--output REPORT] [--quiet] [--allow-unbalanced] [--method NAME]\n"
     "                     [--estimate-error | --accuracy TOL]\n",
     "Simulate LAB (a lab or a portable asset; - reads standard input) and print the final node states\n"
     "and the energy books.\n"
     "  --output REPORT     write the report (docs/FORMATS.md \"Report\"); never a file the run reads\n"
     "  --quiet             print nothing on success\n"
     "  --allow-unbalanced  unbalanced energy books are a warning, not a failure\n"
     "  --method NAME       run with this run.method (midpoint, gauss2, radau3) instead of the lab's\n"
     "  --estimate-error    run the lab at 1/2 and 1/4 of its tick first (about 6x the run's cost) and\n"
     "                      estimate the run's largest relative error in end states, energies and\n"
     "                      clutch event instants (docs/PHYSICS.md \"Error estimate\"); printed and\n"
     "                      written as the report's \"error_estimate\"\n"
     "  --accuracy TOL      pick the method and tick: every method the lab allows at its tick and up to\n"
     "                      6 halvings, each estimated as above; the least work meeting TOL is run\n"
     "                      (exit 2 when none does); a lab's own run.accuracy does the same unless\n"
     "                      --accuracy or --method is given\n"
     "  --parts-dir DIR     a folder of part files (NAME.part.json) searched after the lab's own;\n"
     "                      may be repeated\n"
     "Exit 0, 2 invalid lab or usage, 3 solver failure, non-finite value or unbalanced books.\n"},
    {"check", "  check LAB [--json]                   validate only (exit 0 valid, 2 invalid)\n", "drivelab-cli check LAB [--json]\n",
     "Validate LAB (- reads standard input) without running it: one line per problem on stderr, a summary on stdout.\n"
     "  --json  print {\"diagnostics\": [...]} on stdout instead (always one valid document)\n"
     "  --parts-dir DIR  a folder of part files (NAME.part.json) searched after the lab's\n"
     "                   own; may be repeated\n"
     "Exit 0 valid (warnings allowed), 2 invalid.\n"},
    {"bench", "  bench LAB [--repeat N] [--json]      time the headless run\n", "drivelab-cli bench LAB [--repeat N] [--json]\n",
     "Time the headless run of LAB: the median of N runs after a warm-up (ticks/s, ns/tick, simulated s per\n"
     "wall s, Newton iterations and heap allocations per tick, peak memory).\n"
     "  --repeat N  runs to time, 1 to 1000 (default 5)\n"
     "  --json      print the figures as a JSON document\n"
     "  --parts-dir DIR  a folder of part files (NAME.part.json) searched after the lab's\n"
     "                   own; may be repeated\n"
     "Exit 0, 2 invalid lab or usage, 3 solver failure.\n"},
    {"causality", "  causality LAB [--json]               bond-graph causality (exit 0 consistent, 2 conflict or invalid)\n",
     "drivelab-cli causality LAB [--json]\n",
     "Bond-graph causality analysis of LAB (docs/CAUSALITY.md).\n"
     "  --json  print the analysis as one JSON document (also for a lab that does not read)\n"
     "  --parts-dir DIR  a folder of part files (NAME.part.json) searched after the lab's\n"
     "                   own; may be repeated\n"
     "Exit 0 consistent, 2 conflict or invalid lab.\n"},
    {"export", "  export LAB --output ASSET [--quiet]  record a portable asset (exit 0, 2)\n",
     "drivelab-cli export LAB --output ASSET [--quiet]\n",
     "Run LAB (checked) and record it as a portable asset (docs/ASSETS.md).\n"
     "  --output ASSET  the asset to write (required; never a file the export reads)\n"
     "  --quiet         print nothing on success\n"
     "  --parts-dir DIR a folder of part files (NAME.part.json) searched after the lab's\n"
     "                  own; may be repeated\n"
     "Exit 0, 2 invalid lab, solver failure, failed check, unwritable file or usage.\n"},
    {"verify", "  verify ASSET [--quiet]               check an asset and replay it bit for bit (exit 0, 2 on any difference)\n",
     "drivelab-cli verify ASSET [--quiet]\n",
     "Check ASSET (signature, fingerprint, schema) and replay it: every recorded boundary and the final\n"
     "state hash must be reproduced bit for bit.\n"
     "  --quiet  print nothing on success\n"
     "Exit 0 verified, 2 on any difference or an unreadable asset.\n"},
    {"export-fmu",
     "  export-fmu LAB --output NAME.fmu [--fmi 3|2] [--input ID.inputs.NAME ...] [--output-var SUBJECT.NAME ...]\n"
     "      [--parameter PATH ...] [--quiet]\n"
     "                                       write an FMI co-simulation FMU (exit 0, 2); docs/FMI.md\n",
     "drivelab-cli export-fmu LAB --output NAME.fmu [--fmi 3|2] [--input ID.inputs.NAME ...]\n"
     "                               [--output-var SUBJECT.NAME ...] [--parameter PATH ...] [--quiet]\n",
     "Write LAB (a lab or a portable asset) as an FMI co-simulation FMU (docs/FMI.md).\n"
     "  --output NAME.fmu       the FMU to write (required; NAME is its model identifier)\n"
     "  --fmi 3|2               the FMI version (default 3)\n"
     "  --input ID.inputs.NAME  an input the importer sets between steps (repeatable)\n"
     "  --output-var SUBJ.NAME  an observable as an output (repeatable; default: every observable)\n"
     "  --parameter PATH        a value path (docs/FORMATS.md) as a fixed parameter (repeatable)\n"
     "  --quiet                 print nothing on success\n"
     "Exit 0, 2 invalid lab, unknown variable, unwritable file or usage.\n"},
    {"sweep",
     "  sweep SWEEP --output RESULTS [--json] [--jobs N] [--resume] [--quiet]\n"
     "                                       run a study on N cores (default all); Ctrl+C keeps the finished rows\n"
     "                                       (exit 0, 2 invalid, 130 stopped); docs/FORMATS.md \"Sweeps\"\n"
     "  sweep SWEEP --variant K --output LAB write variant K's lab\n",
     "drivelab-cli sweep SWEEP --output RESULTS [--json] [--jobs N] [--resume] [--quiet]\n"
     "       drivelab-cli sweep SWEEP --variant K --output LAB [--quiet]\n",
     "Run a study (docs/FORMATS.md \"Sweeps\"): the sweep's lab once per variant, one row each.\n"
     "  --output RESULTS  the results table (required; never the sweep, its lab or a file the lab reads);\n"
     "                    rows reach RESULTS.partial as they finish; a regular file (a FIFO or a device\n"
     "                    is refused: the journal and --resume need a file)\n"
     "  --json            write the table as JSON instead of CSV\n"
     "  --jobs N          worker threads, 1 to 1024 (default: every core)\n"
     "  --resume          run only the rows RESULTS and RESULTS.partial lack (refused when a kept row's\n"
     "                    model is no longer its variant's: the lab changed)\n"
     "  --variant K       write variant K's lab to --output instead (runs wherever it is written)\n"
     "  --parts-dir DIR   a folder of part files (NAME.part.json) searched after the\n"
     "                    lab's own; may be repeated\n"
     "  --quiet           print nothing on success\n"
     "Ctrl+C stops the study and keeps the finished rows. Exit 0, 2 invalid sweep or usage, 130 stopped.\n"},
    {"mcp",
     "  mcp [--http HOST:PORT] [--root DIR] [--max-lab-bytes N] [--max-ticks N] [--max-boundaries N]\n"
     "      [--max-seconds S] [--max-connections N] [--allow-remote --token TOKEN] [--conformance-tools]\n"
     "                                       serve the Model Context Protocol on stdio (or Streamable HTTP);\n"
     "                                       docs/MCP.md\n",
     "drivelab-cli mcp [--http HOST:PORT] [--root DIR] [--max-lab-bytes N] [--max-ticks N]\n"
     "                        [--max-boundaries N] [--max-seconds S] [--max-connections N]\n"
     "                        [--allow-remote --token TOKEN] [--conformance-tools]\n",
     "Serve the Model Context Protocol on stdin/stdout, or Streamable HTTP with --http (docs/MCP.md).\n"
     "  --http HOST:PORT     serve HTTP on /mcp at a loopback address\n"
     "  --root DIR           the only directory files are read from and written to (none without it)\n"
     "  --max-lab-bytes N, --max-ticks N, --max-boundaries N, --max-seconds S\n"
     "                       limits per call (docs/MCP.md \"Limits\")\n"
     "  --max-connections N  HTTP connections served at once, 1 to 512 (default 64); past it 503 with\n"
     "                       Retry-After (docs/MCP.md \"Errors, limits and security\")\n"
     "  --allow-remote       bind a non-loopback address (needs --token)\n"
     "  --token TOKEN        the bearer token every HTTP request must carry\n"
     "  --conformance-tools  the conformance suite's fixture tools\n"
     "Exit 0 when standard input closes, 2 usage error or an address it may not or cannot bind.\n"},
    {"help", "  help [COMMAND]                       this text, or COMMAND's usage (also COMMAND --help)\n",
     "drivelab-cli help [COMMAND]\n", "Print the overview of every command, or COMMAND's usage (the same as COMMAND --help).\n"},
};

} // namespace

void printUsage(std::FILE* to)
{
    std::fputs("usage: drivelab-cli COMMAND ...\n", to);
    for (const CommandUsage& c : kCommands) std::fputs(c.overview, to);
    std::fputs("LAB may be - (standard input). An option may be given once, but --parts-dir DIR (a folder of part files\n"
               "searched after the lab's own) as often as needed. COMMAND --help (or -h) prints its usage.\n"
               "Formats: docs/FORMATS.md (lab, report) and docs/ASSETS.md (asset) in the DriveLab source tree.\n",
               to);
}

bool printCommandUsage(const std::string& cmd)
{
    for (const CommandUsage& c : kCommands) {
        if (cmd != c.name) continue;
        std::printf("usage: %s%s", c.usage, c.details);
        return true;
    }
    return false;
}

bool isHelpOption(const std::string& arg) { return arg == "--help" || arg == "-h"; }

} // namespace drivelab::cli
