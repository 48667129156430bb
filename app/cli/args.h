#pragma once
// Command-line arguments of every command: one input file (`-` is standard input) and
// the options the command takes. An option given twice is a usage error, not last-wins.
#include <cstdint>
#include <string>
#include <vector>

#include "util/readlog.h"

namespace drivelab::cli {

/// which options a command takes
struct ArgSpec {
    const char* what = "a lab file"; ///< the input, for "name ..." messages
    bool output = false;             ///< --output FILE
    bool requireOutput = false;      ///< --output is required
    bool json = false;               ///< --json
    bool quiet = false;              ///< --quiet
    bool repeat = false;             ///< --repeat N (1..1000)
    bool allowUnbalanced = false;    ///< --allow-unbalanced
    bool estimateError = false;      ///< --estimate-error
    bool accuracy = false;           ///< --accuracy TOL
    bool method = false;             ///< --method NAME
};

/// the parsed arguments
struct Args {
    std::string file;             ///< the input (`-`: standard input)
    std::string output;           ///< --output
    bool json = false;            ///< --json
    bool quiet = false;           ///< --quiet
    int repeat = 5;               ///< --repeat
    bool allowUnbalanced = false; ///< --allow-unbalanced
    bool estimateError = false;   ///< --estimate-error
    double accuracy = 0.0;        ///< --accuracy TOL (0: not given)
    std::string method;           ///< --method NAME (empty: the lab's run.method)
    bool help = false;            ///< --help or -h: the command's usage was printed; do nothing else
    std::vector<std::string> partsDirs; ///< --parts-dir DIR, in order (set as the part library folders)
};

/// the arguments of `mcp` (docs/MCP.md): no input file, a transport and the limits
struct McpArgs {
    std::string http;                    ///< --http HOST:PORT (empty: stdio)
    std::string root;                    ///< --root DIR: the only directory files are read from and written to
    bool allowRemote = false;            ///< --allow-remote: bind a non-loopback address (needs --token)
    std::string token;                   ///< --token TOKEN: the bearer token every HTTP request must carry
    std::int64_t maxLabBytes = 4 << 20;  ///< --max-lab-bytes N: largest lab or asset a call takes [bytes]
    std::int64_t maxTicks = 20000000;    ///< --max-ticks N: most ticks one run may take
    std::int64_t maxBoundaries = 100000; ///< --max-boundaries N: most report boundaries one run may keep
    double maxSeconds = 120.0;           ///< --max-seconds S: wall time per call [s]
    std::int64_t maxConnections = 64;    ///< --max-connections N: HTTP connections served at once (more get 503)
    bool conformanceTools = false;       ///< --conformance-tools: the conformance suite's fixture tools (docs/MCP.md)
    bool help = false;                   ///< --help or -h: the usage was printed; do nothing else
};

/// parse the arguments of `mcp`; false with a message on stderr on a usage error
/// (`--help`/`-h`: the usage printed on stdout, `help` set, true)
bool parseMcpArgs(const std::vector<std::string>& in, McpArgs& a);

/// `--parts-dir DIR` at in[i] (it may be given more than once: the folders are searched in that
/// order after the lab's own, spec/labfiles.h): 0 when in[i] is not this option, 1 when taken
/// (i moved to DIR), -1 on a usage error (printed: no value, not a folder)
int takePartsDir(const std::vector<std::string>& in, std::size_t& i, const char* cmd, std::vector<std::string>& dirs);

/// parse `in` for command `cmd`; false with a message on stderr on a usage error
/// (`--help`/`-h` where an option may stand: the command's usage printed on stdout, `help` set, true)
/// (every command's --parts-dir folders become the process's part library folders)
bool parseArgs(const std::vector<std::string>& in, const char* cmd, const ArgSpec& spec, Args& a);
/// false with a message on stderr when the file `output` would replace is one the command read
/// (`read`: every file read so far: the lab, the sweep, a csv signal's file, standard input when
/// it is a file), reached by any path (the same path, another relative path, a symbolic or a hard
/// link: compared by device and inode); `what` names the output in the message (`--output`, or
/// the journal beside it)
bool outputIsNotRead(const ReadLog& read, const std::string& output, const char* cmd, const char* what = "--output");

} // namespace drivelab::cli
