// The transport-independent part of the MCP server: JSON-RPC framing and errors, the
// lifecycle (initialize with version negotiation, ping, logging/setLevel), tools/list and
// tools/call, resources and prompts, progress and cancellation (docs/MCP.md).
#include "cli/mcp/mcpserver.h"

#include <algorithm>
#include <exception>
#include <new>

#include "cli/mcp/mcptools.h"
#include "spec/labreader.h"
#include "util/textescape.h"

namespace drivelab::cli::mcp {

namespace {

constexpr const char* kVersions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};
constexpr const char* kLevels[] = {"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"};
constexpr std::size_t kKeptPerKind = 16;
constexpr std::size_t kKeptBytes = 256u << 20; // reports and assets kept by one session [bytes]

Json result(const Json& id, Json r) { return Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(r)}}; }

// the id as a map key: numbers and strings never collide ("1" vs 1)
std::string idKey(const Json& id) { return id.dump(); }

int levelIndex(const std::string& name)
{
    for (int i = 0; i < 8; ++i)
        if (name == kLevels[i]) return i;
    return -1;
}

} // namespace

bool supportedProtocolVersion(const std::string& v)
{
    return std::find(std::begin(kVersions), std::end(kVersions), v) != std::end(kVersions);
}

Json rpcError(const Json& id, int code, const std::string& message)
{
    return Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", Json{{"code", code}, {"message", printableText(message)}}}};
}

Json parseMessage(std::string_view text, std::string& error)
{
    // the lab inside a message may nest 64 levels (spec/labreader.h); the envelope a few more
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxJsonDepth + 16) {
                error = "Parse error: the message nests deeper than " + std::to_string(kMaxJsonDepth + 16) + " levels";
                return Json(Json::value_t::discarded);
            }
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    Json j = Json::parse(text, nullptr, false);
    if (j.is_discarded()) error = "Parse error: the message is not one JSON value";
    return j;
}

std::string messageText(const Json& message) { return message.dump(-1, ' ', false, Json::error_handler_t::replace); }

void CallContext::progress(double done, double total, const std::string& message) const
{
    if (progressToken.is_null()) return;
    emit(Json{{"jsonrpc", "2.0"},
              {"method", "notifications/progress"},
              {"params", Json{{"progressToken", progressToken}, {"progress", done}, {"total", total}, {"message", message}}}});
}

void CallContext::log(const char* level, const std::string& text) const
{
    const int l = levelIndex(level);
    if (l < server.logLevel()) return;
    emit(Json{{"jsonrpc", "2.0"},
              {"method", "notifications/message"},
              {"params", Json{{"level", level}, {"logger", "drivelab"}, {"data", printableText(text)}}}});
}

ToolResult toolError(std::string lines)
{
    ToolResult r;
    r.isError = true;
    r.text = std::move(lines);
    return r;
}

Server::Server(const Config& config) : m_config(config) { }

std::string Server::store(const std::string& kind, const std::string& name, std::string text)
{
    std::lock_guard lock(m_mutex);
    const std::string uri = "drivelab://" + kind + "/" + std::to_string(++m_counter);
    m_resources.push_back(StoredResource{uri, name, std::move(text)});
    const std::string prefix = "drivelab://" + kind + "/";
    const auto count = std::count_if(m_resources.begin(), m_resources.end(), [&](const StoredResource& r) {
        return r.uri.rfind(prefix, 0) == 0;
    });
    if (static_cast<std::size_t>(count) > kKeptPerKind) {
        const auto oldest = std::find_if(m_resources.begin(), m_resources.end(), [&](const StoredResource& r) {
            return r.uri.rfind(prefix, 0) == 0;
        });
        m_resources.erase(oldest);
    }
    // and at most kKeptBytes in all: the oldest go first (the newest always stays)
    std::size_t bytes = 0;
    for (const auto& r : m_resources) bytes += r.text.size();
    while (bytes > kKeptBytes && m_resources.size() > 1) {
        bytes -= m_resources.front().text.size();
        m_resources.erase(m_resources.begin());
    }
    return uri;
}

bool Server::stored(const std::string& uri, StoredResource& out) const
{
    std::lock_guard lock(m_mutex);
    for (const auto& r : m_resources)
        if (r.uri == uri) {
            out = r;
            return true;
        }
    return false;
}

std::vector<StoredResource> Server::storedList() const
{
    std::lock_guard lock(m_mutex);
    return m_resources;
}

void Server::cancelAll()
{
    std::lock_guard lock(m_mutex);
    for (auto& [id, flag] : m_calls) flag->store(true);
}

void Server::finishCall(const Json& id)
{
    std::lock_guard lock(m_mutex);
    m_calls.erase(idKey(id));
}

std::function<void()> Server::receive(const Json& message, const Emit& emit)
{
    // a batch (JSON-RPC arrays) is not part of the 2025-06-18 protocol
    if (!message.is_object()) {
        emit(rpcError(nullptr, InvalidRequest, "Invalid Request: a message is one JSON object (batches are not supported)"));
        return {};
    }
    const auto method = message.find("method");
    const auto id = message.find("id");
    const bool hasId = id != message.end();
    if (hasId && !id->is_string() && !id->is_number_integer()) {
        emit(rpcError(nullptr, InvalidRequest, "Invalid Request: id must be a string or an integer"));
        return {};
    }
    if (message.value("jsonrpc", Json()) != "2.0" || (method != message.end() && !method->is_string()) ||
        (method == message.end() && !(hasId && (message.contains("result") || message.contains("error"))))) {
        emit(rpcError(hasId ? *id : Json(), InvalidRequest, "Invalid Request: expected {\"jsonrpc\": \"2.0\", \"method\": ...}"));
        return {};
    }
    if (method == message.end()) return {}; // an answer to a request of ours: we send none
    const std::string name = *method;
    const Json params = message.value("params", Json::object());
    if (!hasId) {
        // notifications: cancellation; everything else (initialized, roots changes) needs nothing
        if (name == "notifications/cancelled" && params.is_object() && params.contains("requestId")) {
            std::lock_guard lock(m_mutex);
            const auto it = m_calls.find(idKey(params["requestId"]));
            if (it != m_calls.end()) it->second->store(true);
        }
        return {};
    }
    const Json rid = *id;
    if (name == "tools/call" && params.is_object() && params.contains("name") && params["name"].is_string()) {
        const Tool* t = findTool(params["name"], m_config);
        if (t && t->slow) {
            auto flag = std::make_shared<std::atomic<bool>>(false);
            {
                std::lock_guard lock(m_mutex);
                if (!m_calls.emplace(idKey(rid), flag).second) {
                    emit(rpcError(rid, InvalidRequest, "Invalid Request: a request with this id is still running"));
                    return {};
                }
            }
            return [this, rid, params, emit, flag]() {
                Json answer;
                try {
                    answer = flag->load() ? Json() : callTool(rid, params, emit, flag);
                } catch (const std::bad_alloc&) {
                    answer = rpcError(rid, InternalError, "out of memory: the call needs more memory than the server may use");
                } catch (const std::exception& e) {
                    answer = rpcError(rid, InternalError, std::string("internal error: ") + e.what());
                }
                finishCall(rid);
                // a cancelled request gets no answer (the client has stopped waiting for one)
                if (!flag->load() && !answer.is_null()) emit(answer);
            };
        }
    }
    Json answer;
    try {
        answer = handle(message, emit);
    } catch (const std::bad_alloc&) {
        answer = rpcError(rid, InternalError, "out of memory: the call needs more memory than the server may use");
    } catch (const std::exception& e) {
        answer = rpcError(rid, InternalError, std::string("internal error: ") + e.what());
    }
    emit(answer);
    return {};
}

Json Server::handle(const Json& message, const Emit& emit)
{
    const Json& id = message["id"];
    const std::string method = message["method"];
    const Json params = message.value("params", Json::object());
    if (!params.is_object()) return rpcError(id, InvalidParams, "Invalid params: params must be an object");
    if (method == "initialize") {
        if (!params.contains("protocolVersion") || !params["protocolVersion"].is_string())
            return rpcError(id, InvalidParams, "Invalid params: initialize needs protocolVersion (a string)");
        const std::string asked = params["protocolVersion"];
        return result(id, Json{{"protocolVersion", supportedProtocolVersion(asked) ? asked : kProtocolVersion},
                               {"capabilities", Json{{"tools", Json{{"listChanged", false}}},
                                                     {"resources", Json{{"listChanged", false}, {"subscribe", false}}},
                                                     {"prompts", Json{{"listChanged", false}}},
                                                     {"completions", Json::object()},
                                                     {"logging", Json::object()}}},
                               {"serverInfo", Json{{"name", "drivelab"}, {"title", "DriveLab powertrain simulator"}, {"version", "0.1.0"}}},
                               {"instructions", "DriveLab simulates powertrain and fluid-power networks (labs). Start with "
                                                "list_examples and get_example, list_component_types for the building blocks; "
                                                "check_lab and causality before run_lab; edit_lab builds a lab step by step."}});
    }
    if (method == "ping") return result(id, Json::object());
    if (method == "logging/setLevel") {
        const int l = params.contains("level") && params["level"].is_string() ? levelIndex(params["level"]) : -1;
        if (l < 0)
            return rpcError(id, InvalidParams,
                            "Invalid params: level must be one of debug, info, notice, warning, error, "
                            "critical, alert, emergency");
        m_logLevel = l;
        return result(id, Json::object());
    }
    if (method == "tools/list") {
        Json list = Json::array();
        for (const auto& t : tools())
            if (findTool(t.name, m_config)) list.push_back(toolListEntry(t));
        return result(id, Json{{"tools", list}});
    }
    if (method == "tools/call") return callTool(id, params, emit, std::make_shared<std::atomic<bool>>(false));
    if (method == "resources/list") {
        Json list = Json::array();
        for (const auto& e : examples())
            list.push_back(Json{{"uri", exampleUri(e)},
                                {"name", e.name},
                                {"title", "Example lab " + e.name},
                                {"description", "an example lab shipped with DriveLab"},
                                {"mimeType", "application/json"},
                                {"size", e.text.size()}});
        for (const auto& r : storedList())
            list.push_back(Json{{"uri", r.uri}, {"name", r.name}, {"mimeType", "application/json"}, {"size", r.text.size()}});
        return result(id, Json{{"resources", list}});
    }
    if (method == "resources/templates/list") return result(id, Json{{"resourceTemplates", Json::array()}});
    if (method == "resources/read") {
        if (!params.contains("uri") || !params["uri"].is_string())
            return rpcError(id, InvalidParams, "Invalid params: resources/read needs uri (a string)");
        const std::string uri = params["uri"];
        std::string text;
        if (const Example* e = uri.rfind("drivelab://examples/", 0) == 0 ? findExample(uri) : nullptr)
            text = e->text;
        else if (StoredResource r; stored(uri, r))
            text = r.text;
        else {
            Json err = rpcError(id, ResourceNotFound, "Resource not found: " + uri);
            err["error"]["data"] = Json{{"uri", printableText(uri)}};
            return err;
        }
        return result(id, Json{{"contents", Json::array({Json{{"uri", uri}, {"mimeType", "application/json"}, {"text", text}}})}});
    }
    if (method == "prompts/list") return result(id, Json{{"prompts", promptList()}});
    if (method == "prompts/get") {
        CallContext ctx{*this, m_config, Json(), std::make_shared<std::atomic<bool>>(false), emit};
        int code = 0;
        std::string text;
        Json r = getPrompt(params, ctx, code, text);
        return code ? rpcError(id, code, text) : result(id, std::move(r));
    }
    if (method == "completion/complete") {
        // the prompts' `lab` argument completes to the example names
        Json values = Json::array();
        const Json ref = params.value("ref", Json::object());
        const Json arg = params.value("argument", Json::object());
        if (ref.is_object() && ref.value("type", Json()) == "ref/prompt" && arg.is_object() && arg.value("name", Json()) == "lab") {
            const Json v = arg.value("value", Json(""));
            const std::string prefix = v.is_string() ? v.get<std::string>() : "";
            for (const auto& e : examples())
                if (e.name.rfind(prefix, 0) == 0) values.push_back(e.name);
        }
        return result(id, Json{{"completion", Json{{"values", values}, {"total", values.size()}, {"hasMore", false}}}});
    }
    return rpcError(id, MethodNotFound, "Method not found: " + method);
}

Json Server::callTool(const Json& id, const Json& params, const Emit& emit, const std::shared_ptr<std::atomic<bool>>& cancel)
{
    if (!params.contains("name") || !params["name"].is_string())
        return rpcError(id, InvalidParams, "Invalid params: tools/call needs name (a string)");
    const std::string name = params["name"];
    const Tool* t = findTool(name, m_config);
    if (!t) return rpcError(id, InvalidParams, "Unknown tool: " + name + " (tools/list names them)");
    const Json args = params.contains("arguments") ? params["arguments"] : Json::object();
    const std::string problem = schemaProblem(t->inputSchema, args, "arguments");
    if (!problem.empty()) return rpcError(id, InvalidParams, "Invalid params: " + name + ": " + problem);
    Json token;
    if (params.contains("_meta") && params["_meta"].is_object() && params["_meta"].contains("progressToken"))
        token = params["_meta"]["progressToken"];
    CallContext ctx{*this, m_config, token, cancel, emit};
    const ToolResult r = t->run(args, ctx);
    Json content = Json::array({Json{{"type", "text"}, {"text", printableLines(r.text)}}});
    Json out{{"content", Json()}, {"isError", r.isError}};
    if (!r.isError && !r.structured.is_null()) {
        out["structuredContent"] = printableJson(r.structured);
        // the structured result as JSON text too, for clients that read only text (2025-06-18, "Structured Content")
        content.push_back(Json{{"type", "text"}, {"text", messageText(out["structuredContent"])}});
    }
    for (const auto& c : r.extraContent) content.push_back(c);
    out["content"] = std::move(content);
    return result(id, std::move(out));
}

} // namespace drivelab::cli::mcp
