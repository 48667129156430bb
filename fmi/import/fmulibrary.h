#pragma once
// An unpacked co-simulation FMU with its library opened (dlopen, RTLD_LOCAL) and the FMI 3.0 or
// 2.0 functions the import calls resolved once: the LoadedFmu the `fmu` component compiles
// against. Instances (fmurunners.cpp) hold the library open until the last one is freed.
#include <memory>
#include <string>

#include "components/common/fmuhost.h"
#include "../api/fmi2api.h"
#include "../api/fmi3api.h"

namespace drivelab {

/// the FMI 3.0 co-simulation functions the import calls
struct Fmi3Functions {
    decltype(&fmi3InstantiateCoSimulation) instantiate = nullptr;
    decltype(&fmi3FreeInstance) freeInstance = nullptr;
    decltype(&fmi3EnterInitializationMode) enterInit = nullptr;
    decltype(&fmi3ExitInitializationMode) exitInit = nullptr;
    decltype(&fmi3GetFloat64) get = nullptr;
    decltype(&fmi3SetFloat64) set = nullptr;
    decltype(&fmi3DoStep) doStep = nullptr;
    decltype(&fmi3Terminate) terminate = nullptr;
    decltype(&fmi3GetFMUState) getState = nullptr;   ///< when the FMU can get and set its state
    decltype(&fmi3SetFMUState) setState = nullptr;   ///< "
    decltype(&fmi3FreeFMUState) freeState = nullptr; ///< "
    decltype(&fmi3SerializedFMUStateSize) serializedSize = nullptr; ///< when it can also serialize its state
    decltype(&fmi3SerializeFMUState) serialize = nullptr;           ///< "
    decltype(&fmi3DeserializeFMUState) deserialize = nullptr;       ///< "
};

/// the FMI 2.0 co-simulation functions the import calls
struct Fmi2Functions {
    decltype(&fmi2Instantiate) instantiate = nullptr;
    decltype(&fmi2FreeInstance) freeInstance = nullptr;
    decltype(&fmi2SetupExperiment) setup = nullptr;
    decltype(&fmi2EnterInitializationMode) enterInit = nullptr;
    decltype(&fmi2ExitInitializationMode) exitInit = nullptr;
    decltype(&fmi2GetReal) get = nullptr;
    decltype(&fmi2SetReal) set = nullptr;
    decltype(&fmi2DoStep) doStep = nullptr;
    decltype(&fmi2Terminate) terminate = nullptr;
    decltype(&fmi2GetFMUstate) getState = nullptr;   ///< when the FMU can get and set its state
    decltype(&fmi2SetFMUstate) setState = nullptr;   ///< "
    decltype(&fmi2FreeFMUstate) freeState = nullptr; ///< "
    decltype(&fmi2SerializedFMUstateSize) serializedSize = nullptr; ///< when it can also serialize its state
    decltype(&fmi2SerializeFMUstate) serialize = nullptr;           ///< "
    decltype(&fmi2DeSerializeFMUstate) deserialize = nullptr;       ///< "
};

class FmuLibrary final : public LoadedFmu, public std::enable_shared_from_this<FmuLibrary> {
public:
    /// the FMU unpacked in `dir` (its archive `archive` with hash `hash`, named `file` in messages); null with error
    static std::shared_ptr<FmuLibrary> open(const std::string& dir, const std::string& hash, std::string archive, const std::string& file,
                                            std::string& error);
    ~FmuLibrary() override;
    FmuLibrary(const FmuLibrary&) = delete;
    FmuLibrary& operator=(const FmuLibrary&) = delete;

    const FmuDescription& description() const override { return m_desc; }
    const std::string& archiveHash() const override { return m_hash; }
    const std::string& archive() const override { return m_archive; }
    std::unique_ptr<FmuRunner> instantiate(const std::string& name, std::string& error) const override;

    /// its FMI 3.0 functions (fmiVersion 3)
    const Fmi3Functions& fmi3() const { return m_fmi3; }
    /// its FMI 2.0 functions (fmiVersion 2)
    const Fmi2Functions& fmi2() const { return m_fmi2; }
    /// the unpacked resources folder ("" when the archive has none)
    const std::string& resources() const { return m_resources; }

private:
    FmuLibrary() = default;
    void* m_handle = nullptr;
    FmuDescription m_desc;
    std::string m_hash, m_archive, m_resources;
    Fmi3Functions m_fmi3;
    Fmi2Functions m_fmi2;
};

/// an FMI 3.0 instance of `lib` named `name`; null with error (fmurunners.cpp)
std::unique_ptr<FmuRunner> makeFmi3Runner(std::shared_ptr<const FmuLibrary> lib, const std::string& name, std::string& error);
/// an FMI 2.0 instance of `lib` named `name`; null with error (fmurunners.cpp)
std::unique_ptr<FmuRunner> makeFmi2Runner(std::shared_ptr<const FmuLibrary> lib, const std::string& name, std::string& error);

} // namespace drivelab
