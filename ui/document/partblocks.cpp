#include "document/partblocks.h"

#include <map>
#include <memory>
#include <optional>

#include "components/descriptors.h"
#include "document/itembundle.h"
#include "document/partinterfacecache.h"
#include "document/placement.h"
#include "spec/labreader.h"

namespace drivelab {
namespace {

// a pseudo descriptor with the strings it points to
struct PartDescriptorHolder {
    std::vector<std::string> names;
    std::vector<PortDescriptor> ports;
    std::string type;
    std::string label;
    ComponentDescriptor descriptor{};
};

// every pseudo descriptor made so far, by type (never freed: items keep references)
std::map<std::string, std::unique_ptr<PartDescriptorHolder>, std::less<>>& partDescriptors()
{
    static std::map<std::string, std::unique_ptr<PartDescriptorHolder>, std::less<>> all;
    return all;
}

// ground is a rotational or translational reference
bool groundable(Domain d) { return d == Domain::Rotational || d == Domain::Translational; }

const ComponentDescriptor& describe(const std::string& part, const std::vector<PartPort>& ports)
{
    // the type names the part and its port signature, so a part whose ports change gets a new symbol
    std::string type = std::string(kPartTypePrefix) + part;
    std::string signature;
    for (const PartPort& p : ports) signature += p.name + '=' + p.domain + ';';
    auto& all = partDescriptors();
    const auto same = all.find(type);
    if (same != all.end()) {
        std::string known;
        for (const auto& p : same->second->ports) known += std::string(p.name) + '=' + domainName(p.domain) + ';';
        if (known == signature) return same->second->descriptor;
        type += '#' + signature;
        const auto other = all.find(type);
        if (other != all.end()) return other->second->descriptor;
    }
    auto h = std::make_unique<PartDescriptorHolder>();
    h->type = type;
    h->label = part;
    h->names.reserve(ports.size());
    for (const PartPort& p : ports) h->names.push_back(p.name);
    for (std::size_t i = 0; i < ports.size(); ++i) {
        const Domain d = domainFromName(ports[i].domain).value_or(Domain::Rotational);
        PortDescriptor pd{h->names[i].c_str(), d};
        pd.allowGround = groundable(d);
        h->ports.push_back(pd);
    }
    ComponentDescriptor& d = h->descriptor;
    d.type = h->type.c_str();
    d.label = h->label.c_str();
    d.group = PaletteGroup::MultiDomain;
    d.fieldPrefix = "part";
    d.doc = "";
    d.ports = h->ports;
    const ComponentDescriptor& out = h->descriptor;
    all.emplace(type, std::move(h));
    return out;
}

} // namespace

bool isPartType(std::string_view type) { return type.substr(0, kPartTypePrefix.size()) == kPartTypePrefix; }

namespace {

// the part's interface read and checked afresh (partInterface caches it); with `fileDescriptions`
// the parameters' descriptions of a part file are read from the file too (the property form)
std::optional<PartInterface> makePartInterface(const LabSpec& lab, const std::string& name, std::string& why, bool fileDescriptions)
{
    Diagnostics ignored; // the compile reports the part's own mistakes; here it either resolves or not
    PartLibrary library(lab, ignored);
    const PartDefinition* def = library.find(name, why);
    if (!def) return std::nullopt;
    PartInterface out{def->name, def->ports, def->parameters, {}, def->origin};
    // descriptions are not part of the checked record: read them from the definition as written
    // (the lab's entry, or the part file)
    const Json* written = nullptr;
    for (const Json& p : lab.parts) {
        if (p.is_object() && p.value("name", std::string()) == name) written = &p;
    }
    std::optional<Json> file;
    std::string text;
    Diagnostics unread;
    if (!written && fileDescriptions && readTextFile(def->origin, text, unread)) file = parseJsonStrict(text, unread);
    if (file && file->is_object()) written = &*file;
    for (const PartParameter& p : def->parameters) {
        std::string text;
        if (written && written->contains("parameters") && (*written)["parameters"].is_array()) {
            for (const Json& e : (*written)["parameters"]) {
                if (e.is_object() && e.value("name", std::string()) == p.name && e.contains("description") && e["description"].is_string())
                    text = e["description"].get<std::string>();
            }
        }
        out.descriptions.push_back(text);
    }
    return out;
}

} // namespace

std::optional<PartInterface> partInterface(const LabSpec& lab, const std::string& name, std::string* why, bool fileDescriptions)
{
    if (fileDescriptions) {
        // the property form only: the file is read for its descriptions, not on the canvas's path
        std::string reason;
        std::optional<PartInterface> out = makePartInterface(lab, name, reason, true);
        if (!out && why) *why = reason;
        return out;
    }
    return cachedPartInterface(lab, name, why, [](const LabSpec& l, const std::string& n, std::string& w) {
        return makePartInterface(l, n, w, false);
    });
}

const ComponentDescriptor& partDescriptor(const LabSpec& lab, const InstanceSpec& instance)
{
    if (auto part = partInterface(lab, instance.part)) return describe(instance.part, part->ports);
    // a part that does not resolve: its ports as the instance binds them, with the nodes' domains
    std::vector<PartPort> ports;
    if (instance.ports.is_object()) {
        for (auto it = instance.ports.begin(); it != instance.ports.end(); ++it) {
            const NodeSpec* n = it.value().is_string() ? lab.findNode(it.value().get<std::string>()) : nullptr;
            ports.push_back({it.key(), n ? n->domain : std::string("rotational")});
        }
    }
    return describe(instance.part, ports);
}

const ComponentDescriptor* blockDescriptor(std::string_view type)
{
    if (!isPartType(type)) return findComponentDescriptor(type);
    const auto& all = partDescriptors();
    const auto it = all.find(type);
    return it == all.end() ? nullptr : &it->second->descriptor;
}

ComponentSpec instanceBlock(const LabSpec& lab, const InstanceSpec& instance)
{
    const ComponentDescriptor& d = partDescriptor(lab, instance);
    ComponentSpec c;
    c.id = instance.id;
    c.type = d.type;
    for (const PortDescriptor& p : d.ports) {
        if (instance.ports.is_object() && instance.ports.contains(p.name) && instance.ports[p.name].is_string())
            c.ports.emplace_back(p.name, instance.ports[p.name].get<std::string>());
    }
    c.parameters = instance.parameters;
    return c;
}

std::optional<ComponentSpec> findBlock(const LabSpec& lab, const std::string& id)
{
    if (const ComponentSpec* c = lab.findComponent(id)) return *c;
    if (const InstanceSpec* i = lab.findInstance(id)) return instanceBlock(lab, *i);
    return std::nullopt;
}

std::vector<ComponentSpec> canvasBlocks(const LabSpec& lab)
{
    std::vector<ComponentSpec> out = lab.components;
    for (const InstanceSpec& i : lab.instances) out.push_back(instanceBlock(lab, i));
    return out;
}

LabSpec withInstanceBlocks(const LabSpec& lab)
{
    LabSpec out = lab;
    for (const InstanceSpec& i : lab.instances) out.components.push_back(instanceBlock(lab, i));
    return out;
}

bool bindBlockPort(LabSpec& lab, const std::string& id, const std::string& port, const std::string& node)
{
    if (ComponentSpec* c = lab.findComponent(id)) {
        bindPort(*c, port, node);
        return true;
    }
    InstanceSpec* inst = lab.findInstance(id);
    if (!inst) return false;
    if (!inst->ports.is_object()) inst->ports = Json::object();
    if (node.empty()) {
        inst->ports.erase(port);
        return true;
    }
    if (inst->ports.contains(port)) {
        inst->ports[port] = node;
        return true;
    }
    // a new binding goes where the part lists the port (before the first bound port listed after it)
    const ComponentDescriptor& d = partDescriptor(lab, *inst);
    std::size_t rank = d.ports.size();
    for (std::size_t i = 0; i < d.ports.size(); ++i) {
        if (port == d.ports[i].name) rank = i;
    }
    std::size_t at = 0;
    for (auto it = inst->ports.begin(); it != inst->ports.end(); ++it, ++at) {
        for (std::size_t i = rank + 1; i < d.ports.size(); ++i) {
            if (it.key() == d.ports[i].name) {
                insertKeyAt(inst->ports, at, port, node);
                return true;
            }
        }
    }
    inst->ports[port] = node;
    return true;
}

} // namespace drivelab
