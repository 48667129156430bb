#include "document/fieldpath.h"

#include <regex>

#include "components/descriptors.h"
#include "components/hydraulic/oil.h"

namespace drivelab {
namespace {

// "name", "name[3]", "name[3].column"
bool parseCell(const std::string& s, FieldRef& r)
{
    static const std::regex re(R"(^([A-Za-z0-9_]+)(?:\[(\d+)\](?:\.([A-Za-z0-9_]+))?)?$)");
    std::smatch m;
    if (!std::regex_match(s, m, re)) return false;
    r.name = m[1].str();
    if (m[2].matched) r.row = std::stoi(m[2].str());
    if (m[3].matched) r.column = m[3].str();
    return true;
}

} // namespace

FieldRef parseFieldPath(const LabSpec& lab, const std::string& subject, const std::string& field)
{
    FieldRef r;
    static const std::regex event(R"(^events\[(\d+)\](?:\.([A-Za-z_]+))?$)");
    std::smatch m;
    if (std::regex_match(field, m, event)) {
        r.kind = FieldRef::Kind::Event;
        r.eventIndex = std::stoi(m[1].str());
        r.name = m[2].matched ? m[2].str() : std::string();
        return r;
    }
    if (field.rfind("run.", 0) == 0) {
        r.kind = FieldRef::Kind::Run;
        r.name = field.substr(4);
        return r;
    }
    if (subject == "-") {
        if (field == "name") r.kind = FieldRef::Kind::LabName;
        return r;
    }
    // the lab's oil (subject "oil"; an item of that id keeps its own diagnostics)
    if (subject == "oil" && !lab.findNode(subject) && !lab.findComponent(subject) && !lab.findSignal(subject)) {
        r.kind = FieldRef::Kind::Oil;
        if (field != "-") r.name = field;
        return r;
    }
    if (field == "id") {
        r.kind = FieldRef::Kind::Id;
        return r;
    }
    if (lab.findSignal(subject)) {
        // a signal's field ("amplitude", "points[3]"): the Signals panel shows it
        r.kind = FieldRef::Kind::Signal;
        if (!parseCell(field, r)) r.name = field;
        return r;
    }
    if (lab.findNode(subject)) {
        if (field == "domain")
            r.kind = FieldRef::Kind::Type;
        else if (field != "-") {
            r.kind = FieldRef::Kind::NodeField;
            r.name = field;
        }
        return r;
    }
    const ComponentSpec* c = lab.findComponent(subject);
    if (!c) return r;
    if (field == "type") {
        r.kind = FieldRef::Kind::Type;
        return r;
    }
    if (field.rfind("inputs.", 0) == 0) {
        r.kind = FieldRef::Kind::Input;
        r.name = field.substr(7);
        // a binding's own keys ("inputs.torque.signal") belong to the input's row
        if (const auto dot = r.name.find('.'); dot != std::string::npos) r.name.resize(dot);
        return r;
    }
    const ComponentDescriptor* d = findComponentDescriptor(c->type);
    if (!d) return r;
    if (d->port(field)) {
        r.kind = FieldRef::Kind::Port;
        r.name = field;
        return r;
    }
    const std::string prefix = std::string(d->fieldPrefix) + ".";
    if (field.rfind(prefix, 0) == 0 && parseCell(field.substr(prefix.size()), r)) r.kind = FieldRef::Kind::Parameter;
    // a 2-D table's part ("torque_map.values[2][1]"): the parameter, the part below it in `column`
    static const std::regex table2d(R"(^([A-Za-z0-9_]+)\.((?:x|y|values)(?:\[\d+\])*)$)");
    if (r.kind == FieldRef::Kind::None && field.rfind(prefix, 0) == 0) {
        const std::string below = field.substr(prefix.size());
        if (std::smatch t; std::regex_match(below, t, table2d)) {
            r.kind = FieldRef::Kind::Parameter;
            r.name = t[1].str();
            r.column = t[2].str();
        }
    }
    return r;
}

std::string fieldUnit(const LabSpec& lab, const std::string& subject, const FieldRef& f)
{
    const auto text = [](const char* unit) {
        return std::string(unit ? unit : "");
    };
    switch (f.kind) {
    case FieldRef::Kind::Oil:
        for (const ParameterDescriptor& p : oilFields()) {
            if (f.name == p.name) return text(p.unit);
        }
        return {};
    case FieldRef::Kind::NodeField: {
        const NodeSpec* n = lab.findNode(subject);
        const auto domain = n ? domainFromName(n->domain) : std::nullopt;
        const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
        const ParameterDescriptor* p = d ? d->field(f.name) : nullptr;
        return p ? text(p->unit) : std::string();
    }
    case FieldRef::Kind::Run: return f.name.size() > 3 && f.name.ends_with("_ns") ? "ns" : "";
    case FieldRef::Kind::Event: {
        if (f.name == "time_ns") return "ns";
        if (f.eventIndex < 0 || f.eventIndex >= static_cast<int>(lab.events.size())) return {};
        const EventSpec& e = lab.events[static_cast<std::size_t>(f.eventIndex)];
        const ComponentSpec* c = lab.findComponent(e.component);
        const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
        const InputDescriptor* in = d ? d->input(e.input) : nullptr;
        return in ? text(in->unit) : std::string();
    }
    case FieldRef::Kind::Parameter:
    case FieldRef::Kind::Input: {
        const ComponentSpec* c = lab.findComponent(subject);
        const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
        if (!d) return {};
        if (f.kind == FieldRef::Kind::Input) {
            const InputDescriptor* in = d->input(f.name);
            return in ? text(in->unit) : std::string();
        }
        const ParameterDescriptor* p = d->parameter(f.name);
        if (!p) return {};
        if (f.column.empty()) return text(p->unit);
        for (const auto& col : p->columns) {
            if (f.column == col.name) return text(col.unit);
        }
        return {};
    }
    default: return {};
    }
}

std::string valuePathUnit(const LabSpec& lab, const std::string& path)
{
    // a binding's scale multiplies a signal: no unit of its own
    if (path.ends_with(".scale") && path.find(".inputs.") != std::string::npos) return {};
    if (path.rfind("events[", 0) == 0 || path.rfind("run.", 0) == 0) return fieldUnit(lab, "-", parseFieldPath(lab, "-", path));
    const auto dot = path.find('.');
    if (dot == std::string::npos) return {};
    const std::string subject = path.substr(0, dot);
    return fieldUnit(lab, subject, parseFieldPath(lab, subject, path.substr(dot + 1)));
}

} // namespace drivelab
