#pragma once
// The editor's view of the lab's time signals (no widgets): the kinds and the numeric
// fields each shows, a new signal of a kind, the inputs bound to a signal, a rename that
// rewrites those bindings, the table points as editable rows, and the signal compiled on
// its own for a plot or for the value an input keeps when it is unbound. The kinds and their
// fields are the core's (signals/signalkinds.h): the compiler checks against the same table.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "signals/signal.h"
#include "signals/signalkinds.h"
#include "spec/descriptor.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// one numeric field of a sine, ramp or step signal (the core's table: signals/signalkinds.h)
using SignalField = SignalFieldDescriptor;

/// the kinds a signal can have, in menu order: table, sine, ramp, step, csv
std::span<const char* const> signalKinds();
/// the numeric fields of a kind (empty for table and csv)
std::span<const SignalField> signalFields(const std::string& kind);
/// a one-line description of a kind (English; the editor translates it in context "SignalKinds")
const char* signalKindDoc(const std::string& kind);
/// a new signal of a kind with the editor's starting fields (a table: two points)
SignalSpec makeSignal(const std::string& kind, const std::string& id);

/// true if an input's value is a binding to a signal (an object) rather than a number
bool isInputBinding(const Json& value);
/// read a two-column CSV text into points with the core's reader (parseSignalCsv; problems
/// under `subject`, field `file`)
bool readSignalCsv(const std::string& text, const std::string& name, std::vector<double>& t, std::vector<double>& v,
                   const std::string& subject, Diagnostics& d);

/// one input bound to a signal
struct SignalUse {
    std::string component; ///< component id
    std::string input;     ///< input name
};
/// every input whose value is a binding to this signal, in file order
std::vector<SignalUse> signalUses(const LabSpec& lab, const std::string& id);
/// rename a signal, every binding naming it and the vehicle results' reference speed when it names it
/// (core renameReferences); false when `from` is not a signal
bool renameSignal(LabSpec& lab, const std::string& from, const std::string& to);

/// the table columns of a signal's points (time [s], value)
std::span<const TableColumn> signalPointColumns();
/// points [[t, v], ...] as table rows [{"time": t, "value": v}, ...]
Json pointsToRows(const Json& points);
/// table rows back to points (a missing cell is 0)
Json rowsToPoints(const Json& rows);

/// the signal compiled on its own (a csv file read relative to lab.baseDir); nullopt with
/// the problems in `d` when it does not compile
std::optional<SignalModel> compileSignal(const LabSpec& lab, const SignalSpec& signal, Diagnostics& d);
/// the value an input bound to a signal starts with (scale * signal(0) + offset, clamped to
/// the input's range): what it keeps when unbound; nullopt when the binding cannot be read
std::optional<double> boundStartValue(const LabSpec& lab, const Json& binding, const InputDescriptor& in);

} // namespace drivelab
