// The Streamable HTTP transport (MCP 2025-06-18): POST /mcp carries one JSON-RPC message;
// a request is answered with application/json, or, for a tool call that may take long, with
// an SSE stream carrying its progress and log notifications and then its answer. GET is 405
// (no server-initiated stream); DELETE ends a session. Sessions are named by Mcp-Session-Id.
// Security: loopback only unless --allow-remote (then --token is required); Origin and Host
// must be loopback names (mcphost.h), or with --allow-remote also the HOST it was bound by (any
// name on a wildcard address); a bearer token when --token is given.
// Plain POSIX sockets, one thread per connection (at most --max-connections; past it a 503 with
// Retry-After), one message per connection.
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <system_error>
#include <thread>
#include <tuple>

#include "cli/mcp/mcphost.h"
#include "cli/mcp/mcpserver.h"
#include "util/textescape.h"

namespace drivelab::cli::mcp {

namespace {

struct Request {
    std::string method, path;
    std::map<std::string, std::string> headers; // lower-case names
    std::string body;
    std::string header(const char* name) const
    {
        const auto it = headers.find(name);
        return it == headers.end() ? std::string() : it->second;
    }
};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return s;
}

std::string trim(const std::string& s)
{
    const std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

bool sendAll(int fd, std::string_view data)
{
    while (!data.empty()) {
        const ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) continue;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

const char* reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 202: return "Accepted";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 503: return "Service Unavailable";
    default: return "Error";
    }
}

void respond(int fd, int status, const std::string& body, const std::string& extraHeaders = "", const char* type = "application/json")
{
    std::string head = "HTTP/1.1 " + std::to_string(status) + " " + reason(status) + "\r\n";
    if (!body.empty()) head += std::string("Content-Type: ") + type + "\r\n";
    head += "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n" + extraHeaders + "\r\n";
    sendAll(fd, head) && sendAll(fd, body);
}

void respondError(int fd, int status, int code, const std::string& message, const std::string& extraHeaders = "")
{
    respond(fd, status, messageText(rpcError(nullptr, code, message)), extraHeaders);
}

// read one request; 0 when read, else the HTTP status to answer with
int readRequest(int fd, Request& r, std::size_t maxBody)
{
    std::string data;
    char buf[16384];
    std::size_t headEnd;
    while ((headEnd = data.find("\r\n\r\n")) == std::string::npos) {
        if (data.size() > 65536) return 400;
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0) return -1;
        data.append(buf, static_cast<std::size_t>(n));
    }
    const std::string head = data.substr(0, headEnd);
    std::size_t lineEnd = head.find("\r\n");
    const std::string requestLine = head.substr(0, lineEnd);
    const std::size_t sp1 = requestLine.find(' '), sp2 = requestLine.rfind(' ');
    if (sp1 == std::string::npos || sp2 == sp1) return 400;
    r.method = requestLine.substr(0, sp1);
    r.path = requestLine.substr(sp1 + 1, sp2 - sp1 - 1);
    if (const std::size_t q = r.path.find('?'); q != std::string::npos) r.path.resize(q);
    while (lineEnd != std::string::npos && lineEnd < head.size()) {
        const std::size_t start = lineEnd + 2;
        lineEnd = head.find("\r\n", start);
        const std::string line = head.substr(start, lineEnd == std::string::npos ? std::string::npos : lineEnd - start);
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string name = lower(trim(line.substr(0, colon)));
        // two Hosts, Origins or lengths: which one a proxy or a browser meant is unknowable (RFC 9112 3.2)
        if (!r.headers.emplace(name, trim(line.substr(colon + 1))).second &&
            (name == "host" || name == "origin" || name == "content-length"))
            return 400;
    }
    if (!r.header("transfer-encoding").empty()) return 411;
    const std::string length = r.header("content-length");
    std::size_t want = 0;
    if (!length.empty()) {
        char* end = nullptr;
        const unsigned long long n = std::strtoull(length.c_str(), &end, 10);
        if (*end != '\0') return 400;
        if (n > maxBody) return 413;
        want = static_cast<std::size_t>(n);
    }
    r.body = data.substr(headEnd + 4);
    while (r.body.size() < want) {
        const ssize_t n = ::recv(fd, buf, std::min(sizeof buf, want - r.body.size()), 0);
        if (n <= 0) return -1;
        r.body.append(buf, static_cast<std::size_t>(n));
    }
    r.body.resize(want);
    return 0;
}

bool sameToken(const std::string& a, const std::string& b)
{
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i % (b.empty() ? 1 : b.size())]);
    return diff == 0;
}

std::string randomId()
{
    unsigned char bytes[16] = {};
    const int fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        [[maybe_unused]] const ssize_t n = ::read(fd, bytes, sizeof bytes);
        ::close(fd);
    }
    static std::atomic<unsigned> counter{0};
    bytes[0] ^= static_cast<unsigned char>(counter++);
    char out[33];
    for (int i = 0; i < 16; ++i) std::snprintf(out + 2 * i, 3, "%02x", bytes[i]);
    return out;
}

class HttpServer {
public:
    /// `alsoHost`: a further name Host and Origin may carry (--allow-remote's bound HOST);
    /// `anyName`: Host and Origin are not checked (--allow-remote on a wildcard address)
    HttpServer(const Config& config, std::string alsoHost, bool anyName)
        : m_config(config), m_alsoHost(std::move(alsoHost)), m_anyName(anyName)
    { }
    void connection(int fd);

private:
    std::shared_ptr<Server> session(const std::string& id)
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_sessions.find(id);
        return it == m_sessions.end() ? nullptr : it->second.second;
    }
    std::string newSession()
    {
        std::lock_guard lock(m_mutex);
        // at most 64 sessions: the oldest goes (clients rarely end theirs with DELETE)
        if (m_sessions.size() >= 64) {
            const auto oldest = std::min_element(m_sessions.begin(), m_sessions.end(), [](const auto& a, const auto& b) {
                return a.second.first < b.second.first;
            });
            m_sessions.erase(oldest);
        }
        const std::string id = randomId();
        m_sessions[id] = {++m_created, std::make_shared<Server>(m_config)};
        return id;
    }
    void post(int fd, const Request& r);

    const Config& m_config;
    const std::string m_alsoHost;
    const bool m_anyName;
    std::mutex m_mutex;
    std::map<std::string, std::pair<std::uint64_t, std::shared_ptr<Server>>> m_sessions;
    std::uint64_t m_created = 0;
};

void HttpServer::connection(int fd)
{
    Request r;
    const std::size_t maxBody = static_cast<std::size_t>(m_config.args.maxLabBytes) * 2 + (1u << 20);
    const int status = readRequest(fd, r, maxBody);
    if (status < 0) return;
    if (status > 0) return respondError(fd, status, InvalidRequest, std::string("Invalid Request: ") + reason(status));
    if (r.path != "/mcp") return respondError(fd, 404, InvalidRequest, "Not Found: the MCP endpoint is /mcp");
    // DNS rebinding: a browser page may only reach a loopback server from a loopback origin,
    // and only by a loopback name (a header that is absent is not a browser's)
    for (const auto& [name, shown, header] :
         {std::tuple{"origin", "Origin", AuthorityHeader::Origin}, std::tuple{"host", "Host", AuthorityHeader::Host}}) {
        const auto it = r.headers.find(name);
        if (m_anyName || it == r.headers.end() || allowedAuthority(it->second, header, m_alsoHost)) continue;
        return respondError(fd, 403, InvalidRequest,
                            std::string("Forbidden: ") + shown + " '" + it->second +
                                "' is not allowed: only localhost, 127.x.y.z and [::1]" + (m_alsoHost.empty() ? "" : " and " + m_alsoHost) +
                                " (docs/MCP.md)");
    }
    if (!m_config.args.token.empty() && !sameToken(r.header("authorization"), "Bearer " + m_config.args.token))
        return respondError(fd, 401, InvalidRequest, "Unauthorized: a valid bearer token is required",
                            "WWW-Authenticate: Bearer realm=\"drivelab\"\r\n");
    if (r.method == "GET" || (r.method != "POST" && r.method != "DELETE"))
        return respondError(fd, 405, InvalidRequest, "Method Not Allowed: this server offers no server-initiated stream; POST messages",
                            "Allow: POST, DELETE\r\n");
    if (r.method == "DELETE") {
        std::lock_guard lock(m_mutex);
        const auto it = m_sessions.find(r.header("mcp-session-id"));
        if (it == m_sessions.end()) return respondError(fd, 404, InvalidRequest, "Not Found: no such session");
        it->second.second->cancelAll();
        m_sessions.erase(it);
        return respond(fd, 200, "");
    }
    post(fd, r);
}

void HttpServer::post(int fd, const Request& r)
{
    if (lower(r.header("content-type")).find("application/json") == std::string::npos)
        return respondError(fd, 415, InvalidRequest, "Unsupported Media Type: POST application/json");
    const std::string accept = lower(r.header("accept"));
    if (!accept.empty() && accept.find("application/json") == std::string::npos && accept.find("text/event-stream") == std::string::npos &&
        accept.find("*/*") == std::string::npos)
        return respondError(fd, 406, InvalidRequest, "Not Acceptable: accept application/json and text/event-stream");
    std::string error;
    const Json message = parseMessage(r.body, error);
    if (message.is_discarded()) return respondError(fd, 400, ParseError, error);
    const bool initialize = message.is_object() && message.value("method", Json()) == "initialize";
    std::string sid = r.header("mcp-session-id");
    std::shared_ptr<Server> server;
    std::string headers;
    if (initialize) {
        sid = newSession();
        server = session(sid);
    } else {
        if (sid.empty()) return respondError(fd, 400, InvalidRequest, "Bad Request: Mcp-Session-Id header is required");
        server = session(sid);
        if (!server) return respondError(fd, 404, InvalidRequest, "Session not found: initialize again");
        const std::string version = r.header("mcp-protocol-version");
        if (!version.empty() && !supportedProtocolVersion(version))
            return respondError(fd, 400, InvalidRequest, "Bad Request: unsupported MCP-Protocol-Version " + version);
    }
    headers = "Mcp-Session-Id: " + sid + "\r\n";
    // what the server sends for this message: kept for a JSON answer, or streamed as SSE
    // events once the call turns out to be a long one
    struct Sink {
        std::mutex mutex;
        std::vector<Json> kept;
        bool streaming = false;
        bool open = true;
    } sink;
    const Emit emit = [&sink, fd](const Json& m) {
        std::lock_guard lock(sink.mutex);
        if (!sink.streaming)
            sink.kept.push_back(m);
        else
            sink.open = sink.open && sendAll(fd, "event: message\ndata: " + messageText(m) + "\n\n");
    };
    const bool request = message.is_object() && message.contains("method") && message.contains("id");
    auto job = server->receive(message, emit);
    if (!request) {
        // a notification or an answer: accepted, nothing to say (unless it was not valid)
        if (!sink.kept.empty()) return respond(fd, 400, messageText(sink.kept.front()), headers);
        return respond(fd, 202, "", headers);
    }
    if (!job) return respond(fd, 200, sink.kept.empty() ? std::string() : messageText(sink.kept.back()), headers);
    {
        std::lock_guard lock(sink.mutex);
        sink.streaming = true;
        sink.open = sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                                "Connection: close\r\n" +
                                    headers + "\r\n");
    }
    job();
}

} // namespace

int serveHttp(const Config& config)
{
    const std::string& spec = config.args.http;
    const std::size_t colon = spec.rfind(':');
    if (colon == std::string::npos || colon + 1 >= spec.size()) {
        std::fprintf(stderr, "drivelab-cli mcp: --http needs HOST:PORT (for example 127.0.0.1:8808), got '%s'\n",
                     printableText(spec).c_str());
        return 2;
    }
    std::string host = spec.substr(0, colon);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    const std::string port = spec.substr(colon + 1);
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    if (::getaddrinfo(host.c_str(), port.c_str(), &hints, &found) != 0 || !found) {
        std::fprintf(stderr, "drivelab-cli mcp: --http: cannot resolve '%s'\n", printableText(spec).c_str());
        return 2;
    }
    const addrinfo a = *found;
    sockaddr_storage addr{};
    std::memcpy(&addr, a.ai_addr, a.ai_addrlen);
    const socklen_t addrLen = a.ai_addrlen;
    ::freeaddrinfo(found);
    const bool loopback = a.ai_family == AF_INET ? (ntohl(reinterpret_cast<sockaddr_in*>(&addr)->sin_addr.s_addr) >> 24) == 127
                                                 : IN6_IS_ADDR_LOOPBACK(&reinterpret_cast<sockaddr_in6*>(&addr)->sin6_addr);
    if (!loopback && !config.args.allowRemote) {
        std::fprintf(stderr,
                     "drivelab-cli mcp: --http %s is not a loopback address; the server binds loopback only unless "
                     "--allow-remote --token TOKEN is given\n",
                     printableText(spec).c_str());
        return 2;
    }
    const int listener = ::socket(a.ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int yes = 1;
    ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr*>(&addr), addrLen) != 0 || ::listen(listener, 64) != 0) {
        std::fprintf(stderr, "drivelab-cli mcp: --http %s: cannot listen: %s\n", printableText(spec).c_str(), std::strerror(errno));
        return 2;
    }
    sockaddr_storage bound{};
    socklen_t boundLen = sizeof bound;
    ::getsockname(listener, reinterpret_cast<sockaddr*>(&bound), &boundLen);
    const int boundPort = ntohs(a.ai_family == AF_INET ? reinterpret_cast<sockaddr_in*>(&bound)->sin_port
                                                       : reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port);
    const std::string shown = a.ai_family == AF_INET6 ? "[" + host + "]" : host;
    std::fprintf(stderr, "drivelab-cli mcp: listening on http://%s:%d/mcp\n", shown.c_str(), boundPort);
    std::fflush(stderr);

    // with --allow-remote, clients may also name the server by the HOST it was bound by; on a
    // wildcard address they may name it by any name of the machine, so none is checked (the
    // token, required with --allow-remote, guards every request)
    const bool wildcard = a.ai_family == AF_INET ? reinterpret_cast<sockaddr_in*>(&addr)->sin_addr.s_addr == htonl(INADDR_ANY)
                                                 : IN6_IS_ADDR_UNSPECIFIED(&reinterpret_cast<sockaddr_in6*>(&addr)->sin6_addr);
    const bool remote = config.args.allowRemote;
    HttpServer server(config, remote ? spec.substr(0, colon) : std::string(), remote && wildcard);
    std::atomic<int> active{0};
    for (;;) {
        const int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE) continue;
            std::fprintf(stderr, "drivelab-cli mcp: accept: %s\n", std::strerror(errno));
            return 2;
        }
        const timeval timeout{30, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
        // backpressure: past --max-connections (or when no thread can be had) a 503 that says
        // when to come back, answered here without reading the request
        const auto busy = [fd](const std::string& why) {
            respondError(fd, 503, InternalError, "Service Unavailable: " + why + "; retry after 1 s", "Retry-After: 1\r\n");
            ::close(fd);
        };
        if (active.load() >= config.args.maxConnections) {
            busy(std::to_string(config.args.maxConnections) + " connections are open, the most --max-connections allows");
            continue;
        }
        ++active;
        try {
            std::thread([&server, &active, fd] {
                try {
                    server.connection(fd);
                } catch (...) {
                    // never take the server down for one connection
                }
                ::close(fd);
                --active;
            }).detach();
        } catch (const std::system_error&) {
            --active;
            busy("no thread could be started for this connection");
        }
    }
}

} // namespace drivelab::cli::mcp
