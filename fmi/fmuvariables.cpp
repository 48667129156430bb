#include "fmuvariables.h"

#include <cstdio>
#include <limits>

#include "solver/session.h"
#include "spec/labpath.h"
#include "util/hash.h"

namespace drivelab::fmi {

namespace {

// the one-line doc of an observable of the layout
std::string observableDoc(const Model& m, const ObservableRef& o)
{
    if (o.isSignal) return "the signal's value";
    if (o.isNode) {
        for (const auto& n : m.nodes) {
            if (n.id != o.subject) continue;
            for (const auto& d : n.desc->observables)
                if (o.name == d.name) return d.doc;
        }
        return {};
    }
    const int ci = m.componentIndex(o.subject);
    if (ci < 0) return {};
    for (const auto& d : m.components[static_cast<std::size_t>(ci)].desc->observables)
        if (o.name == d.name) return d.doc;
    return {};
}

// a unit as modelDescription.xml takes it: "" for state codes and dimensionless figures
std::string fmuUnit(const char* unit)
{
    const std::string u = unit ? unit : "";
    if (u == "state code") return {};
    return u;
}

// the unit and doc of a value path's field, from the descriptors (`engine.inertia`,
// `lockup.clutch.kinetic_ratio`); empty when the path names a table cell, an event or a setting
void pathUnit(const Model& m, const std::string& path, std::string& unit, std::string& doc)
{
    const auto dot = path.find('.');
    if (dot == std::string::npos) return;
    const std::string subject = path.substr(0, dot);
    const std::string field = path.substr(path.rfind('.') + 1);
    if (field.find('[') != std::string::npos) return;
    for (const auto& n : m.nodes) {
        if (n.id != subject || !n.desc) continue;
        if (const ParameterDescriptor* p = n.desc->field(field)) {
            unit = fmuUnit(p->unit);
            doc = p->doc;
        }
        return;
    }
    const int ci = m.componentIndex(subject);
    if (ci < 0) return;
    if (const ParameterDescriptor* p = m.components[static_cast<std::size_t>(ci)].desc->parameter(field)) {
        unit = fmuUnit(p->unit);
        doc = p->doc;
    }
}

// the hash of what was chosen (the second half of the token)
std::uint64_t selectionHash(const FmuSelection& sel)
{
    Hash64 h;
    h.str("drivelab.fmu.1");
    h.i64(sel.fmiVersion);
    for (const auto* list : {&sel.inputs, &sel.outputs, &sel.parameters}) {
        h.u64(list->size());
        for (const auto& s : *list) h.str(s);
    }
    return h.digest();
}

} // namespace

std::string instantiationToken(std::uint64_t fingerprint, const FmuSelection& sel)
{
    const std::string f = toHex16(fingerprint);
    const std::string s = toHex16(selectionHash(sel));
    return "{" + f.substr(0, 8) + "-" + f.substr(8, 4) + "-" + f.substr(12, 4) + "-" + s.substr(0, 4) + "-" + s.substr(4, 12) + "}";
}

bool buildVariables(const Model& model, const LabSpec& spec, const FmuSelection& sel, FmuVariables& out, std::vector<std::string>& errors)
{
    out = {};
    out.selection = sel;
    out.fingerprint = model.fingerprint;
    out.instantiationToken = instantiationToken(model.fingerprint, sel);
    const std::size_t before = errors.size();
    if (sel.fmiVersion != 2 && sel.fmiVersion != 3)
        errors.push_back("--fmi " + std::to_string(sel.fmiVersion) + ": the FMI version must be 3 or 2");

    FmuVariable time;
    time.kind = VarKind::Time;
    time.name = "time";
    time.unit = "s";
    time.description = "simulation time";
    out.vars.push_back(time);

    // outputs: observables of the layout, by `SUBJECT.NAME`
    const std::vector<ObservableRef> layout = observableLayout(model);
    const auto addOutput = [&](std::size_t i) {
        FmuVariable v;
        v.kind = VarKind::Output;
        v.name = layout[i].subject + "." + layout[i].name;
        v.unit = fmuUnit(layout[i].unit);
        v.description = observableDoc(model, layout[i]);
        v.discrete = layout[i].integer;
        v.observable = static_cast<int>(i);
        out.vars.push_back(std::move(v));
    };
    if (sel.outputs.empty()) {
        for (std::size_t i = 0; i < layout.size(); ++i) addOutput(i);
    }
    for (const std::string& name : sel.outputs) {
        std::size_t found = layout.size();
        for (std::size_t i = 0; i < layout.size() && found == layout.size(); ++i)
            if (layout[i].subject + "." + layout[i].name == name) found = i;
        if (found == layout.size()) {
            errors.push_back("--output-var " + name + ": no observable of that name (SUBJECT.NAME, e.g. " +
                             (layout.empty() ? std::string("pump.speed") : layout.front().subject + "." + layout.front().name) + ")");
            continue;
        }
        addOutput(found);
    }

    // inputs: `ID.inputs.NAME`, a component's input channel
    for (const std::string& name : sel.inputs) {
        const auto mark = name.find(".inputs.");
        const std::string id = mark == std::string::npos ? std::string() : name.substr(0, mark);
        const std::string channel = mark == std::string::npos ? std::string() : name.substr(mark + 8);
        const int ci = model.componentIndex(id);
        const ComponentInfo* c = ci < 0 ? nullptr : &model.components[static_cast<std::size_t>(ci)];
        const InputDescriptor* in = c ? c->desc->input(channel) : nullptr;
        if (mark == std::string::npos) {
            errors.push_back("--input " + name + ": an input is named ID.inputs.NAME (lockup.inputs.capacity)");
            continue;
        }
        if (!c) {
            errors.push_back("--input " + name + ": no component '" + id + "' in the lab");
            continue;
        }
        if (!in) {
            std::string offered;
            for (const auto& d : c->desc->inputs) offered += std::string(offered.empty() ? "" : ", ") + d.name;
            errors.push_back("--input " + name + ": '" + id + "' (" + c->desc->type + ") has no input '" + channel + "'" +
                             (offered.empty() ? std::string("; it has no inputs") : "; it has: " + offered));
            continue;
        }
        // an input a controller writes every tick would overwrite what the importer sets
        std::string controller;
        for (const auto& cs : spec.components) {
            if (cs.id != id || !cs.inputs.contains(channel) || !cs.inputs[channel].is_object()) continue;
            if (cs.inputs[channel].contains("controller") && cs.inputs[channel]["controller"].is_string())
                controller = cs.inputs[channel]["controller"].get<std::string>();
        }
        if (!controller.empty()) {
            errors.push_back("--input " + name + ": bound to the controller '" + controller +
                             "', which writes it every tick; expose the controller's own input instead");
            continue;
        }
        FmuVariable v;
        v.kind = VarKind::Input;
        v.name = name;
        v.unit = fmuUnit(in->unit);
        v.description = in->doc;
        v.component = id;
        v.input = channel;
        const int slot = c->inputSlot + static_cast<int>(in - c->desc->inputs.data());
        v.start = model.realInit[static_cast<std::size_t>(slot)];
        // the range as modelDescription.xml can state it (min and max are inclusive there)
        v.min = in->range.loStrict ? -std::numeric_limits<double>::infinity() : in->range.lo;
        v.max = in->range.hiStrict ? std::numeric_limits<double>::infinity() : in->range.hi;
        v.hasRange = true;
        out.vars.push_back(std::move(v));
    }

    // parameters: value paths, read from the lab as compiled
    for (const std::string& path : sel.parameters) {
        double value = 0.0;
        std::string why;
        if (!getLabValue(spec, path, value, why)) {
            errors.push_back("--parameter " + path + ": " + why);
            continue;
        }
        FmuVariable v;
        v.kind = VarKind::Parameter;
        v.name = path;
        v.start = value;
        pathUnit(model, path, v.unit, v.description);
        out.vars.push_back(std::move(v));
    }

    // one name, one variable
    for (std::size_t i = 0; i < out.vars.size(); ++i) {
        out.vars[i].vr = static_cast<std::uint32_t>(i);
        for (std::size_t j = 0; j < i; ++j)
            if (out.vars[j].name == out.vars[i].name) {
                errors.push_back(out.vars[i].name + ": chosen twice (each variable once)");
                break;
            }
    }
    return errors.size() == before;
}

Json selectionJson(const FmuVariables& v)
{
    Json j = Json::object();
    j["format"] = "drivelab.fmu";
    j["version"] = 1;
    j["fmi"] = v.selection.fmiVersion;
    j["lab"] = "lab.json";
    j["instantiation_token"] = v.instantiationToken;
    j["model_fingerprint"] = toHex16(v.fingerprint);
    j["inputs"] = v.selection.inputs;
    j["outputs"] = v.selection.outputs;
    j["parameters"] = v.selection.parameters;
    return j;
}

bool readSelectionJson(const Json& j, FmuSelection& sel, std::string& token, std::string& why)
{
    try {
        if (!j.is_object() || j.value("format", "") != "drivelab.fmu" || j.value("version", 0) != 1) {
            why = "resources/drivelab-fmu.json: not a DriveLab FMU description of version 1";
            return false;
        }
        sel = {};
        sel.fmiVersion = j.at("fmi").get<int>();
        sel.inputs = j.at("inputs").get<std::vector<std::string>>();
        sel.outputs = j.at("outputs").get<std::vector<std::string>>();
        sel.parameters = j.at("parameters").get<std::vector<std::string>>();
        token = j.at("instantiation_token").get<std::string>();
        return true;
    } catch (const std::exception& e) {
        why = std::string("resources/drivelab-fmu.json: ") + e.what();
        return false;
    }
}

} // namespace drivelab::fmi
