#include "io/modelfile.h"

#include <filesystem>

#include "io/asset.h"

namespace drivelab {

namespace {
LoadedLab loadModel(const std::string& text, const std::string& baseDir, const LabFileReader* files)
{
    Diagnostics parse;
    std::optional<Json> root = parseJsonStrict(text, parse);
    if (!root || !isAssetDocument(*root)) {
        // not an asset: exactly what a lab load does (the same parse, the same diagnostics)
        return files ? loadLabText(text, *files) : loadLabText(text, baseDir);
    }
    LoadedLab out;
    AssetReadResult r = readAssetDocument(*root, text);
    out.diagnostics = r.diagnostics;
    if (!r.asset) return out;
    LabReadResult spec = readLabJson(r.asset->model);
    out.spec = std::move(spec.lab);
    out.model = r.asset->compiled;
    return out;
}
} // namespace

LoadedLab loadModelText(const std::string& text, const std::string& baseDir) { return loadModel(text, baseDir, nullptr); }

LoadedLab loadModelText(const std::string& text, const LabFileReader& files) { return loadModel(text, {}, &files); }

LoadedLab loadModelFile(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return loadLab(path);
    std::string text;
    Diagnostics d;
    if (!readTextFile(path, text, d)) {
        LoadedLab out;
        out.diagnostics = d;
        return out;
    }
    return loadModelText(text, labBaseDir(path));
}

} // namespace drivelab
