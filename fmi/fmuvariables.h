#pragma once
// The variables of a DriveLab FMU (docs/FMI.md): what `export-fmu` writes into
// modelDescription.xml and what the FMU's library binds at instantiation, built by one function
// from the compiled lab and the user's selection, so both sides give every variable the same
// value reference.
//
//   vr 0            time (independent)
//   vr 1 ..         outputs: observables `SUBJECT.NAME` (pump.speed), in the order chosen
//                   (default: every observable in the report's order)
//   then            inputs: `ID.inputs.NAME` (an event-settable or signal-bound input)
//   then            parameters: value paths (docs/FORMATS.md "Value paths"), fixed
#include <cstdint>
#include <string>
#include <vector>

#include "compile/model.h"
#include "spec/labspec.h"
#include "util/jsonwrite.h"

namespace drivelab::fmi {

/// what a variable is
enum class VarKind { Time, Output, Input, Parameter };

/// one variable of the FMU
struct FmuVariable {
    std::uint32_t vr = 0;          ///< value reference
    VarKind kind = VarKind::Time;  ///< causality
    std::string name;              ///< FMI name: `pump.speed`, `lockup.inputs.capacity`, a value path
    std::string unit;              ///< SI unit ("" when dimensionless or a state code)
    std::string description;       ///< the descriptor's one-line doc
    double start = 0.0;            ///< start value (inputs, parameters)
    bool discrete = false;         ///< an integer observable (state code, flag): variability discrete
    int observable = -1;           ///< output: index into observableLayout
    std::string component;         ///< input: component id
    std::string input;             ///< input: channel name
    double min = 0.0, max = 0.0;   ///< input: the descriptor's range (hasRange)
    bool hasRange = false;         ///< input: min and max apply
};

/// what the user chose (as typed on the command line)
struct FmuSelection {
    int fmiVersion = 3;                  ///< 3 or 2
    std::vector<std::string> inputs;     ///< `ID.inputs.NAME`
    std::vector<std::string> outputs;    ///< `SUBJECT.NAME`; empty: every observable
    std::vector<std::string> parameters; ///< value paths
};

/// the FMU's variables and identity
struct FmuVariables {
    FmuSelection selection;          ///< as chosen
    std::vector<FmuVariable> vars;   ///< by value reference (vars[i].vr == i)
    std::uint64_t fingerprint = 0;   ///< the lab's model fingerprint
    std::string instantiationToken;  ///< FMI 3 instantiationToken / FMI 2 guid
};

/// Build the variables of `model` (compiled from `spec`) for `sel`; false with one line per
/// problem in `errors` (`--input X: ...`), naming the option and what the lab offers.
bool buildVariables(const Model& model, const LabSpec& spec, const FmuSelection& sel, FmuVariables& out, std::vector<std::string>& errors);

/// the instantiation token: `{` the fingerprint's 16 hex digits split 8-4-4, then 4-12 hex digits of
/// the selection's hash `}` (GUID-shaped, as FMI 2 tools expect)
std::string instantiationToken(std::uint64_t fingerprint, const FmuSelection& sel);

/// resources/drivelab-fmu.json: the selection and the token (what the library reads back)
Json selectionJson(const FmuVariables& v);
/// read it back; false with why
bool readSelectionJson(const Json& j, FmuSelection& sel, std::string& token, std::string& why);

} // namespace drivelab::fmi
