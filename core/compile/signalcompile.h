#pragma once
// The lab's `signals` section compiled: each signal checked field by field (a `csv` signal's
// file read relative to LabSpec::baseDir), its SignalModel, and its normalized form (a csv
// signal becomes the table it was read into, so a normalized lab or an asset needs no file);
// and an input's binding to a signal (`"inputs": {"capacity": {"signal": "apply", "scale": 2}}`).
#include <optional>
#include <string>
#include <vector>

#include "signals/signal.h"
#include "spec/descriptor.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// the compiled signals of a lab, in file order
struct CompiledSignals {
    std::vector<SignalModel> models; ///< one per valid signal
    Json normalized = Json::array(); ///< their normalized form (defaults filled, csv as table)
};

/// most points a signal table (or csv file) holds
constexpr std::size_t kMaxSignalPoints = 1000000;

/// compile every signal of the lab; problems go to `d` with the signal id as subject
CompiledSignals compileSignals(const LabSpec& spec, Diagnostics& d);

/// true if an input's value in `inputs` is a binding object (rather than a number)
bool isSignalBinding(const Json& value);

/// check a binding object {"signal" | "controller", "scale", "offset"} of input `in` against the
/// compiled signals; the binding (signal, scale, offset, clamp range) or nothing with errors at
/// `path`. A controller binding leaves signal = -1 and names the controller in `*controller`.
std::optional<InputBinding> readBinding(const Json& value, const InputDescriptor& in, const std::vector<SignalModel>& known,
                                        const std::string& subject, const std::string& path, Diagnostics& d,
                                        std::string* controller = nullptr);

/// the binding's value at time t [s] (scaled, offset and clamped): at t = 0 the input's initial
/// value; gauss2's torque at an instant takes it there
double bindingValue(const InputBinding& b, const SignalModel& s, double t);

/// read a two-column CSV text (time [s], value) into points; a first line that is not numbers
/// is a header; `#` starts a comment line; separators: comma, semicolon or tab. Problems go to
/// `d` as `FIELD: <name> line N: message` under `subject`.
bool parseSignalCsv(const std::string& text, const std::string& name, std::vector<double>& t, std::vector<double>& v,
                    const std::string& subject, Diagnostics& d);

} // namespace drivelab
