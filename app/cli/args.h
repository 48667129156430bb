#pragma once
// Command-line arguments of every command: one input file (`-` is standard input) and
// the options the command takes. An option given twice is a usage error, not last-wins.
#include <cstdint>
#include <string>
#include <vector>

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
};

/// the parsed arguments
struct Args {
    std::string file;             ///< the input (`-`: standard input)
    std::string output;           ///< --output
    bool json = false;            ///< --json
    bool quiet = false;           ///< --quiet
    int repeat = 5;               ///< --repeat
    bool allowUnbalanced = false; ///< --allow-unbalanced
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
};

/// parse the arguments of `mcp`; false with a message on stderr on a usage error
bool parseMcpArgs(const std::vector<std::string>& in, McpArgs& a);

/// parse `in` for command `cmd`; false with a message on stderr on a usage error
bool parseArgs(const std::vector<std::string>& in, const char* cmd, const ArgSpec& spec, Args& a);
/// false with a message on stderr when `output` names the same file as `input` (also
/// through a symbolic or hard link): the input would be overwritten
bool outputIsNotInput(const std::string& input, const std::string& output, const char* cmd);

} // namespace drivelab::cli
