#include "util/readlog.h"

#include <sys/stat.h>

namespace drivelab {

namespace {
thread_local ReadLog* t_innermost = nullptr;
}

ReadLog::ReadLog() : m_outer(t_innermost) { t_innermost = this; }

ReadLog::~ReadLog() { t_innermost = m_outer; }

const ReadLog::File* ReadLog::find(const std::string& path) const
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) return nullptr;
    for (const File& f : m_files)
        if (f.device == st.st_dev && f.inode == st.st_ino) return &f;
    return nullptr;
}

void ReadLog::note(const std::string& path, int fd)
{
    if (!t_innermost) return;
    struct stat st { };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return;
    for (ReadLog* log = t_innermost; log; log = log->m_outer) {
        bool known = false;
        for (const File& f : log->m_files) known = known || (f.device == st.st_dev && f.inode == st.st_ino);
        if (!known) log->m_files.push_back(File{path, st.st_dev, st.st_ino});
    }
}

} // namespace drivelab
