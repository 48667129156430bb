#pragma once
// Command-line arguments of every command: one input file (`-` is standard input) and
// the options the command takes. An option given twice is a usage error, not last-wins.
#include <string>
#include <vector>

namespace drivelab::cli {

/// which options a command takes
struct ArgSpec {
    const char* what = "a lab file";   ///< the input, for "name ..." messages
    bool output = false;               ///< --output FILE
    bool requireOutput = false;        ///< --output is required
    bool json = false;                 ///< --json
    bool quiet = false;                ///< --quiet
    bool repeat = false;               ///< --repeat N (1..1000)
    bool allowUnbalanced = false;      ///< --allow-unbalanced
};

/// the parsed arguments
struct Args {
    std::string file;              ///< the input (`-`: standard input)
    std::string output;            ///< --output
    bool json = false;             ///< --json
    bool quiet = false;            ///< --quiet
    int repeat = 5;                ///< --repeat
    bool allowUnbalanced = false;  ///< --allow-unbalanced
};

/// parse `in` for command `cmd`; false with a message on stderr on a usage error
bool parseArgs(const std::vector<std::string>& in, const char* cmd, const ArgSpec& spec, Args& a);
/// false with a message on stderr when `output` names the same file as `input` (also
/// through a symbolic or hard link): the input would be overwritten
bool outputIsNotInput(const std::string& input, const std::string& output, const char* cmd);

} // namespace drivelab::cli
