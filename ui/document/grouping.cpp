#include "document/grouping.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

#include "document/placement.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "spec/specedit.h"

namespace drivelab {
namespace {

QString trGrouping(const char* text) { return QCoreApplication::translate("Grouping", text); }

// the nodes an item binds, in binding order
std::vector<std::string> boundNodes(const ComponentSpec& c)
{
    std::vector<std::string> out;
    for (const auto& [port, node] : c.ports) out.push_back(node);
    return out;
}
std::vector<std::string> boundNodes(const InstanceSpec& i)
{
    std::vector<std::string> out;
    if (!i.ports.is_object()) return out;
    for (auto it = i.ports.begin(); it != i.ports.end(); ++it) {
        if (it.value().is_string()) out.push_back(it.value().get<std::string>());
    }
    return out;
}

bool partNameTaken(const LabSpec& lab, const std::string& name)
{
    for (const Json& p : lab.parts) {
        if (p.is_object() && p.value("name", std::string()) == name) return true;
    }
    for (const InstanceSpec& i : lab.instances) {
        if (i.part == name) return true;
    }
    return false;
}

// the key of a grouped part's `layout` that records where its items stood in the lab (not an id)
constexpr const char* kLabOrderKey = "#lab_order";

// where the grouped items stand in one of the lab's lists ({"wheels": 3}), or an empty object
template <class Items> Json positions(const Items& items, const std::set<std::string>& grouped)
{
    Json out = Json::object();
    for (std::size_t k = 0; k < items.size(); ++k) {
        if (grouped.count(items[k].id)) out[items[k].id] = k;
    }
    return out;
}

// put `items` into `list`: each where `where` records it (in increasing order, so every one lands
// where it stood when the others are there too), the rest at the end in their order
template <class Item> void putBack(std::vector<Item>& list, std::vector<Item> items, const Json& where)
{
    std::vector<std::pair<std::size_t, Item>> placed;
    std::vector<Item> rest;
    for (Item& item : items) {
        const std::string id = item.id;
        if (where.is_object() && where.contains(id) && where[id].is_number_unsigned())
            placed.emplace_back(where[id].get<std::size_t>(), std::move(item));
        else
            rest.push_back(std::move(item));
    }
    std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [at, item] : placed) list.insert(list.begin() + static_cast<std::ptrdiff_t>(std::min(at, list.size())), std::move(item));
    for (Item& item : rest) list.push_back(std::move(item));
}

// an event's component inside instance `id`, or "" ("box/ring_brake" -> "ring_brake")
std::string insideOf(const std::string& component, const std::string& id)
{
    return component.rfind(id + "/", 0) == 0 ? component.substr(id.size() + 1) : std::string();
}

} // namespace

std::optional<LabSpec> groupItems(const LabSpec& lab, const std::set<std::string>& ids, std::string* instanceId, QString* why)
{
    const auto fail = [&](const QString& reason) -> std::optional<LabSpec> {
        if (why) *why = reason;
        return std::nullopt;
    };
    LabSpec out = lab;
    std::vector<ComponentSpec> comps;
    std::vector<InstanceSpec> insts;
    std::vector<NodeSpec> selNodes;
    for (const auto& c : lab.components) {
        if (ids.count(c.id)) comps.push_back(c);
    }
    for (const auto& i : lab.instances) {
        if (ids.count(i.id)) insts.push_back(i);
    }
    if (comps.empty() && insts.empty()) return fail(trGrouping("Select the components (and nodes) to group into a subsystem."));
    // a selected node stays outside when something not grouped uses it
    std::set<std::string> used;
    for (const auto& c : lab.components) {
        if (!ids.count(c.id))
            for (const auto& n : boundNodes(c)) used.insert(n);
    }
    for (const auto& i : lab.instances) {
        if (!ids.count(i.id))
            for (const auto& n : boundNodes(i)) used.insert(n);
    }
    std::set<std::string> inner;
    for (const auto& n : lab.nodes) {
        if (ids.count(n.id) && !used.count(n.id)) {
            selNodes.push_back(n);
            inner.insert(n.id);
        }
    }
    // the crossing wires: every other node the grouped items bind, in binding order
    Json ports = Json::array();
    Json bindings = Json::object();
    const auto expose = [&](const std::string& node) -> bool {
        if (node == kGroundId || inner.count(node) || bindings.contains(node)) return true;
        const NodeSpec* n = lab.findNode(node);
        if (!n) return false;
        ports.push_back(Json{{"name", node}, {"domain", n->domain}});
        bindings[node] = node;
        return true;
    };
    for (const auto& c : comps) {
        for (const auto& n : boundNodes(c))
            if (!expose(n)) return fail(trGrouping("%1 is bound to '%2', which is not a node of the lab.").arg(QString::fromStdString(c.id), QString::fromStdString(n)));
    }
    for (const auto& i : insts) {
        for (const auto& n : boundNodes(i))
            if (!expose(n)) return fail(trGrouping("%1 is bound to '%2', which is not a node of the lab.").arg(QString::fromStdString(i.id), QString::fromStdString(n)));
    }
    // names: part and instance share a fresh id
    std::string name;
    for (int k = 1;; ++k) {
        name = "subsystem" + std::to_string(k);
        if (!lab.idTaken(name) && !partNameTaken(lab, name)) break;
    }
    // the part as the lab file writes it
    LabSpec body;
    body.nodes = selNodes;
    body.components = comps;
    body.instances = insts;
    const Json written = labToJson(body, false);
    Json part = Json::object();
    part["name"] = name;
    part["ports"] = ports;
    part["parameters"] = Json::array();
    if (!selNodes.empty()) part["nodes"] = written["nodes"];
    if (!comps.empty()) part["components"] = written["components"];
    if (!insts.empty() && written.contains("instances")) part["instances"] = written["instances"];
    // layout: the grouped items' entries go into the part; the instance stands at their centre
    Json partLayout = Json::object();
    double sx = 0.0, sy = 0.0;
    int count = 0;
    std::set<std::string> grouped = inner;
    for (const auto& c : comps) grouped.insert(c.id);
    for (const auto& i : insts) grouped.insert(i.id);
    for (const auto& id : grouped) {
        if (auto p = placementOf(lab, id)) {
            sx += p->x;
            sy += p->y;
            ++count;
        }
        if (lab.layout.is_object() && lab.layout.contains(id)) partLayout[id] = lab.layout[id];
    }
    // where the items stood, so that Ungroup puts them back there (the lab's bytes again)
    Json order = Json::object();
    order["nodes"] = positions(lab.nodes, grouped);
    order["components"] = positions(lab.components, grouped);
    order["instances"] = positions(lab.instances, grouped);
    order["layout"] = Json::object();
    if (lab.layout.is_object()) {
        std::size_t k = 0;
        for (auto it = lab.layout.begin(); it != lab.layout.end(); ++it, ++k) {
            if (grouped.count(it.key())) order["layout"][it.key()] = k;
        }
    }
    partLayout[kLabOrderKey] = order;
    part["layout"] = partLayout;
    // the lab: the grouped items out, the part and the instance in
    std::erase_if(out.nodes, [&](const NodeSpec& n) { return inner.count(n.id) > 0; });
    std::erase_if(out.components, [&](const ComponentSpec& c) { return grouped.count(c.id) > 0; });
    std::erase_if(out.instances, [&](const InstanceSpec& i) { return grouped.count(i.id) > 0; });
    for (const auto& id : grouped) {
        if (out.layout.is_object()) out.layout.erase(id);
    }
    for (EventSpec& e : out.events) {
        const auto slash = e.component.find('/');
        const std::string head = slash == std::string::npos ? e.component : e.component.substr(0, slash);
        if (grouped.count(head)) e.component = name + "/" + e.component;
    }
    out.parts.push_back(part);
    InstanceSpec inst;
    inst.id = name;
    inst.part = name;
    inst.ports = bindings;
    out.instances.push_back(inst);
    if (count > 0) writePlacement(out, name, {std::round(sx / count / 10.0) * 10.0, std::round(sy / count / 10.0) * 10.0, 0, false});
    if (instanceId) *instanceId = name;
    return out;
}

std::optional<LabSpec> ungroupInstance(const LabSpec& lab, const std::string& id, QString* why)
{
    const auto fail = [&](const QString& reason) -> std::optional<LabSpec> {
        if (why) *why = reason;
        return std::nullopt;
    };
    const InstanceSpec* inst = lab.findInstance(id);
    if (!inst) return fail(trGrouping("Select one instance of a part to ungroup."));
    std::size_t partIndex = lab.parts.size();
    for (std::size_t k = 0; k < lab.parts.size(); ++k) {
        if (lab.parts[k].is_object() && lab.parts[k].value("name", std::string()) == inst->part) partIndex = k;
    }
    if (partIndex == lab.parts.size())
        return fail(trGrouping("%1 places the part file %2.part.json; only a part defined in the lab is ungrouped.")
                        .arg(QString::fromStdString(id), QString::fromStdString(inst->part)));
    const Json& def = lab.parts[partIndex];
    if (def.contains("parameters") && def["parameters"].is_array() && !def["parameters"].empty())
        return fail(trGrouping("Part %1 has parameters: its fields may be expressions of them, which ungrouping cannot keep.")
                        .arg(QString::fromStdString(inst->part)));
    Json bodyJson = Json{{"format", "drivelab.lab"}, {"version", 2}, {"run", Json{{"tick_ns", 1}, {"duration_ns", 1}, {"report_every_ticks", 1}}},
                         {"nodes", Json::array()}, {"components", Json::array()}};
    for (const char* k : {"nodes", "components", "signals", "instances"}) {
        if (def.contains(k)) bodyJson[k] = def[k];
    }
    LabReadResult read = readLabJson(bodyJson);
    if (!read.lab) return fail(trGrouping("Part %1 does not read: fix it first.").arg(QString::fromStdString(inst->part)));
    LabSpec body = std::move(*read.lab);
    if (!body.timeSignals.empty()) return fail(trGrouping("Part %1 has signals of its own; ungrouping them is not built.").arg(QString::fromStdString(inst->part)));
    // the ports map to the instance's nodes
    std::map<std::string, std::string> portNode;
    if (def.contains("ports") && def["ports"].is_array()) {
        for (const Json& p : def["ports"]) {
            const std::string n = p.value("name", std::string());
            if (!inst->ports.contains(n) || !inst->ports[n].is_string())
                return fail(trGrouping("Port %1 of %2 is not connected.").arg(QString::fromStdString(n), QString::fromStdString(id)));
            portNode[n] = inst->ports[n].get<std::string>();
        }
    }
    LabSpec out = lab;
    std::erase_if(out.instances, [&](const InstanceSpec& i) { return i.id == id; });
    if (out.layout.is_object()) out.layout.erase(id);
    const auto mapped = [&](const std::string& n) {
        const auto it = portNode.find(n);
        return it == portNode.end() ? n : it->second;
    };
    const auto clash = [&](const std::string& x) { return out.idTaken(x); };
    for (const auto& n : body.nodes)
        if (clash(n.id)) return fail(trGrouping("%1 is taken in the lab: rename it first.").arg(QString::fromStdString(n.id)));
    for (const auto& c : body.components)
        if (clash(c.id)) return fail(trGrouping("%1 is taken in the lab: rename it first.").arg(QString::fromStdString(c.id)));
    for (const auto& i : body.instances)
        if (clash(i.id)) return fail(trGrouping("%1 is taken in the lab: rename it first.").arg(QString::fromStdString(i.id)));
    // the items where Group found them (recorded in the part's layout), else at the end
    const Json& layout = def.contains("layout") && def["layout"].is_object() ? def["layout"] : Json::object();
    const Json order = layout.contains(kLabOrderKey) && layout[kLabOrderKey].is_object() ? layout[kLabOrderKey] : Json::object();
    const auto where = [&](const char* list) { return order.contains(list) ? order[list] : Json::object(); };
    for (auto& c : body.components) {
        for (auto& [port, node] : c.ports) node = mapped(node);
    }
    for (auto& i : body.instances) {
        for (auto it = i.ports.begin(); it != i.ports.end(); ++it) {
            if (it.value().is_string()) it.value() = mapped(it.value().get<std::string>());
        }
    }
    putBack(out.nodes, std::move(body.nodes), where("nodes"));
    putBack(out.components, std::move(body.components), where("components"));
    putBack(out.instances, std::move(body.instances), where("instances"));
    for (EventSpec& e : out.events) {
        const std::string inner = insideOf(e.component, id);
        if (!inner.empty()) e.component = inner;
    }
    // the layout entries likewise, in increasing recorded position, the rest appended
    const Json layoutAt = where("layout");
    std::vector<std::pair<std::size_t, std::string>> placed;
    if (!out.layout.is_object()) out.layout = Json::object();
    for (auto it = layout.begin(); it != layout.end(); ++it) {
        if (it.key() == kLabOrderKey) continue;
        if (layoutAt.is_object() && layoutAt.contains(it.key()) && layoutAt[it.key()].is_number_unsigned())
            placed.emplace_back(layoutAt[it.key()].get<std::size_t>(), it.key());
    }
    std::stable_sort(placed.begin(), placed.end());
    for (const auto& [at, key] : placed) insertKeyAt(out.layout, at, key, layout[key]);
    for (auto it = layout.begin(); it != layout.end(); ++it) {
        if (it.key() != kLabOrderKey && !out.layout.contains(it.key())) out.layout[it.key()] = it.value();
    }
    bool stillUsed = false;
    for (const auto& i : out.instances) stillUsed = stillUsed || i.part == inst->part;
    if (!stillUsed) out.parts.erase(out.parts.begin() + static_cast<std::ptrdiff_t>(partIndex));
    return out;
}

} // namespace drivelab
