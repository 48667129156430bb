#pragma once
// What the core needs of an imported co-simulation FMU (the `fmu` component type,
// components/rotational/fmu.h; docs/FMI.md, "Import"), as interfaces: the core itself opens no
// archive and loads no library. The platform side (fmi/import/: the zip reader over zlib, the
// cache, dlopen, the FMI 3.0 and 2.0 calls) installs its loader with setFmuLoader() in the
// programs that import FMUs (drivelab-cli, the editor, the tests); the exported FMU's own library
// (drivelab_fmu) installs none, so an FMU inside an exported FMU is a compile error there.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "spec/descriptor.h"

namespace drivelab {

struct InstanceObservables; // compile/model.h

/// one variable of an FMU's modelDescription.xml
struct FmuVariable {
    std::string name;        ///< its name
    unsigned vr = 0;         ///< value reference
    std::string type;        ///< "Float64" (FMI 3), "Real" (FMI 2), or another type's element name
    std::string causality;   ///< "input", "output", "parameter", "local", ...
    std::string variability; ///< "fixed", "tunable", "continuous", ...
    bool hasStart = false;   ///< a start value is given
    double start = 0.0;      ///< the start value (real variables)
    std::string unit;        ///< its unit (its own or its declared type's; "" when none is given)
    std::string description; ///< its description ("" when none is given)

    /// a Float64 (FMI 3) or Real (FMI 2) variable
    bool isReal() const { return type == "Float64" || type == "Real"; }
};

/// what the import reads of modelDescription.xml
struct FmuDescription {
    int fmiVersion = 3;                ///< 3 or 2
    std::string modelName;             ///< modelName
    std::string identifier;            ///< the co-simulation modelIdentifier (the library's name)
    std::string token;                 ///< instantiationToken (FMI 3) or guid (FMI 2)
    bool canGetAndSetState = false;    ///< CoSimulation's canGetAndSetFMUState (FMI 3) / canGetAndSetFMUstate (FMI 2)
    bool canSerializeState = false;    ///< canSerializeFMUState / canSerializeFMUstate, with canGetAndSetState (the
                                       ///< standard's serialize functions need both)
    std::vector<FmuVariable> variables; ///< the model variables in file order

    /// the variable named `name`, or null
    const FmuVariable* find(const std::string& name) const;
};

/// One instance of an FMU (one per session). Every call returns false on an FMU error status
/// (or a missing instance), with error() saying which call failed and what the FMU logged.
/// Calls after instantiation allocate nothing on DriveLab's side.
class FmuRunner {
public:
    virtual ~FmuRunner() = default;
    /// set the parameters' start values, initialize at t0 and leave initialization
    virtual bool start(const unsigned* vr, const double* values, std::size_t n, double t0) = 0;
    /// set real inputs
    virtual bool set(const unsigned* vr, const double* values, std::size_t n) = 0;
    /// get real variables
    virtual bool get(const unsigned* vr, double* values, std::size_t n) = 0;
    /// one communication step from t over h [s]
    virtual bool doStep(double t, double h) = 0;
    /// why the last call failed
    virtual const std::string& error() const = 0;
    /// keep the FMU's state (get FMU state, into the one state this instance keeps; only when its
    /// description says canGetAndSetState)
    virtual bool saveState() = 0;
    /// back to the state saveState kept (set FMU state)
    virtual bool restoreState() = 0;
    /// the FMU's present state as bytes (get FMU state into a state of its own, serialize it, free
    /// it; the state saveState keeps is untouched; only when its description says canSerializeState)
    virtual bool serializeState(std::vector<unsigned char>& bytes) = 0;
    /// take over the state `bytes` (serializeState of an instance of the same FMU): deserialize it,
    /// set it, free it
    virtual bool deserializeState(const std::vector<unsigned char>& bytes) = 0;
};

/// A loaded FMU: unpacked, its description read and its library opened; makes instances.
class LoadedFmu {
public:
    virtual ~LoadedFmu() = default;
    /// its model description
    virtual const FmuDescription& description() const = 0;
    /// the archive's content hash (16 hex digits; the cache key, and the `archive_hash` the
    /// normalized lab records, so the model fingerprint covers the archive's bytes)
    virtual const std::string& archiveHash() const = 0;
    /// the archive's bytes (what a portable asset embeds)
    virtual const std::string& archive() const = 0;
    /// a new instance named `name`, or null with `error`
    virtual std::unique_ptr<FmuRunner> instantiate(const std::string& name, std::string& error) const = 0;
};

/// an imported FMU as its component compiled it: what every session instantiates
struct FmuBinding {
    std::shared_ptr<const LoadedFmu> fmu; ///< the loaded FMU
    std::string component;                ///< the component's id (messages)
    std::string file;                     ///< the file as the lab names it (messages)
    std::string output;                   ///< the FMU output the component maps (what its `output` observable is; the editor's plots)
    std::string speedInput;               ///< the FMU input fed node_a's speed ("" when none; what `speed_in` feeds)
    std::vector<unsigned> startVr;        ///< parameters and inputs set before initialization
    std::vector<double> startValues;      ///< their values
    std::vector<std::string> observed;    ///< the FMU variables observed besides `output` and `speed_in`: every
                                          ///< real output, in model-description order (fmuObservables)
    std::vector<unsigned> observedVr;     ///< their value references (read after every step)
};

/// an FMU variable's name as a DriveLab observable name: every byte outside [A-Za-z0-9_] becomes
/// '_' (`der(x)` -> `der_x_`, `engine.speed` -> `engine_speed`), and a name that starts with a digit
/// gets a leading '_' (so `ID.NAME` reads in a derived channel's expression as any observable)
std::string fmuObservableName(const std::string& variable);
/// an fmu component's observables: its type's (`fixed`: output, speed_in), then one per real
/// (Float64 / Real) output of `d` in model-description order, named by fmuObservableName (a name
/// already taken gets `_2`, `_3`, ..., the first free), with the variable's unit and a doc naming
/// the variable; fills b.observed and b.observedVr in the same order
std::shared_ptr<InstanceObservables> fmuObservables(std::span<const ObservableDescriptor> fixed, const FmuDescription& d, FmuBinding& b);

/// one session's instance of an FmuBinding (Workspace::fmus, in Model::fmus order)
struct FmuSlot {
    const FmuBinding* binding = nullptr; ///< what it instantiates (owned by the model)
    std::unique_ptr<FmuRunner> runner;   ///< the instance; null when it could not be made (error says why)
    std::int64_t nextTick = 0;           ///< the tick it steps from next (a rollback or a fork breaks the match)
    std::int64_t savedTick = -1;         ///< the tick its saved FMU state belongs to (-1: none)
    std::string error;                   ///< why the instance could not be made
    std::string lost;                    ///< why a rollback could not take the instance back (empty: it could)
};

/// a fresh, initialized instance of `b` (the error in the slot when it cannot be made)
FmuSlot makeFmuSlot(const FmuBinding& b);
/// at a batch's start (Session::run, tick `tick`): each instance that can keeps its FMU state
/// (nothing for a model without fmu components)
void saveFmuStates(std::vector<FmuSlot>& slots, std::int64_t tick);
/// after a batch rolled DriveLab's state back to tick `tick`: each instance back to the state kept
/// there, or (an FMU without get/set FMU state) `lost` says why it cannot continue
void rollbackFmuStates(std::vector<FmuSlot>& slots, std::int64_t tick);
/// a fork (the Session's copy, at tick `tick`): each of `child`'s fresh instances takes over the
/// state of `parent`'s instance through serialize / deserialize FMU state, so the fork continues as
/// the parent would; an FMU without canSerializeState (or a parent instance not in step with the
/// run) leaves `lost` saying why the fork's instance cannot continue
void forkFmuStates(std::vector<FmuSlot>& parent, std::vector<FmuSlot>& child, std::int64_t tick);
/// instantiate and initialize `b`; null with `error` (naming the component, the file and the call)
std::unique_ptr<FmuRunner> startFmu(const FmuBinding& b, std::string& error);

/// the platform's loader: the FMU archive `bytes` (read from the file `name`, which messages
/// name) loaded, or null with `error` (a message that names the file)
using FmuLoader = std::shared_ptr<const LoadedFmu> (*)(const std::string& name, std::string bytes, std::string& error);

/// install the loader (once, at program start; nullptr removes it)
void setFmuLoader(FmuLoader loader);
/// the installed loader, or nullptr (this program imports no FMUs)
FmuLoader fmuLoader();

} // namespace drivelab
