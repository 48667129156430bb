// The text of a lab (declared in labreader.h): a file read whole, refusing what is not a regular
// file (readTextFile), and JSON parsed strictly: duplicate keys and deep nesting refused, each
// named by its path (parseJsonStrict)
#include "spec/labreader.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "util/readlog.h"

namespace drivelab {
namespace {

struct DepthExceeded { };

// one open JSON container while parsing: tracks keys (duplicates) and the path
struct Frame {
    bool object = false;
    std::set<std::string> keys;
    std::string key;
    long index = -1;
};

std::string framePath(const std::vector<Frame>& frames)
{
    std::string path;
    for (std::size_t i = 0; i + 1 < frames.size(); ++i) {
        const Frame& f = frames[i];
        if (f.object)
            path += (path.empty() ? "" : ".") + f.key;
        else
            path += "[" + std::to_string(f.index) + "]";
    }
    return path;
}

} // namespace

std::optional<Json> parseJsonStrict(std::string_view text, Diagnostics& diags)
{
    if (text.size() > kMaxInputBytes) {
        diags.error("-", "-", "file is " + std::to_string(text.size()) + " bytes; the limit is " + std::to_string(kMaxInputBytes));
        return std::nullopt;
    }
    std::vector<Frame> frames;
    int duplicates = 0;
    auto callback = [&](int /*depth*/, Json::parse_event_t event, Json& parsed) -> bool {
        switch (event) {
        case Json::parse_event_t::object_start:
        case Json::parse_event_t::array_start:
            if (!frames.empty() && !frames.back().object) ++frames.back().index;
            frames.push_back(Frame{event == Json::parse_event_t::object_start, {}, {}, -1});
            if (static_cast<int>(frames.size()) > kMaxJsonDepth) throw DepthExceeded{};
            break;
        case Json::parse_event_t::key: {
            Frame& f = frames.back();
            f.key = parsed.get<std::string>();
            if (!f.keys.insert(f.key).second && duplicates++ < 20) {
                // path of the enclosing containers, then this key
                const std::string where = framePath(frames);
                const std::string key = f.key;
                diags.error("-", where.empty() ? key : where + "." + key, "duplicate key '" + key + "'; each key may appear once");
            }
            break;
        }
        case Json::parse_event_t::value:
            if (!frames.empty() && !frames.back().object) ++frames.back().index;
            break;
        case Json::parse_event_t::object_end:
        case Json::parse_event_t::array_end:
            if (!frames.empty()) frames.pop_back();
            break;
        }
        return true;
    };
    try {
        Json root = Json::parse(text.begin(), text.end(), callback, true, false);
        if (duplicates > 0) return std::nullopt;
        return root;
    } catch (const DepthExceeded&) {
        diags.error("-", "-", "JSON nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    } catch (const nlohmann::json::exception& e) {
        std::string msg = e.what();
        // drop the library's "[json.exception.parse_error.101] " tag
        if (auto p = msg.find("] "); p != std::string::npos && msg.rfind("[json.exception", 0) == 0) msg = msg.substr(p + 2);
        diags.error("-", "-", "malformed JSON: " + msg);
    }
    return std::nullopt;
}

bool readTextFile(const std::string& path, std::string& out, Diagnostics& diags)
{
    // `-` is standard input (read to its end); any other path must be a regular file:
    // opened without blocking, so a FIFO without a writer is refused, not waited for
    const bool stdinput = path == "-";
    const int fd = stdinput ? 0 : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        diags.error("-", "-", std::string("cannot open file for reading: ") + std::strerror(errno));
        return false;
    }
    struct stat st { };
    if (!stdinput && (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        diags.error("-", "-",
                    S_ISDIR(st.st_mode) ? "is a directory, not a file"
                                        : "is not a regular file (a FIFO, a device or a socket); name a file, "
                                          "or - to read standard input");
        ::close(fd);
        return false;
    }
    if (!stdinput && static_cast<std::uint64_t>(st.st_size) > kMaxInputBytes) {
        diags.error("-", "-", "file is " + std::to_string(st.st_size) + " bytes; the limit is " + std::to_string(kMaxInputBytes));
        ::close(fd);
        return false;
    }
    if (!stdinput) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    // a command must not write over what it read (util/readlog.h)
    ReadLog::note(path, fd);
    out.clear();
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            diags.error("-", "-", std::string("cannot read file: ") + std::strerror(errno));
            if (!stdinput) ::close(fd);
            return false;
        }
        if (n == 0) break;
        out.append(buf, static_cast<std::size_t>(n));
        if (out.size() > kMaxInputBytes) {
            diags.error("-", "-",
                        "input is over " + std::to_string(kMaxInputBytes) + " bytes; the limit is " + std::to_string(kMaxInputBytes));
            if (!stdinput) ::close(fd);
            return false;
        }
    }
    if (!stdinput) ::close(fd);
    return true;
}

} // namespace drivelab
