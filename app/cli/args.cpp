#include "cli/args.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "cli/usage.h"
#include "spec/labfiles.h"
#include "spec/labreader.h"
#include "spec/runmethods.h"
#include "util/textescape.h"

namespace drivelab::cli {

int takePartsDir(const std::vector<std::string>& in, std::size_t& i, const char* cmd, std::vector<std::string>& dirs)
{
    if (in[i] != "--parts-dir") return 0;
    if (i + 1 >= in.size() || in[i + 1].empty()) {
        std::fprintf(stderr, "drivelab-cli %s: option '--parts-dir' needs a value\n", cmd);
        return -1;
    }
    const std::string& dir = in[++i];
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        std::fprintf(stderr, "drivelab-cli %s: --parts-dir '%s' is not a folder\n", cmd, printableText(dir).c_str());
        return -1;
    }
    dirs.push_back(dir);
    return 1;
}

bool parseArgs(const std::vector<std::string>& in, const char* cmd, const ArgSpec& spec, Args& a)
{
    std::set<std::string> seen;
    bool haveFile = false;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string& s = in[i];
        if (isHelpOption(s)) {
            a.help = printCommandUsage(cmd);
            return true;
        }
        if (const int parts = takePartsDir(in, i, cmd, a.partsDirs)) {
            if (parts < 0) return false;
            continue;
        }
        const bool known = (s == "--json" && spec.json) || (s == "--quiet" && spec.quiet) || (s == "--output" && spec.output) ||
                           (s == "--repeat" && spec.repeat) || (s == "--allow-unbalanced" && spec.allowUnbalanced) ||
                           (s == "--estimate-error" && spec.estimateError) || (s == "--accuracy" && spec.accuracy) ||
                           (s == "--method" && spec.method);
        if (known && !seen.insert(s).second) {
            std::fprintf(stderr, "drivelab-cli %s: option '%s' given twice; give it once\n", cmd, s.c_str());
            return false;
        }
        const bool takesValue = s == "--output" || s == "--repeat" || s == "--accuracy" || s == "--method";
        if (known && takesValue && i + 1 >= in.size()) {
            std::fprintf(stderr, "drivelab-cli %s: option '%s' needs a value\n", cmd, s.c_str());
            return false;
        }
        if (known && s == "--json")
            a.json = true;
        else if (known && s == "--quiet")
            a.quiet = true;
        else if (known && s == "--allow-unbalanced")
            a.allowUnbalanced = true;
        else if (known && s == "--estimate-error")
            a.estimateError = true;
        else if (known && s == "--method") {
            a.method = in[++i];
            std::string names;
            bool found = false;
            for (const RunMethodInfo& m : runMethods()) {
                found = found || a.method == m.name;
                names += std::string(names.empty() ? "" : ", ") + m.name;
            }
            if (!found) {
                std::fprintf(stderr, "drivelab-cli %s: --method needs one of %s, got '%s'\n", cmd, names.c_str(),
                             printableText(a.method).c_str());
                return false;
            }
        } else if (known && s == "--accuracy") {
            const std::string& v = in[++i];
            char* end = nullptr;
            const double tol = std::strtod(v.c_str(), &end);
            if (v.empty() || *end != '\0' || !isValidAccuracy(tol)) {
                std::fprintf(stderr, "drivelab-cli %s: --accuracy needs a relative tolerance from 1e-12 to 0.5, got '%s'\n", cmd,
                             printableText(v).c_str());
                return false;
            }
            a.accuracy = tol;
        }
        else if (known && s == "--output") {
            a.output = in[++i];
            if (a.output.empty() || a.output == "-") {
                std::fprintf(stderr, "drivelab-cli %s: --output needs a file name (standard output is not a target)\n", cmd);
                return false;
            }
        } else if (known && s == "--repeat") {
            const std::string& v = in[++i];
            char* end = nullptr;
            const long n = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || n < 1 || n > 1000) {
                std::fprintf(stderr, "drivelab-cli %s: --repeat needs a whole number from 1 to 1000, got '%s'\n", cmd,
                             printableText(v).c_str());
                return false;
            }
            a.repeat = static_cast<int>(n);
        } else if (s.size() > 1 && s[0] == '-') {
            std::fprintf(stderr, "drivelab-cli %s: unknown option '%s'\n", cmd, printableText(s).c_str());
            return false;
        } else if (!haveFile && !s.empty()) {
            a.file = s;
            haveFile = true;
        } else {
            std::fprintf(stderr, "drivelab-cli %s: unexpected argument '%s'\n", cmd, printableText(s).c_str());
            return false;
        }
    }
    if (!haveFile) {
        std::fprintf(stderr, "drivelab-cli %s: name %s\n", cmd, spec.what);
        return false;
    }
    if (spec.requireOutput && a.output.empty()) {
        std::fprintf(stderr, "drivelab-cli %s: name the file to write with --output FILE\n", cmd);
        return false;
    }
    setPartLibraryDirs(a.partsDirs);
    return true;
}

namespace {

// a whole number in [lo, hi]
bool wholeIn(const std::string& v, std::int64_t lo, std::int64_t hi, std::int64_t& out)
{
    char* end = nullptr;
    errno = 0;
    const long long n = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || errno != 0 || n < lo || n > hi) return false;
    out = n;
    return true;
}

} // namespace

bool parseMcpArgs(const std::vector<std::string>& in, McpArgs& a)
{
    static const std::set<std::string> flags = {"--allow-remote", "--conformance-tools"};
    static const std::set<std::string> values = {"--http",      "--root",           "--token",       "--max-lab-bytes",
                                                 "--max-ticks", "--max-boundaries", "--max-seconds", "--max-connections"};
    std::set<std::string> seen;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string& s = in[i];
        if (isHelpOption(s)) {
            a.help = printCommandUsage("mcp");
            return true;
        }
        const bool flag = flags.count(s) != 0, value = values.count(s) != 0;
        if (!flag && !value) {
            std::fprintf(stderr, "drivelab-cli mcp: %s '%s'\n", s.size() > 1 && s[0] == '-' ? "unknown option" : "unexpected argument",
                         printableText(s).c_str());
            return false;
        }
        if (!seen.insert(s).second) {
            std::fprintf(stderr, "drivelab-cli mcp: option '%s' given twice; give it once\n", s.c_str());
            return false;
        }
        if (flag) {
            (s == "--allow-remote" ? a.allowRemote : a.conformanceTools) = true;
            continue;
        }
        if (i + 1 >= in.size() || in[i + 1].empty()) {
            std::fprintf(stderr, "drivelab-cli mcp: option '%s' needs a value\n", s.c_str());
            return false;
        }
        const std::string& v = in[++i];
        bool ok = true;
        if (s == "--http")
            a.http = v;
        else if (s == "--root")
            a.root = v;
        else if (s == "--token")
            a.token = v;
        else if (s == "--max-lab-bytes")
            ok = wholeIn(v, 1024, static_cast<std::int64_t>(kMaxInputBytes), a.maxLabBytes);
        else if (s == "--max-ticks")
            ok = wholeIn(v, 1, 10000000000LL, a.maxTicks);
        else if (s == "--max-boundaries")
            ok = wholeIn(v, 1, 1000001, a.maxBoundaries);
        else if (s == "--max-connections")
            ok = wholeIn(v, 1, 512, a.maxConnections); // a thread and a descriptor each, well under the usual 1024 descriptors
        else {
            char* end = nullptr;
            a.maxSeconds = std::strtod(v.c_str(), &end);
            ok = *end == '\0' && a.maxSeconds >= 0.1 && a.maxSeconds <= 86400.0;
        }
        if (!ok) {
            std::fprintf(stderr, "drivelab-cli mcp: %s: '%s' is out of range (docs/MCP.md, \"Limits\")\n", s.c_str(),
                         printableText(v).c_str());
            return false;
        }
    }
    if (a.allowRemote && a.token.empty()) {
        std::fprintf(stderr, "drivelab-cli mcp: --allow-remote needs --token TOKEN (every request must then carry it)\n");
        return false;
    }
    if ((a.allowRemote || !a.token.empty() || seen.count("--max-connections")) && a.http.empty()) {
        std::fprintf(stderr, "drivelab-cli mcp: --allow-remote, --token and --max-connections apply to --http only\n");
        return false;
    }
    return true;
}

bool outputIsNotRead(const ReadLog& read, const std::string& output, const char* cmd, const char* what)
{
    if (output.empty()) return true;
    const ReadLog::File* f = read.find(output);
    if (!f) return true;
    std::fprintf(stderr, "%s: -: %s: is the input file %s (read by %s; writing would overwrite it); name another file\n",
                 printableText(output).c_str(), what, f->path == "-" ? "- (standard input)" : printableText(f->path).c_str(), cmd);
    return false;
}

} // namespace drivelab::cli
