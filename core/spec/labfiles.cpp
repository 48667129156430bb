#include "spec/labfiles.h"

#include <filesystem>

namespace drivelab {

namespace fs = std::filesystem;

std::string labFilePath(const LabSpec& lab, const std::string& file)
{
    fs::path path(file);
    if (path.is_relative() && !lab.baseDir.empty()) path = fs::path(lab.baseDir) / path;
    return path.string();
}

namespace {

// a folder as the file system resolves it (symbolic links followed where it exists)
fs::path resolvedFolder(const std::string& dir, std::error_code& ec)
{
    const fs::path absolute = fs::absolute(dir.empty() ? fs::path(".") : fs::path(dir), ec);
    return ec ? fs::path() : fs::weakly_canonical(absolute, ec);
}

} // namespace

void relocateLabFiles(LabSpec& lab, const std::string& newBaseDir)
{
    std::error_code ec;
    const fs::path from = resolvedFolder(lab.baseDir, ec);
    const bool fromOk = !ec;
    const fs::path to = resolvedFolder(newBaseDir, ec);
    const bool same = fromOk && !ec && from == to;
    if (!lab.fileReader && !same) {
        for (SignalSpec& g : lab.timeSignals) {
            if (g.kind != "csv" || !g.fields.contains("file") || !g.fields["file"].is_string()) continue;
            const std::string file = g.fields["file"].get<std::string>();
            if (file.empty() || fs::path(file).is_absolute()) continue;
            // the file's folder resolved, its name kept (a link to the file stays a link)
            const fs::path at(labFilePath(lab, file));
            std::error_code e;
            const fs::path folder = resolvedFolder(at.parent_path().string(), e);
            const fs::path rel = e || ec ? fs::path() : folder.lexically_relative(to);
            // no relative way from the new folder (one does not resolve): the absolute path
            fs::path named = rel.empty() ? folder / at.filename() : rel / at.filename();
            if (e) named = fs::absolute(at, e);
            if (!named.empty()) g.fields["file"] = named.lexically_normal().generic_string();
        }
    }
    lab.baseDir = newBaseDir;
}

} // namespace drivelab
