#include "spec/labfiles.h"

#include <filesystem>
#include <mutex>
#include <set>

#include "spec/labreader.h"

namespace drivelab {

namespace fs = std::filesystem;

std::string labFilePath(const LabSpec& lab, const std::string& file)
{
    fs::path path(file);
    if (path.is_relative() && !lab.baseDir.empty()) path = fs::path(lab.baseDir) / path;
    return path.string();
}

namespace {
std::mutex g_libraryMutex;
std::vector<std::string> g_libraryDirs; // guarded by g_libraryMutex
} // namespace

void setPartLibraryDirs(std::vector<std::string> dirs)
{
    const std::lock_guard<std::mutex> lock(g_libraryMutex);
    g_libraryDirs = std::move(dirs);
}

std::vector<std::string> partLibraryDirs()
{
    const std::lock_guard<std::mutex> lock(g_libraryMutex);
    return g_libraryDirs;
}

std::string libraryPartPath(const std::string& name)
{
    for (const std::string& dir : partLibraryDirs()) {
        const fs::path p = fs::path(dir) / (name + ".part.json");
        std::error_code ec;
        if (fs::is_regular_file(p, ec)) return p.string();
    }
    return {};
}

std::string partFilePath(const LabSpec& lab, const std::string& name)
{
    const std::string beside = labFilePath(lab, name + ".part.json");
    std::error_code ec;
    if (fs::exists(beside, ec)) return beside;
    const std::string library = libraryPartPath(name);
    return library.empty() ? beside : library;
}

namespace {

// a folder as the file system resolves it (symbolic links followed where it exists)
fs::path resolvedFolder(const std::string& dir, std::error_code& ec)
{
    const fs::path absolute = fs::absolute(dir.empty() ? fs::path(".") : fs::path(dir), ec);
    return ec ? fs::path() : fs::weakly_canonical(absolute, ec);
}

// the part files the lab's instances use (NAME.part.json beside it or in the library, issue 36), inlined into its
// `parts` without their file header: the lab written elsewhere needs no file, and its fingerprint
// (which records a part as written, without format and version) is the same. A file that does
// not read is left to the compiler to report.
void inlinePartFiles(LabSpec& lab)
{
    std::set<std::string> inlined;
    for (const Json& def : lab.parts) inlined.insert(def.value("name", std::string()));
    std::vector<std::string> todo;
    const auto uses = [&](const Json& instances) {
        if (!instances.is_array()) return;
        for (const Json& i : instances) {
            if (i.is_object() && i.contains("part") && i["part"].is_string()) todo.push_back(i["part"].get<std::string>());
        }
    };
    for (const InstanceSpec& i : lab.instances) todo.push_back(i.part);
    for (const Json& def : lab.parts) {
        if (def.contains("instances")) uses(def["instances"]);
    }
    while (!todo.empty()) {
        const std::string name = todo.back();
        todo.pop_back();
        if (!isValidId(name) || !inlined.insert(name).second) continue;
        std::string text;
        Diagnostics ignored;
        if (!readTextFile(partFilePath(lab, name), text, ignored)) continue;
        std::optional<Json> def = parseJsonStrict(text, ignored);
        if (!def || !def->is_object()) continue;
        def->erase("format");
        def->erase("version");
        if (def->contains("instances")) uses((*def)["instances"]);
        lab.parts.push_back(std::move(*def));
    }
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
        inlinePartFiles(lab);
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
