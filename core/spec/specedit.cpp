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

// each component's inputs (their bindings name controllers and signals)
std::vector<Json*> componentInputs(LabSpec& lab)
{
    std::vector<Json*> out;
    for (auto& c : lab.components) out.push_back(&c.inputs);
    return out;
}

// a string member `key` of object `o` renamed as renameRef does; true when it was
bool renameMember(Json& o, const char* key, const std::string& from, const std::string& to, bool asHead)
{
    if (!o.is_object() || !o.contains(key) || !o[key].is_string()) return false;
    std::string ref = o[key].get<std::string>();
    if (!renameRef(ref, from, to, asHead)) return false;
    o[key] = ref;
    return true;
}

} // namespace

bool renameReferences(std::vector<EventSpec>& events, const std::vector<Json*>& inputs, Json& results, const std::string& from,
                      const std::string& to, bool asHead)
{
    bool any = false;
    for (auto& e : events) any = renameRef(e.component, from, to, asHead) || any;
    for (Json* in : inputs) {
        if (!in || !in->is_object()) continue;
        for (auto& [name, binding] : in->items()) {
            any = renameMember(binding, "controller", from, to, asHead) || any;
            if (asHead) any = renameMember(binding, "signal", from, to, true) || any;
        }
    }
    any = renameMember(results, "vehicle", from, to, asHead) || any;
    if (asHead && results.is_object() && results.contains("reference_speed"))
        any = renameMember(results["reference_speed"], "signal", from, to, true) || any;
    return any;
}

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
        renameReferences(lab.events, componentInputs(lab), lab.results, from, to, false);
    } else if (InstanceSpec* i = lab.findInstance(from)) {
        // an instance of a part: the references to its inner items name it as their path's head
        i->id = to;
        renameReferences(lab.events, componentInputs(lab), lab.results, from, to, true);
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
