#include "io/atomicfile.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace drivelab {
namespace {

// the temporary file being written, for the signal handler: written only with the
// cleanup signals blocked, read by the handler
char g_tempPath[PATH_MAX];
volatile std::sig_atomic_t g_tempActive = 0;
constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void removeTempAndDie(int sig)
{
    // async-signal-safe only: unlink, signal, raise
    if (g_tempActive) ::unlink(g_tempPath);
    std::signal(sig, SIG_DFL);
    std::raise(sig); // delivered when the handler returns: the process dies of the signal
}

// blocks the cleanup signals for its lifetime
class SignalBlock {
public:
    SignalBlock()
    {
        sigset_t set;
        sigemptyset(&set);
        for (int s : kCleanupSignals) sigaddset(&set, s);
        sigprocmask(SIG_BLOCK, &set, &m_old);
    }
    ~SignalBlock() { sigprocmask(SIG_SETMASK, &m_old, nullptr); }

private:
    sigset_t m_old;
};

std::string errorText(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// `NAME.tmp-XXXXXX` with six mkstemp characters
bool isTempOf(const char* entry, const std::string& base)
{
    const std::string prefix = base + ".tmp-";
    if (std::strncmp(entry, prefix.c_str(), prefix.size()) != 0) return false;
    const char* rest = entry + prefix.size();
    if (std::strlen(rest) != 6) return false;
    for (const char* c = rest; *c; ++c) {
        if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9'))) return false;
    }
    return true;
}

// remove temporary files of our naming for `target` whose writer is gone: regular files
// of this user that can be locked (a living writer holds its lock); an empty file younger
// than 2 s may belong to a writer between mkstemp and flock and is left for the next write
void removeStaleTemps(const std::string& target)
{
    const std::size_t slash = target.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : target.substr(0, slash));
    const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
    DIR* d = ::opendir(dir.c_str());
    if (!d) return;
    const int dfd = ::dirfd(d);
    while (const dirent* e = ::readdir(d)) {
        if (!isTempOf(e->d_name, base)) continue;
        const int fd = ::openat(dfd, e->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat st { };
        const bool candidate = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid() &&
                               !(st.st_size == 0 && std::time(nullptr) - st.st_mtime < 2);
        if (candidate && ::flock(fd, LOCK_EX | LOCK_NB) == 0) ::unlinkat(dfd, e->d_name, 0);
        ::close(fd);
    }
    ::closedir(d);
}

} // namespace

std::string resolveOutputTarget(const std::string& path, std::string& error)
{
    struct stat st { };
    if (::lstat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return path; // a new file
        error = errorText("cannot inspect the output");
        return {};
    }
    std::string target = path;
    if (S_ISLNK(st.st_mode)) {
        // written through: the file the link points to is replaced, the link stays
        char* real = ::realpath(path.c_str(), nullptr);
        if (!real) {
            error = errorText("is a symbolic link whose target cannot be resolved (a missing target is not created)");
            return {};
        }
        target = real;
        std::free(real);
        if (::stat(target.c_str(), &st) != 0) {
            error = errorText("cannot inspect the symbolic link's target");
            return {};
        }
    }
    if (!S_ISREG(st.st_mode)) {
        error = S_ISDIR(st.st_mode) ? "is a directory; name a file to write"
                                    : "is not a regular file (a FIFO, a device or a socket); name a regular file to write";
        return {};
    }
    return target;
}

AtomicFile::~AtomicFile() { discard(); }

bool AtomicFile::open(const std::string& path, std::string& error)
{
    discard();
    m_target = resolveOutputTarget(path, error);
    if (m_target.empty()) return false;
    removeStaleTemps(m_target);
    std::string temp = m_target + ".tmp-XXXXXX";
    {
        // the file and its registration for the signal handler appear together
        SignalBlock block;
        m_fd = ::mkostemp(temp.data(), O_CLOEXEC);
        if (m_fd < 0) {
            error = errorText("cannot create a temporary file beside it");
            return false;
        }
        if (temp.size() < sizeof g_tempPath) {
            std::memcpy(g_tempPath, temp.c_str(), temp.size() + 1);
            g_tempActive = 1;
        }
    }
    ::flock(m_fd, LOCK_EX | LOCK_NB); // marks the file as having a living writer
    m_temp = std::move(temp);
    m_size = 0;
    m_buffer.clear();
    return true;
}

bool AtomicFile::flush(std::string& error)
{
    const char* p = m_buffer.data();
    std::size_t left = m_buffer.size();
    while (left > 0) {
        const ssize_t n = ::write(m_fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            error = errorText("cannot write");
            return false;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    m_buffer.clear();
    return true;
}

bool AtomicFile::write(std::string_view data, std::string& error)
{
    if (m_fd < 0) {
        error = "internal error: the file is not open";
        return false;
    }
    m_buffer.append(data);
    m_size += data.size();
    constexpr std::size_t kBuffer = 1 << 16;
    return m_buffer.size() < kBuffer || flush(error);
}

bool AtomicFile::writeAt(std::uint64_t offset, std::string_view data, std::string& error)
{
    if (m_fd < 0 || offset + data.size() > m_size) {
        error = "internal error: writing outside what was written";
        return false;
    }
    if (!flush(error)) return false;
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::pwrite(m_fd, data.data() + done, data.size() - done, static_cast<off_t>(offset + done));
        if (n < 0) {
            if (errno == EINTR) continue;
            error = errorText("cannot write");
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

bool AtomicFile::commit(std::string& error)
{
    if (m_fd < 0) {
        error = "internal error: the file is not open";
        return false;
    }
    if (!flush(error)) return false;
    if (::fchmod(m_fd, 0644) != 0 || ::fsync(m_fd) != 0) {
        error = errorText("cannot flush");
        return false;
    }
    SignalBlock block;
    if (std::rename(m_temp.c_str(), m_target.c_str()) != 0) {
        error = errorText("cannot replace the file");
        return false; // the destructor removes the temporary file
    }
    g_tempActive = 0;
    ::close(m_fd);
    m_fd = -1;
    m_temp.clear();
    return true;
}

void AtomicFile::discard()
{
    if (m_fd < 0) return;
    SignalBlock block;
    ::unlink(m_temp.c_str());
    g_tempActive = 0;
    ::close(m_fd);
    m_fd = -1;
    m_temp.clear();
    m_buffer.clear();
}

bool writeFileAtomic(const std::string& path, const std::string& data, std::string& error)
{
    AtomicFile f;
    return f.open(path, error) && f.write(data, error) && f.commit(error);
}

void installTempFileCleanup()
{
    for (int s : kCleanupSignals) {
        struct sigaction old { };
        sigaction(s, nullptr, &old);
        if (old.sa_handler == SIG_IGN) continue; // an ignored signal stays ignored (nohup)
        struct sigaction act { };
        act.sa_handler = removeTempAndDie;
        sigemptyset(&act.sa_mask);
        for (int other : kCleanupSignals) sigaddset(&act.sa_mask, other);
        sigaction(s, &act, nullptr);
    }
}

} // namespace drivelab
