#include "spec/specedit.h"

namespace drivelab {

namespace {

// `ref` renamed when it names `from` (whole) or, with `asHead`, a path `from/...` inside it
bool renameRef(std::string& ref, const std::string& from, const std::string& to, bool asHead)
{
    if (ref == from) {
        ref = to;
        return true;
    }
    if (!asHead || ref.size() <= from.size() || ref.compare(0, from.size(), from) != 0 || ref[from.size()] != '/') return false;
    ref = to + ref.substr(from.size());
    return true;
}

// a string member `key` of object `o` renamed as renameRef does
void renameMember(Json& o, const char* key, const std::string& from, const std::string& to, bool asHead)
{
    if (!o.is_object() || !o.contains(key) || !o[key].is_string()) return;
    std::string ref = o[key].get<std::string>();
    if (renameRef(ref, from, to, asHead)) o[key] = ref;
}

// every reference to component or instance `from` (an instance: the paths inside it) follows the
// rename: events, inputs bound to {"controller": ID} or {"signal": INSTANCE/ID}, and the results'
// vehicle and reference signal (docs/FORMATS.md)
void renameReferences(LabSpec& lab, const std::string& from, const std::string& to, bool asHead)
{
    for (auto& e : lab.events) renameRef(e.component, from, to, asHead);
    for (auto& c : lab.components) {
        if (!c.inputs.is_object()) continue;
        for (auto& [name, binding] : c.inputs.items()) {
            renameMember(binding, "controller", from, to, asHead);
            if (asHead) renameMember(binding, "signal", from, to, true);
        }
    }
    renameMember(lab.results, "vehicle", from, to, asHead);
    if (asHead && lab.results.is_object() && lab.results.contains("reference_speed"))
        renameMember(lab.results["reference_speed"], "signal", from, to, true);
}

} // namespace

std::string uniqueId(const LabSpec& lab, const std::string& base)
{
    // room for the number, so that the result stays inside the id set (kMaxIdLength)
    const std::string b = isValidId(base) ? base.substr(0, kMaxIdLength - 10) : std::string("item");
    for (int n = 1;; ++n) {
        std::string id = b + std::to_string(n);
        if (!lab.idTaken(id)) return id;
    }
}

NodeSpec makeNode(const NodeDomainDescriptor& d, const std::string& id)
{
    NodeSpec n;
    n.id = id;
    n.domain = domainName(d.domain);
    for (const auto& f : d.fields) {
        if (f.required) n.fields[f.name] = Json::parse(f.editorDefault);
    }
    return n;
}

ComponentSpec makeComponent(const ComponentDescriptor& d, const std::string& id)
{
    ComponentSpec c;
    c.id = id;
    c.type = d.type;
    for (const auto& p : d.parameters) {
        if (p.required) c.parameters[p.name] = Json::parse(p.editorDefault);
    }
    return c;
}

bool renameItem(LabSpec& lab, const std::string& from, const std::string& to)
{
    if (from == to) return true;
    if (!isValidId(to) || lab.idTaken(to)) return false;
    if (NodeSpec* n = lab.findNode(from)) {
        n->id = to;
        for (auto& c : lab.components) {
            for (auto& [port, node] : c.ports) {
                if (node == from) node = to;
            }
        }
        // an instance's ports connect by node id too (issue 36)
        for (auto& i : lab.instances) {
            for (auto& [port, node] : i.ports.items()) {
                if (node == from) node = to;
            }
        }
    } else if (ComponentSpec* c = lab.findComponent(from)) {
        c->id = to;
        renameReferences(lab, from, to, false);
    } else if (InstanceSpec* i = lab.findInstance(from)) {
        // an instance of a part: the references to its inner items name it as their path's head
        i->id = to;
        renameReferences(lab, from, to, true);
    } else {
        return false;
    }
    if (lab.layout.is_object() && lab.layout.contains(from)) {
        Json v = lab.layout[from];
        lab.layout.erase(from);
        lab.layout[to] = std::move(v);
    }
    return true;
}

bool removeItem(LabSpec& lab, const std::string& id)
{
    bool found = false;
    for (auto it = lab.nodes.begin(); it != lab.nodes.end(); ++it) {
        if (it->id == id) {
            lab.nodes.erase(it);
            found = true;
            for (auto& c : lab.components) {
                for (auto p = c.ports.begin(); p != c.ports.end();) {
                    if (p->second == id)
                        p = c.ports.erase(p);
                    else
                        ++p;
                }
            }
            break;
        }
    }
    if (!found) {
        for (auto it = lab.components.begin(); it != lab.components.end(); ++it) {
            if (it->id == id) {
                lab.components.erase(it);
                found = true;
                std::erase_if(lab.events, [&](const EventSpec& e) {
                    return e.component == id;
                });
                break;
            }
        }
    }
    if (found && lab.layout.is_object()) lab.layout.erase(id);
    return found;
}

} // namespace drivelab
