#pragma once
// Whole-file writes that never leave a half-written file: write a temporary file
// `TARGET.tmp-XXXXXX` beside the target, flush it to disk, then rename it over the target.
//
// Temporary files never pile up:
// - the temporary file is removed when the write fails or the AtomicFile is destroyed
//   uncommitted;
// - installTempFileCleanup() makes SIGINT, SIGTERM and SIGHUP remove the temporary file
//   being written (async-signal-safe: its path sits in a static buffer; the handler
//   unlinks it, restores the default action and raises the signal again);
// - opening a target removes stale temporary files of this naming for the same target
//   left by a process that was killed (SIGKILL, power loss). A writer holds an exclusive
//   flock() on its temporary file while it writes, so a file that can be locked has no
//   living writer; a file another process is still writing is left alone.
// A target that is a symbolic link is written through: the link's final target is
// replaced and the link stays. A target that exists and is not a regular file (a
// directory, a FIFO, a device) is refused.
#include <cstdint>
#include <string>
#include <string_view>

namespace drivelab {

/// A file being written beside its target; commit() renames it over the target.
class AtomicFile {
public:
    AtomicFile() = default;
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    /// removes the temporary file unless committed
    ~AtomicFile();
    /// create the temporary file for `path` (removing stale ones); false with a message
    bool open(const std::string& path, std::string& error);
    /// append bytes (buffered); false with a message
    bool write(std::string_view data, std::string& error);
    /// overwrite bytes already written at `offset` [bytes from the start]; false with a message
    bool writeAt(std::uint64_t offset, std::string_view data, std::string& error);
    /// bytes written so far [bytes]
    std::uint64_t size() const { return m_size; }
    /// flush, sync and rename over the target; false with a message (the old target is intact)
    bool commit(std::string& error);
    /// remove the temporary file without touching the target
    void discard();
    /// the temporary file's path while open (tests)
    const std::string& tempPath() const { return m_temp; }

private:
    bool flush(std::string& error);
    int m_fd = -1;
    std::string m_target; // the final target (symbolic links resolved)
    std::string m_temp;
    std::string m_buffer;
    std::uint64_t m_size = 0;
};

/// write `data` to `path` atomically; false with a message on failure (the old file is intact)
bool writeFileAtomic(const std::string& path, const std::string& data, std::string& error);

/// Install the SIGINT/SIGTERM/SIGHUP handlers that remove the temporary file being
/// written before the process dies of the signal. Idempotent; call once from main().
void installTempFileCleanup();

/// the final target a write to `path` replaces: `path` itself, or the file a symbolic link
/// (chain) at `path` points to; empty with a message when the link cannot be resolved
std::string resolveOutputTarget(const std::string& path, std::string& error);

} // namespace drivelab
