#pragma once
// The files a command read, so that it can refuse to write over any of them: while a ReadLog
// lives, every file readTextFile opens on its thread (the lab, a sweep, a csv signal's file,
// standard input when it is a regular file) is noted with its device and inode. A later
// output that reaches one of them (the same path, another relative path, a symbolic or a
// hard link) is found by device and inode, not by name.
#include <string>
#include <sys/types.h>
#include <vector>

namespace drivelab {

/// the files read on this thread while it lives (logs nest: a file read is noted in each)
class ReadLog {
public:
    /// one file read
    struct File {
        std::string path; ///< as it was opened (`-`: standard input)
        dev_t device = 0; ///< its device
        ino_t inode = 0;  ///< its inode
    };

    ReadLog();
    ~ReadLog();
    ReadLog(const ReadLog&) = delete;
    ReadLog& operator=(const ReadLog&) = delete;

    /// every file noted, in the order read (each file once)
    const std::vector<File>& files() const { return m_files; }
    /// the file read that `path` reaches now (following symbolic links), or nullptr (also when
    /// `path` does not exist: a file that is not there was not read)
    const File* find(const std::string& path) const;

    /// note the open file `fd` that was read as `path` in every log alive on this thread
    /// (readTextFile calls it; regular files only)
    static void note(const std::string& path, int fd);

private:
    std::vector<File> m_files;
    ReadLog* m_outer = nullptr; // the log that was alive when this one began
};

} // namespace drivelab
