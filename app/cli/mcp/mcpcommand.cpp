// drivelab-cli mcp [--http HOST:PORT] [--root DIR] ...: the MCP server (docs/MCP.md).
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/mcp/mcpserver.h"
#include "util/textescape.h"

namespace drivelab::cli {

int cmdMcp(const std::vector<std::string>& argv)
{
    mcp::Config config;
    if (!parseMcpArgs(argv, config.args)) return Invalid;
    if (config.args.help) return Ok; // the usage was printed
    if (!config.args.root.empty()) {
        char buf[PATH_MAX];
        struct stat st { };
        if (!::realpath(config.args.root.c_str(), buf) || ::stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
            std::fprintf(stderr, "drivelab-cli mcp: --root %s: not a directory\n", printableText(config.args.root).c_str());
            return Invalid;
        }
        config.rootReal = buf;
    }
    // a client that goes away mid-answer is not a reason to die
    std::signal(SIGPIPE, SIG_IGN);
    return config.args.http.empty() ? mcp::serveStdio(config) : mcp::serveHttp(config);
}

} // namespace drivelab::cli
