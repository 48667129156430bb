// The labs and files a call names: inline JSON, drivelab:// URIs, and paths that never
// leave --root (no `..`, no absolute path elsewhere, no symbolic link that leads out).
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <sys/stat.h>

#include "cli/mcp/mcptools.h"
#include "spec/labreader.h"
#include "util/textescape.h"

namespace drivelab::cli::mcp {

namespace {

// the real path of an existing path ("" when it does not resolve)
std::string realPath(const std::string& p)
{
    char buf[PATH_MAX];
    return ::realpath(p.c_str(), buf) ? std::string(buf) : std::string();
}

bool inside(const std::string& real, const std::string& root) { return real == root || (real.rfind(root + "/", 0) == 0) || root == "/"; }

std::string line(const std::string& file, const char* field, const std::string& message)
{
    return printableText(file) + ": -: " + field + ": " + message + "\n";
}

} // namespace

std::string pathInRoot(const std::string& path, bool write, const Config& config, const char* field, std::string& error)
{
    const std::string& root = config.rootReal;
    if (root.empty()) {
        error = line(path, field,
                     "file access is off: start the server with --root DIR to read and write files there, "
                     "or pass the lab itself");
        return "";
    }
    if (path.empty() || path.find('\0') != std::string::npos) {
        error = line(path, field, "is not a file name");
        return "";
    }
    // no `..` component at all, even one that would stay inside
    for (std::size_t at = 0; at <= path.size();) {
        const std::size_t end = std::min(path.find('/', at), path.size());
        if (path.compare(at, end - at, "..") == 0) {
            error = line(path, field, "'..' is not allowed in a path (paths stay under the server's root)");
            return "";
        }
        at = end + 1;
    }
    std::string joined = path[0] == '/' ? path : root + "/" + path;
    if (path[0] == '/' && !inside(path, root)) {
        error = line(path, field, "is outside the server's root directory");
        return "";
    }
    if (!write) {
        const std::string real = realPath(joined);
        if (real.empty()) {
            error = line(path, field, std::string("cannot be read: ") + std::strerror(errno));
            return "";
        }
        if (!inside(real, root)) {
            error = line(path, field, "leads outside the server's root directory (a symbolic link); refused");
            return "";
        }
        return real;
    }
    // a new file: its directory must resolve inside the root; an existing one must be a
    // regular file (not a symbolic link: the file it names could be anywhere)
    const std::size_t slash = joined.find_last_of('/');
    const std::string dir = realPath(joined.substr(0, slash == 0 ? 1 : slash));
    if (dir.empty() || !inside(dir, root)) {
        error = line(path, field, dir.empty() ? "its directory does not exist" : "leads outside the server's root directory; refused");
        return "";
    }
    const std::string target = dir + joined.substr(slash);
    struct stat st { };
    if (::lstat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        error = line(path, field,
                     S_ISLNK(st.st_mode) ? "is a symbolic link; the server writes only regular files under its root"
                                         : "exists and is not a regular file");
        return "";
    }
    return target;
}

namespace {

// a file a lab refers to, `name` relative to `dir` (a directory under the root, "" for the root
// itself), read only under --root like every other file this server reads
LabFileReader rootFiles(const Config& config, const std::string& dir)
{
    return [&config, dir](const std::string& name, std::string& text, std::string& why) {
        std::string error;
        const std::string rel = name.empty() || name[0] == '/' || dir.empty() ? name : dir + "/" + name;
        const std::string real = pathInRoot(rel, false, config, "file", error);
        if (real.empty()) {
            const std::size_t at = error.find(": file: ");
            why = at == std::string::npos ? error : error.substr(at + 8);
            while (!why.empty() && why.back() == '\n') why.pop_back();
            return false;
        }
        Diagnostics d;
        if (!readTextFile(real, text, d)) {
            why = d.items().empty() ? "cannot be read" : d.items().front().message;
            return false;
        }
        return true;
    };
}

// an example's data file, from the binary
bool exampleFile(const std::string& name, std::string& text, std::string& why)
{
    for (const auto& f : exampleFiles()) {
        if (f.name == name) {
            text = f.text;
            return true;
        }
    }
    why = "no such file beside the example labs";
    return false;
}

} // namespace

LabText labArgument(const Json& value, const CallContext& ctx, const char* what)
{
    LabText out;
    out.file = what;
    out.files = rootFiles(ctx.config, ""); // inline labs: files relative to the root
    const auto limit = static_cast<std::size_t>(ctx.config.args.maxLabBytes);
    const auto tooLarge = [&](std::size_t bytes) {
        out.error =
            line(out.file, "-",
                 "is " + std::to_string(bytes) + " bytes, over this server's " + std::to_string(limit) + "-byte limit (--max-lab-bytes)");
        return out;
    };
    if (value.is_object()) {
        out.text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
        if (out.text.size() > limit) return tooLarge(out.text.size());
        out.ok = true;
        return out;
    }
    if (!value.is_string()) {
        out.error = line(out.file, "-", "must be a JSON object, its text, a drivelab:// URI or a path");
        return out;
    }
    const std::string s = value;
    const std::size_t first = s.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && s[first] == '{') {
        if (s.size() > limit) return tooLarge(s.size());
        out.text = s;
        out.ok = true;
        return out;
    }
    if (s.rfind("drivelab://", 0) == 0) {
        out.file = s;
        if (const Example* e = findExample(s)) {
            out.text = e->text;
            out.files = exampleFile;
        } else if (StoredResource r; ctx.server.stored(s, r)) {
            out.text = r.text;
        } else {
            out.error = line(s, "-", "no such resource (resources/list names them)");
            return out;
        }
        out.ok = true;
        return out;
    }
    out.file = s;
    const std::size_t slash = s.find_last_of('/');
    out.files = rootFiles(ctx.config, slash == std::string::npos ? "" : s.substr(0, slash)); // beside the lab
    const std::string real = pathInRoot(s, false, ctx.config, "-", out.error);
    if (real.empty()) return out;
    struct stat st { };
    if (::stat(real.c_str(), &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) > limit)
        return tooLarge(static_cast<std::size_t>(st.st_size));
    Diagnostics d;
    if (!readTextFile(real, out.text, d)) {
        for (const auto& x : d.items()) out.error += formatDiagnostic(s, x) + "\n";
        return out;
    }
    if (out.text.size() > limit) return tooLarge(out.text.size());
    out.ok = true;
    return out;
}

std::string overwritesInput(const ReadLog& read, const std::string& target, const std::string& output, const char* field)
{
    if (target.empty()) return {};
    const ReadLog::File* f = read.find(target);
    if (!f) return {};
    return printableText(output) + ": -: " + field + ": is the input file " + printableText(f->path) +
           " (read by this call; writing would overwrite it); name another file\n";
}

} // namespace drivelab::cli::mcp
