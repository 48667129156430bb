#pragma once
// The MCP server of `drivelab-cli mcp` (docs/MCP.md): JSON-RPC 2.0 messages in, answers and
// notifications out, independent of the transport (stdio: mcpstdio.cpp, Streamable HTTP:
// mcphttp.cpp). One Server is one client session: its log level, the reports and assets of
// its runs (drivelab:// resources) and the cancel flags of its calls in progress.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "cli/args.h"
#include "util/jsonwrite.h"

namespace drivelab::cli::mcp {

/// the protocol version this server speaks when the client asks for one it does not know
constexpr const char* kProtocolVersion = "2025-06-18";
/// true for a protocol version this server speaks
bool supportedProtocolVersion(const std::string& v);

/// JSON-RPC error codes
enum RpcError {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    ResourceNotFound = -32002
};

/// the server's configuration (command-line flags)
struct Config {
    McpArgs args;         ///< the flags
    std::string rootReal; ///< --root with every symbolic link resolved (empty: no file access)
};

/// sends one message (a notification for a request, or its answer) to the client
using Emit = std::function<void(const Json&)>;

/// a JSON-RPC error answer
Json rpcError(const Json& id, int code, const std::string& message);
/// parse one message's text; a discarded value with `error` ("Parse error: ...") when it is
/// not one JSON value or nests deeper than any lab may (so nothing deeper is ever built)
Json parseMessage(std::string_view text, std::string& error);
/// a message as one line of JSON text (invalid UTF-8 replaced, never throws)
std::string messageText(const Json& message);

class Server;

/// what a tool sees while it runs
struct CallContext {
    Server& server;                            ///< the session
    const Config& config;                      ///< the flags
    Json progressToken;                        ///< `_meta.progressToken` of the request (null: none)
    std::shared_ptr<std::atomic<bool>> cancel; ///< raised by notifications/cancelled
    Emit emit;                                 ///< notifications for this request
    /// a notifications/progress when the request asked for them
    void progress(double done, double total, const std::string& message) const;
    /// a notifications/message when the session's log level lets it through
    void log(const char* level, const std::string& text) const;
};

/// what a tool returns
struct ToolResult {
    Json structured;                   ///< structuredContent (null for an error)
    std::string text;                  ///< the text content: a summary, or the `FILE: ID: FIELD: message` lines
    bool isError = false;              ///< a tool error (bad lab, solver failure, limit)
    Json extraContent = Json::array(); ///< further content blocks (resource links)
};
/// a tool error with its lines
ToolResult toolError(std::string lines);

/// a resource kept by the session (a run's report, an exported asset)
struct StoredResource {
    std::string uri;  ///< drivelab://reports/N or drivelab://assets/N
    std::string name; ///< a short name
    std::string text; ///< the document
};

/// One client session.
class Server {
public:
    explicit Server(const Config& config);
    /// Take one parsed message. A quick request is answered at once through `emit`; a
    /// tool call that may take long (run_lab, export_asset, verify_asset) is registered (so
    /// that a cancel reaching the server before it starts is seen) and returned as a job for
    /// the transport to run off its reading thread. Notifications and answers give nothing.
    std::function<void()> receive(const Json& message, const Emit& emit);
    /// raise every cancel flag (the transport is closing)
    void cancelAll();

    /// keep a resource; returns its URI (`kind`: "reports" or "assets"); the oldest of a kind
    /// is dropped past 16, the oldest of all past 256 MiB
    std::string store(const std::string& kind, const std::string& name, std::string text);
    /// a stored resource by URI (false: unknown or dropped)
    bool stored(const std::string& uri, StoredResource& out) const;
    /// the stored resources, oldest first
    std::vector<StoredResource> storedList() const;
    /// the log level index (0 debug .. 7 emergency; 8: off until logging/setLevel)
    int logLevel() const { return m_logLevel.load(); }
    /// the configuration
    const Config& config() const { return m_config; }

private:
    Json handle(const Json& message, const Emit& emit);
    Json callTool(const Json& id, const Json& params, const Emit& emit, const std::shared_ptr<std::atomic<bool>>& cancel);
    void finishCall(const Json& id);

    const Config& m_config;
    std::atomic<int> m_logLevel{8};
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<std::atomic<bool>>> m_calls; // request id text -> cancel flag
    std::vector<StoredResource> m_resources;
    std::int64_t m_counter = 0;
};

/// stdio transport: newline-delimited JSON-RPC on standard input and output (mcpstdio.cpp)
int serveStdio(const Config& config);
/// Streamable HTTP transport on --http HOST:PORT (mcphttp.cpp)
int serveHttp(const Config& config);

} // namespace drivelab::cli::mcp
