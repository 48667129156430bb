#include "fmuloader.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include "fmulibrary.h"
#include "util/hash.h"
#include "zipreader.h"

namespace drivelab {
namespace {

/// the libraries open in this process by archive hash (an edit that recompiles reuses them)
std::mutex g_fmuOpenMutex;
std::map<std::string, std::weak_ptr<FmuLibrary>> g_fmuOpen;

/// unpack `archive` into `dir` through a temporary folder renamed into place (another process
/// unpacking the same archive at the same time leaves one complete copy)
bool fmuUnpack(ZipReader& zip, const std::string& dir, std::string& error)
{
    namespace fs = std::filesystem;
    static std::atomic<unsigned> counter{0};
    std::error_code ec;
    fs::create_directories(fs::path(dir).parent_path(), ec);
    const std::string tmp = dir + ".partial-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    fs::remove_all(tmp, ec);
    if (!zip.extractAll(tmp)) {
        error = zip.error();
        fs::remove_all(tmp, ec);
        return false;
    }
    fs::rename(tmp, dir, ec);
    if (ec) {
        fs::remove_all(tmp, ec);
        if (!fs::is_directory(dir)) {
            error = "cannot unpack into the cache folder " + dir;
            return false;
        }
    }
    return true;
}

} // namespace

std::string fmuCacheDir()
{
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/drivelab/fmu";
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/drivelab/fmu";
    return "/tmp/drivelab-fmu-cache";
}

std::shared_ptr<const LoadedFmu> loadFmu(const std::string& path, std::string archive, std::string& error)
{
    namespace fs = std::filesystem;
    // the archive's content hash
    const std::string hash = toHex16(hashBytes(archive));
    const std::lock_guard<std::mutex> lock(g_fmuOpenMutex);
    if (auto open = g_fmuOpen[hash].lock()) return open;
    // unpacked once per content
    const std::string dir = fmuCacheDir() + "/" + hash;
    if (!fs::is_directory(dir)) {
        ZipReader zip;
        if (!zip.open(archive)) {
            error = "FMU file '" + path + "' is not a readable zip archive: " + zip.error();
            return nullptr;
        }
        if (!fmuUnpack(zip, dir, error)) {
            error = "FMU file '" + path + "': " + error;
            return nullptr;
        }
    }
    std::shared_ptr<FmuLibrary> lib = FmuLibrary::open(dir, hash, std::move(archive), path, error);
    if (lib) g_fmuOpen[hash] = lib;
    return lib;
}

void installFmuImport() { setFmuLoader(&loadFmu); }

} // namespace drivelab
