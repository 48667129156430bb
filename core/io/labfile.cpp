#include "io/labfile.h"

#include <filesystem>

namespace drivelab {

std::string labBaseDir(const std::string& labPath) { return std::filesystem::path(labPath).parent_path().string(); }

namespace {
LoadedLab loadWith(const std::string& text, const std::string& baseDir, const LabFileReader& files)
{
    LoadedLab out;
    LabReadResult r = readLab(text);
    out.diagnostics.append(r.diagnostics);
    if (!r.lab) return out;
    out.spec = std::move(r.lab);
    out.spec->baseDir = baseDir;
    out.spec->fileReader = files;
    CompileResult c = compile(*out.spec);
    out.diagnostics.append(c.diagnostics);
    out.model = std::move(c.model);
    return out;
}
} // namespace

LoadedLab loadLabText(const std::string& text, const std::string& baseDir) { return loadWith(text, baseDir, {}); }

LoadedLab loadLabText(const std::string& text, const LabFileReader& files) { return loadWith(text, {}, files); }

LoadedLab loadLab(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        LoadedLab out;
        out.diagnostics.error("-", "-", "is a directory, not a lab file");
        return out;
    }
    std::string text;
    Diagnostics d;
    if (!readTextFile(path, text, d)) {
        LoadedLab out;
        out.diagnostics = d;
        return out;
    }
    return loadLabText(text, labBaseDir(path));
}

} // namespace drivelab
