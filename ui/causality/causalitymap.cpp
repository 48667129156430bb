#include "causality/causalitymap.h"

#include <map>
#include <string>

#include "analysis/causality.h"
#include "compile/compiler.h"

namespace drivelab {

CausalityMap mapCausality(const LabSpec& lab, const CausalityReport& report)
{
    CausalityMap out;
    // who owns each element, and each node's junction (the first 0/1 element it owns: the
    // mapper adds a node's own storage, then its junction, then anything else it owns)
    // A thermal-liquid volume has a second junction, its oil temperature's 0-junction
    // `<junction>.oil` (owned by the node): heat into its oil (a clutch's or converter's
    // oil_node, a line's losses) and its walls bond there, and those bonds belong to the wires
    // to that node as well.
    std::map<std::string, const CausalityElement*> byId;
    std::map<std::string, std::string> junctionOfNode; // node id -> junction element id
    std::map<std::string, std::string> nodeOfJunction; // junction element id (pressure or oil) -> node id
    for (const CausalityElement& e : report.elements) {
        byId.emplace(e.id, &e);
        if ((e.kind == "0" || e.kind == "1") && lab.findNode(e.owner) && !junctionOfNode.count(e.owner)) {
            junctionOfNode.emplace(e.owner, e.id);
            nodeOfJunction.emplace(e.id, e.owner);
        }
    }
    for (const CausalityElement& e : report.elements) {
        const auto j = junctionOfNode.find(e.owner);
        if (e.kind == "0" && j != junctionOfNode.end() && e.id == j->second + ".oil") nodeOfJunction.emplace(e.id, e.owner);
    }
    const auto conflicted = [&](const std::string& id) {
        const auto it = byId.find(id);
        return it != byId.end() && it->second->causality == "conflict";
    };
    const auto ownerOf = [&](const std::string& id) -> std::string {
        const auto it = byId.find(id);
        return it == byId.end() ? std::string() : it->second->owner;
    };

    // bonds between a node's junction and a component's element, per (component, node)
    std::map<std::pair<std::string, std::string>, std::vector<int>> between;
    int wired = 0;
    for (int b = 0; b < static_cast<int>(report.bonds.size()); ++b) {
        const CausalityBond& x = report.bonds[static_cast<std::size_t>(b)];
        const auto fromNode = nodeOfJunction.find(x.from);
        const auto toNode = nodeOfJunction.find(x.to);
        // a bond from a node's junction to a component element (one end only: bonds between two
        // node junctions, or a node's own storage, have no wire)
        if (fromNode != nodeOfJunction.end() && toNode == nodeOfJunction.end()) {
            const std::string owner = ownerOf(x.to);
            if (lab.findComponent(owner)) between[{owner, fromNode->second}].push_back(b);
        } else if (toNode != nodeOfJunction.end() && fromNode == nodeOfJunction.end()) {
            const std::string owner = ownerOf(x.from);
            if (lab.findComponent(owner)) between[{owner, toNode->second}].push_back(b);
        }
    }

    for (const ComponentSpec& c : lab.components) {
        // the ports bound to each node, in port order
        std::map<std::string, std::vector<std::string>> portsOn;
        for (const auto& [port, node] : c.ports) {
            if (lab.findNode(node)) portsOn[node].push_back(port);
        }
        for (const auto& [node, ports] : portsOn) {
            const auto it = between.find({c.id, node});
            if (it == between.end()) continue;
            const std::vector<int>& bonds = it->second;
            // one port: every bond; several ports on one node: handed out in turn
            for (std::size_t k = 0; k < bonds.size(); ++k) {
                const std::string& port = ports[ports.size() == 1 ? 0 : k % ports.size()];
                const CausalityBond& x = report.bonds[static_cast<std::size_t>(bonds[k])];
                // the node's end of the bond: its pressure junction or its oil junction
                const std::string& junction = nodeOfJunction.count(x.to) ? x.to : x.from;
                WireBond w;
                w.bond = bonds[k];
                w.headAtNode = x.to == junction;
                w.assigned = !x.strokeAt.empty();
                w.strokeAtNode = x.strokeAt == junction;
                w.conflict = conflicted(x.from) || conflicted(x.to);
                out.wires[wireBondKey(QString::fromStdString(c.id), QString::fromStdString(port))].push_back(w);
                ++wired;
            }
        }
    }
    out.unwiredBonds = static_cast<int>(report.bonds.size()) - wired;

    for (const CausalityConflict& c : report.conflicts) {
        for (const std::string& id : c.elements) {
            if (lab.findNode(id) || lab.findComponent(id)) out.conflictItems.insert(QString::fromStdString(id));
        }
        if (lab.findNode(c.junction) || lab.findComponent(c.junction)) out.conflictItems.insert(QString::fromStdString(c.junction));
    }
    // a bond between two items of a conflict is part of it
    for (auto it = out.wires.begin(); it != out.wires.end(); ++it) {
        const QString component = it.key().section(QLatin1Char('/'), 0, 0);
        const QString port = it.key().section(QLatin1Char('/'), 1);
        const ComponentSpec* c = lab.findComponent(component.toStdString());
        const std::string* node = c ? c->port(port.toStdString()) : nullptr;
        if (!node || !out.conflictItems.contains(component) || !out.conflictItems.contains(QString::fromStdString(*node))) continue;
        for (WireBond& w : *it) w.conflict = true;
    }
    return out;
}

CausalityReport analyzeForEditor(const LabSpec& lab, const CompileResult* result, bool* compiled)
{
    // the document's compile of `lab` when given (an edit compiles once), else compile here
    CompileResult own;
    if (!result) {
        own = compile(lab);
        result = &own;
    }
    if (compiled) *compiled = result->model != nullptr;
    if (result->model) return analyzeCausality(*result->model, initialLockMask(*result->model));
    return analyzeCausality(lab);
}

} // namespace drivelab
