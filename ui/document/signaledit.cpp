#include "compile/signalcompile.h"
#include "document/signaledit.h"

#include <algorithm>

#include "components/descriptors.h"
#include "spec/specedit.h"

namespace drivelab {
namespace {

constexpr TableColumn kPointColumns[] = {
    {"time", "s", kSignalTime, "time of the point [s]; times increase down the table"},
    {"value", "", kSignalValue, "the signal's value at that time"},
};

double cellOf(const Json& row, const char* key)
{
    return row.is_object() && row.contains(key) && row[key].is_number() ? row[key].get<double>() : 0.0;
}

} // namespace

std::span<const char* const> signalKinds() { return signalKindNames(); }

std::span<const SignalField> signalFields(const std::string& kind) { return signalFieldDescriptors(kind); }

const char* signalKindDoc(const std::string& kind)
{
    if (kind == "table") return "points [time, value], linear or held between them, held beyond the ends";
    if (kind == "sine") return "offset + amplitude sin(2π f (t − start) + phase) from the start; the offset before it";
    if (kind == "ramp") return "from, then linearly to 'to' over [start, start + duration], then 'to'";
    if (kind == "step") return "'before' until the time, 'after' from it on";
    if (kind == "csv") return "a two-column CSV file (time [s], value) relative to the lab file, read as a table";
    return "";
}

SignalSpec makeSignal(const std::string& kind, const std::string& id)
{
    SignalSpec s;
    s.id = id;
    s.kind = kind;
    if (kind == "table") {
        s.fields["points"] = Json::array({Json::array({0.0, 0.0}), Json::array({1.0, 1.0})});
        s.fields["interpolation"] = "linear";
    } else if (kind == "csv") {
        s.fields["file"] = "";
        s.fields["interpolation"] = "linear";
    } else {
        for (const SignalField& f : signalFields(kind)) {
            if (f.required) s.fields[f.name] = f.editorDefault;
        }
    }
    return s;
}

bool isInputBinding(const Json& value) { return isSignalBinding(value); }

bool readSignalCsv(const std::string& text, const std::string& name, std::vector<double>& t, std::vector<double>& v,
                   const std::string& subject, Diagnostics& d)
{
    return parseSignalCsv(text, name, t, v, subject, d);
}

std::vector<SignalUse> signalUses(const LabSpec& lab, const std::string& id)
{
    std::vector<SignalUse> out;
    for (const auto& c : lab.components) {
        if (!c.inputs.is_object()) continue;
        for (auto it = c.inputs.begin(); it != c.inputs.end(); ++it) {
            const Json& v = it.value();
            if (isSignalBinding(v) && v.contains("signal") && v["signal"].is_string() && v["signal"].get<std::string>() == id)
                out.push_back({c.id, it.key()});
        }
    }
    return out;
}

bool renameSignal(LabSpec& lab, const std::string& from, const std::string& to)
{
    SignalSpec* s = lab.findSignal(from);
    if (!s) return false;
    s->id = to;
    // the core's one walk over a lab's references: the inputs bound to it ({"signal": id}) and the
    // vehicle results' reference speed (a signal is not an instance: no path has it as its head)
    std::vector<Json*> inputs;
    for (ComponentSpec& c : lab.components) inputs.push_back(&c.inputs);
    renameReferences(lab.events, inputs, lab.results, from, to, true);
    return true;
}

std::span<const TableColumn> signalPointColumns() { return kPointColumns; }

Json pointsToRows(const Json& points)
{
    Json rows = Json::array();
    if (!points.is_array()) return rows;
    for (const Json& p : points) {
        Json row = Json::object();
        if (p.is_array() && p.size() == 2) {
            row["time"] = p[0];
            row["value"] = p[1];
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

Json rowsToPoints(const Json& rows)
{
    Json points = Json::array();
    if (!rows.is_array()) return points;
    for (const Json& r : rows) points.push_back(Json::array({cellOf(r, "time"), cellOf(r, "value")}));
    return points;
}

std::optional<SignalModel> compileSignal(const LabSpec& lab, const SignalSpec& signal, Diagnostics& d)
{
    LabSpec one;
    one.baseDir = lab.baseDir;
    one.timeSignals.push_back(signal);
    CompiledSignals c = compileSignals(one, d);
    if (c.models.empty()) return std::nullopt;
    return std::move(c.models.front());
}

std::optional<double> boundStartValue(const LabSpec& lab, const Json& binding, const InputDescriptor& in)
{
    if (!isSignalBinding(binding) || !binding.contains("signal") || !binding["signal"].is_string()) return std::nullopt;
    const SignalSpec* s = lab.findSignal(binding["signal"].get<std::string>());
    if (!s) return std::nullopt;
    Diagnostics d;
    const auto model = compileSignal(lab, *s, d);
    if (!model) return std::nullopt;
    const auto number = [&](const char* k, double fallback) {
        return binding.contains(k) && binding[k].is_number() ? binding[k].get<double>() : fallback;
    };
    const double v = number("scale", 1.0) * model->value(0.0) + number("offset", 0.0);
    return std::clamp(v, in.range.lo, in.range.hi);
}

} // namespace drivelab
