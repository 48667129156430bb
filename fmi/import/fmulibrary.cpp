#include "fmulibrary.h"

#include <dlfcn.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fmudescriptionreader.h"

namespace drivelab {
namespace {

/// a symbol of the library as the function type of `slot`; false (and the name in `missing`) when absent
template <class F> bool fmuSymbol(void* handle, const char* name, F& slot, std::string& missing)
{
    slot = reinterpret_cast<F>(dlsym(handle, name));
    if (!slot && missing.empty()) missing = name;
    return slot != nullptr;
}

} // namespace

std::shared_ptr<FmuLibrary> FmuLibrary::open(const std::string& dir, const std::string& hash, std::string archive, const std::string& file,
                                             std::string& error)
{
    namespace fs = std::filesystem;
    std::shared_ptr<FmuLibrary> lib(new FmuLibrary);
    lib->m_hash = hash;
    lib->m_archive = std::move(archive);
    // the description
    std::ifstream in(fs::path(dir) / "modelDescription.xml", std::ios::binary);
    if (!in) {
        error = "FMU '" + file + "' has no modelDescription.xml";
        return nullptr;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (!readFmuDescription(text.str(), lib->m_desc, error)) {
        error = "FMU '" + file + "': " + error;
        return nullptr;
    }
    const FmuDescription& d = lib->m_desc;
    // the binary for this platform: FMI 3 binaries/x86_64-linux/, FMI 2 binaries/linux64/
    const std::string platform = d.fmiVersion == 3 ? "x86_64-linux" : "linux64";
    const fs::path binary = fs::path(dir) / "binaries" / platform / (d.identifier + ".so");
    if (!fs::exists(binary)) {
        std::string has;
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(fs::path(dir) / "binaries", ec)) has += (has.empty() ? "" : ", ") + e.path().filename().string();
        error = "FMU '" + file + "' has no binary for this platform (binaries/" + platform + "/" + d.identifier + ".so; it has: " +
                (has.empty() ? std::string("no binaries") : has) + ")";
        return nullptr;
    }
    lib->m_handle = dlopen(binary.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib->m_handle) {
        const char* why = dlerror();
        error = "FMU '" + file + "': its binary does not load (" + std::string(why ? why : "dlopen failed") + ")";
        return nullptr;
    }
    std::string missing;
    void* h = lib->m_handle;
    if (d.fmiVersion == 3) {
        Fmi3Functions& f = lib->m_fmi3;
        fmuSymbol(h, "fmi3InstantiateCoSimulation", f.instantiate, missing);
        fmuSymbol(h, "fmi3FreeInstance", f.freeInstance, missing);
        fmuSymbol(h, "fmi3EnterInitializationMode", f.enterInit, missing);
        fmuSymbol(h, "fmi3ExitInitializationMode", f.exitInit, missing);
        fmuSymbol(h, "fmi3GetFloat64", f.get, missing);
        fmuSymbol(h, "fmi3SetFloat64", f.set, missing);
        fmuSymbol(h, "fmi3DoStep", f.doStep, missing);
        fmuSymbol(h, "fmi3Terminate", f.terminate, missing);
        if (d.canGetAndSetState) {
            fmuSymbol(h, "fmi3GetFMUState", f.getState, missing);
            fmuSymbol(h, "fmi3SetFMUState", f.setState, missing);
            fmuSymbol(h, "fmi3FreeFMUState", f.freeState, missing);
        }
        if (d.canSerializeState) {
            fmuSymbol(h, "fmi3SerializedFMUStateSize", f.serializedSize, missing);
            fmuSymbol(h, "fmi3SerializeFMUState", f.serialize, missing);
            fmuSymbol(h, "fmi3DeserializeFMUState", f.deserialize, missing);
        }
    } else {
        Fmi2Functions& f = lib->m_fmi2;
        fmuSymbol(h, "fmi2Instantiate", f.instantiate, missing);
        fmuSymbol(h, "fmi2FreeInstance", f.freeInstance, missing);
        fmuSymbol(h, "fmi2SetupExperiment", f.setup, missing);
        fmuSymbol(h, "fmi2EnterInitializationMode", f.enterInit, missing);
        fmuSymbol(h, "fmi2ExitInitializationMode", f.exitInit, missing);
        fmuSymbol(h, "fmi2GetReal", f.get, missing);
        fmuSymbol(h, "fmi2SetReal", f.set, missing);
        fmuSymbol(h, "fmi2DoStep", f.doStep, missing);
        fmuSymbol(h, "fmi2Terminate", f.terminate, missing);
        if (d.canGetAndSetState) {
            fmuSymbol(h, "fmi2GetFMUstate", f.getState, missing);
            fmuSymbol(h, "fmi2SetFMUstate", f.setState, missing);
            fmuSymbol(h, "fmi2FreeFMUstate", f.freeState, missing);
        }
        if (d.canSerializeState) {
            fmuSymbol(h, "fmi2SerializedFMUstateSize", f.serializedSize, missing);
            fmuSymbol(h, "fmi2SerializeFMUstate", f.serialize, missing);
            fmuSymbol(h, "fmi2DeSerializeFMUstate", f.deserialize, missing);
        }
    }
    if (!missing.empty()) {
        error = "FMU '" + file + "': its binary lacks the FMI function " + missing;
        return nullptr;
    }
    if (fs::is_directory(fs::path(dir) / "resources")) lib->m_resources = (fs::path(dir) / "resources").string() + "/";
    return lib;
}

FmuLibrary::~FmuLibrary()
{
    if (m_handle) dlclose(m_handle);
}

std::unique_ptr<FmuRunner> FmuLibrary::instantiate(const std::string& name, std::string& error) const
{
    if (m_desc.fmiVersion == 3) return makeFmi3Runner(shared_from_this(), name, error);
    return makeFmi2Runner(shared_from_this(), name, error);
}

} // namespace drivelab
