#include "spec/labpath.h"

#include <cmath>
#include <optional>
#include <vector>

#include "components/descriptors.h"
#include "components/hydraulic/oil.h"
#include "signals/signalkinds.h"

namespace drivelab {

namespace {

/// one step of a path: a key, or an index `[n]`
struct Step {
    std::string key;
    long long index = -1; ///< >= 0: an index step
};

bool parsePath(std::string_view path, std::vector<Step>& out, std::string& why)
{
    std::size_t i = 0;
    const auto bad = [&](const char* what) {
        why = "path '" + std::string(path) + "': " + what;
        return false;
    };
    if (path.empty()) return bad("is empty");
    while (i < path.size()) {
        if (path[i] == '[') {
            const std::size_t close = path.find(']', i);
            if (close == std::string_view::npos || close == i + 1) return bad("an index is not closed by ']'");
            long long n = 0;
            for (std::size_t k = i + 1; k < close; ++k) {
                if (path[k] < '0' || path[k] > '9' || n > 100000000) return bad("an index is not a whole number");
                n = n * 10 + (path[k] - '0');
            }
            out.push_back({{}, n});
            i = close + 1;
            if (i < path.size() && path[i] == '.') {
                ++i;
                if (i == path.size()) return bad("ends with '.'");
            }
            continue;
        }
        std::size_t end = i;
        while (end < path.size() && path[end] != '.' && path[end] != '[') ++end;
        if (end == i) return bad("has an empty part");
        out.push_back({std::string(path.substr(i, end - i)), -1});
        i = end;
        if (i < path.size() && path[i] == '.') {
            ++i;
            if (i == path.size()) return bad("ends with '.'");
        }
    }
    return true;
}

std::string describeSteps(const std::vector<Step>& steps, std::size_t upTo)
{
    std::string s;
    for (std::size_t i = 0; i < upTo && i < steps.size(); ++i) {
        if (steps[i].index >= 0) {
            s += "[" + std::to_string(steps[i].index) + "]";
        } else {
            if (!s.empty()) s += ".";
            s += steps[i].key;
        }
    }
    return s;
}

/// where a path points
struct Target {
    Json* json = nullptr;             ///< a JSON value (may be a fresh null when `created`)
    Json* parent = nullptr;           ///< the object holding it when it is absent
    std::string key;                  ///< its key in `parent`
    double* real = nullptr;           ///< an event value
    std::int64_t* whole = nullptr;    ///< a run setting or an event time
    ParamKind kind = ParamKind::Real; ///< what the value must be
    double fallback = 0.0;            ///< its value when absent
    bool mayBeAbsent = false;         ///< absent reads as `fallback` and may be added
    const char* keyword = nullptr;    ///< RealOrKeyword
    double keywordValue = 0.0;
};

/// walk JSON steps below a value (table rows and cells, a binding's scale)
bool walk(Json*& at, const std::vector<Step>& steps, std::size_t from, std::string& why)
{
    for (std::size_t i = from; i < steps.size(); ++i) {
        const Step& s = steps[i];
        if (s.index >= 0) {
            if (!at->is_array() || static_cast<std::size_t>(s.index) >= at->size()) {
                why = "'" + describeSteps(steps, i + 1) + "' does not exist" +
                      (at->is_array() ? " (" + std::to_string(at->size()) + " rows)" : std::string(" (not a list)"));
                return false;
            }
            at = &(*at)[static_cast<std::size_t>(s.index)];
        } else {
            if (!at->is_object() || !at->contains(s.key)) {
                why = "'" + describeSteps(steps, i + 1) + "' does not exist";
                return false;
            }
            at = &(*at)[s.key];
        }
    }
    return true;
}

/// a named field of a JSON object described by a ParameterDescriptor
bool described(Json& object, const ParameterDescriptor& p, const std::vector<Step>& steps, std::size_t next, Target& t, std::string& why)
{
    if (p.kind == ParamKind::Boolean) {
        why = "'" + describeSteps(steps, next) + "' is true or false, not a number";
        return false;
    }
    if (p.kind == ParamKind::Text || p.kind == ParamKind::NumberMap) {
        why = "'" + describeSteps(steps, next) + "' is " + (p.kind == ParamKind::Text ? "text" : "a map of an imported FMU's values") + ", not a number";
        return false;
    }
    if (next == steps.size()) {
        if (p.kind == ParamKind::Table) {
            why = "'" + describeSteps(steps, next) + "' is a table: name a cell, as " + describeSteps(steps, next) + "[0]." +
                  (p.columns.empty() ? std::string("column") : std::string(p.columns[0].name));
            return false;
        }
        if (p.kind == ParamKind::Table2D) {
            why = "'" + describeSteps(steps, next) + "' is a 2-D table: name a cell, as " + describeSteps(steps, next) + ".values[0][0]";
            return false;
        }
        t.kind = p.kind;
        t.keyword = p.keyword;
        t.keywordValue = p.keywordValue;
        if (object.contains(p.name)) {
            t.json = &object[p.name];
        } else {
            t.parent = &object;
            t.key = p.name;
            t.mayBeAbsent = !p.required;
            t.fallback = p.fileDefault;
        }
        return true;
    }
    if (!object.contains(p.name)) {
        why = "'" + describeSteps(steps, next) + "' is not given in the lab";
        return false;
    }
    Json* at = &object[p.name];
    if (!walk(at, steps, next, why)) return false;
    t.json = at;
    return true;
}

bool resolve(LabSpec& lab, std::string_view path, Target& t, std::string& why)
{
    std::vector<Step> steps;
    if (!parsePath(path, steps, why)) return false;
    const auto fail = [&](const std::string& w) {
        why = "path '" + std::string(path) + "': " + w;
        return false;
    };
    const Step& head = steps[0];
    if (head.index >= 0) return fail("must start with an id, 'events' or 'run'");
    if (head.key == "run" && !lab.findNode("run") && !lab.findComponent("run") && !lab.findSignal("run")) {
        if (steps.size() != 2 || steps[1].index >= 0) return fail("name a run setting: run.tick_ns or run.duration_ns");
        if (steps[1].key == "tick_ns")
            t.whole = &lab.run.tickNs;
        else if (steps[1].key == "duration_ns")
            t.whole = &lab.run.durationNs;
        else
            return fail("'" + steps[1].key + "' is not a run setting a study can vary (tick_ns, duration_ns)");
        return true;
    }
    if (head.key == "events" && steps.size() >= 2 && steps[1].index >= 0) {
        const auto i = static_cast<std::size_t>(steps[1].index);
        if (i >= lab.events.size()) return fail("the lab has " + std::to_string(lab.events.size()) + " events");
        if (steps.size() != 3 || steps[2].index >= 0) return fail("name an event's value or time_ns");
        if (steps[2].key == "value")
            t.real = &lab.events[i].value;
        else if (steps[2].key == "time_ns")
            t.whole = &lab.events[i].timeNs;
        else
            return fail("an event has a value and a time_ns, not '" + steps[2].key + "'");
        return true;
    }
    if (head.key == "oil" && !lab.findNode("oil") && !lab.findComponent("oil") && !lab.findSignal("oil")) {
        // the lab's oil: one of its fields (a thermal-liquid study varies the oil)
        if (!lab.oil.is_object()) return fail("the lab has no oil section");
        if (steps.size() != 2 || steps[1].index >= 0) return fail("name an oil field, as oil.viscosity_40c");
        for (const ParameterDescriptor& f : oilFields()) {
            if (steps[1].key == f.name) return described(lab.oil, f, steps, 2, t, why) || fail(why);
        }
        return fail("the oil has no field '" + steps[1].key + "'");
    }
    if (steps.size() < 2 || steps[1].index >= 0) return fail("name a field after the id, as " + head.key + ".FIELD");
    if (NodeSpec* n = lab.findNode(head.key)) {
        const auto domain = domainFromName(n->domain);
        const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
        const ParameterDescriptor* p = d ? d->field(steps[1].key) : nullptr;
        if (!p) return fail("node '" + head.key + "' has no field '" + steps[1].key + "'");
        return described(n->fields, *p, steps, 2, t, why) || fail(why);
    }
    if (ComponentSpec* c = lab.findComponent(head.key)) {
        const ComponentDescriptor* d = findComponentDescriptor(c->type);
        if (!d) return fail("component '" + head.key + "' has the unknown type '" + c->type + "'");
        if (steps[1].key == "inputs") {
            if (steps.size() < 3 || steps[2].index >= 0) return fail("name an input, as " + head.key + ".inputs.NAME");
            const InputDescriptor* in = d->input(steps[2].key);
            if (!in) return fail(std::string(d->type) + " '" + head.key + "' has no input '" + steps[2].key + "'");
            Json* v = c->inputs.contains(in->name) ? &c->inputs[in->name] : nullptr;
            if (v && v->is_object()) { // a binding: its scale or offset
                if (steps.size() != 4 || (steps[3].key != "scale" && steps[3].key != "offset"))
                    return fail("the input is bound to a signal or controller: vary its scale or offset (" + head.key + ".inputs." +
                                steps[2].key + ".scale)");
                t.kind = ParamKind::Real;
                if (v->contains(steps[3].key)) {
                    t.json = &(*v)[steps[3].key];
                } else {
                    t.parent = v;
                    t.key = steps[3].key;
                    t.mayBeAbsent = true;
                    t.fallback = steps[3].key == "scale" ? 1.0 : 0.0;
                }
                return true;
            }
            if (steps.size() != 3) return fail("the input is a number, not a binding");
            t.kind = ParamKind::Real;
            if (v) {
                t.json = v;
            } else {
                t.parent = &c->inputs;
                t.key = in->name;
                t.mayBeAbsent = true;
                t.fallback = in->initialDefault;
            }
            return true;
        }
        if (steps[1].key != d->fieldPrefix)
            return fail("a parameter of " + std::string(d->type) + " '" + head.key + "' is named " + head.key + "." + d->fieldPrefix +
                        ".NAME (or " + head.key + ".inputs.NAME for an input)");
        if (steps.size() < 3 || steps[2].index >= 0) return fail("name a parameter after '" + std::string(d->fieldPrefix) + "'");
        const ParameterDescriptor* p = d->parameter(steps[2].key);
        if (!p) return fail(std::string(d->type) + " '" + head.key + "' has no parameter '" + steps[2].key + "'");
        return described(c->parameters, *p, steps, 3, t, why) || fail(why);
    }
    if (SignalSpec* s = lab.findSignal(head.key)) {
        for (const SignalFieldDescriptor& f : signalFieldDescriptors(s->kind)) {
            if (steps[1].key != f.name) continue;
            if (steps.size() != 2) return fail("'" + steps[1].key + "' is a number");
            t.kind = ParamKind::Real;
            if (s->fields.contains(f.name)) {
                t.json = &s->fields[f.name];
            } else {
                t.parent = &s->fields;
                t.key = f.name;
                t.mayBeAbsent = !f.required;
                t.fallback = f.fallback;
            }
            return true;
        }
        if (steps[1].key == "points" && s->kind == "table") {
            Json* at = &s->fields;
            if (!walk(at, steps, 1, why)) return fail(why);
            t.json = at;
            return true;
        }
        return fail(s->kind + " signal '" + head.key + "' has no numeric field '" + steps[1].key + "'");
    }
    if (InstanceSpec* inst = lab.findInstance(head.key)) {
        // a part parameter of an instance (issue 36): INSTANCE.PARAMETER
        if (steps.size() != 2) return fail("an instance's parameter is named " + head.key + ".PARAMETER");
        t.kind = ParamKind::Real;
        if (inst->parameters.contains(steps[1].key)) {
            t.json = &inst->parameters[steps[1].key];
            return true;
        }
        t.parent = &inst->parameters;
        t.key = steps[1].key;
        // absent: the default of an inline part (a part file's default is the compiler's to read)
        for (const Json& def : lab.parts) {
            if (def.value("name", std::string()) != inst->part || !def.contains("parameters") || !def["parameters"].is_array()) continue;
            for (const Json& q : def["parameters"]) {
                if (!q.is_object() || q.value("name", std::string()) != steps[1].key) continue;
                t.mayBeAbsent = q.contains("default") && q["default"].is_number();
                if (t.mayBeAbsent) t.fallback = q["default"].get<double>();
            }
        }
        return true;
    }
    return fail("no node, component, signal or instance has the id '" + head.key + "'");
}

} // namespace

bool getLabValue(const LabSpec& lab, std::string_view path, double& value, std::string& why)
{
    Target t;
    // resolve() only takes addresses; nothing is written through them here
    if (!resolve(const_cast<LabSpec&>(lab), path, t, why)) return false;
    if (t.real) {
        value = *t.real;
        return true;
    }
    if (t.whole) {
        value = static_cast<double>(*t.whole);
        return true;
    }
    if (!t.json) {
        if (!t.mayBeAbsent) {
            why = "path '" + std::string(path) + "': the lab does not give it";
            return false;
        }
        value = t.fallback;
        return true;
    }
    if (t.json->is_number()) {
        value = t.json->get<double>();
        return true;
    }
    if (t.keyword && t.json->is_string() && t.json->get<std::string>() == t.keyword) {
        value = t.keywordValue;
        return true;
    }
    why = "path '" + std::string(path) + "': the lab's value is not a number";
    return false;
}

bool setLabValue(LabSpec& lab, std::string_view path, double value, std::string& why)
{
    if (!std::isfinite(value)) {
        why = "path '" + std::string(path) + "': the value is not a finite number";
        return false;
    }
    Target t;
    if (!resolve(lab, path, t, why)) return false;
    const bool whole = t.whole || t.kind == ParamKind::WholeNumber;
    if (whole && value != std::floor(value)) {
        why = "path '" + std::string(path) + "': takes a whole number, not " + formatDouble(value);
        return false;
    }
    if (t.real) {
        *t.real = value;
        return true;
    }
    if (t.whole) {
        if (!(std::fabs(value) < 9.2e18)) {
            why = "path '" + std::string(path) + "': " + formatDouble(value) + " is out of the range of whole nanoseconds";
            return false;
        }
        *t.whole = static_cast<std::int64_t>(value);
        return true;
    }
    if (t.json) {
        if (!t.json->is_number() && !(t.keyword && t.json->is_string())) {
            why = "path '" + std::string(path) + "': the lab's value is not a number";
            return false;
        }
        *t.json = value;
        return true;
    }
    if (!t.parent) {
        why = "path '" + std::string(path) + "': does not name a value";
        return false;
    }
    (*t.parent)[t.key] = value;
    return true;
}

std::string parameterPath(const std::string& component, const std::string& type, const std::string& parameter)
{
    const ComponentDescriptor* d = findComponentDescriptor(type);
    return component + "." + (d ? d->fieldPrefix : type.c_str()) + "." + parameter;
}

} // namespace drivelab
