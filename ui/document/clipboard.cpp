#include "document/clipboard.h"

#include <QCoreApplication>

#include <cctype>
#include <map>

#include "document/autolayout.h"
#include "document/partblocks.h"
#include "document/partbody.h"
#include "document/placement.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"

namespace drivelab {
namespace {

std::string stem(const std::string& id)
{
    std::string s = id;
    while (!s.empty() && std::isdigit(static_cast<unsigned char>(s.back()))) s.pop_back();
    // room for the number, so that stem + n stays inside the id set (kMaxIdLength)
    if (s.size() > kMaxIdLength - 10) s.resize(kMaxIdLength - 10);
    return s.empty() ? std::string("item") : s;
}

QString trClipboard(const char* text) { return QCoreApplication::translate("Clipboard", text); }

// the head of an event's path ("box/ring_brake" -> "box")
std::string head(const std::string& component) { return component.substr(0, component.find('/')); }

// the lab's inline parts that the instances use, and those they use in turn, in the lab's order
Json usedInlineParts(const LabSpec& lab, const std::vector<InstanceSpec>& instances)
{
    std::set<std::string> need;
    std::vector<std::string> todo;
    for (const auto& i : instances) todo.push_back(i.part);
    while (!todo.empty()) {
        const std::string name = todo.back();
        todo.pop_back();
        const auto k = inlinePartIndex(lab, name);
        if (!k || !need.insert(name).second) continue;
        const Json& def = lab.parts[*k];
        if (def.contains("instances") && def["instances"].is_array()) {
            for (const Json& i : def["instances"]) {
                if (i.is_object() && i.contains("part") && i["part"].is_string()) todo.push_back(i["part"].get<std::string>());
            }
        }
    }
    Json out = Json::array();
    for (const Json& p : lab.parts) {
        if (p.is_object() && need.count(p.value("name", std::string()))) out.push_back(p);
    }
    return out;
}

// the part definitions a paste brings into `lab` (those it lacks), or nullopt with `error` when
// the lab has another part of a name or an instance's part is not available there
std::optional<Json> partsToBring(const LabSpec& lab, const LabSpec& src, QString* error)
{
    Json bring = Json::array();
    std::set<std::string> carried;
    for (const Json& p : src.parts) {
        const std::string name = p.is_object() ? p.value("name", std::string()) : std::string();
        carried.insert(name);
        if (const auto k = inlinePartIndex(lab, name)) {
            if (lab.parts[*k] == p) continue;
            if (error) *error = trClipboard("This lab has another part called %1: rename one of them before pasting.").arg(QString::fromStdString(name));
            return std::nullopt;
        }
        bring.push_back(p);
    }
    for (const auto& i : src.instances) {
        std::string why;
        if (!carried.count(i.part) && !partInterface(lab, i.part, &why)) {
            if (error)
                *error = trClipboard("%1 places part %2, which this lab cannot use (%3): nothing pasted.")
                             .arg(QString::fromStdString(i.id), QString::fromStdString(i.part), QString::fromStdString(why));
            return std::nullopt;
        }
    }
    return bring;
}

} // namespace

QByteArray copyItems(const LabSpec& lab, const std::set<std::string>& ids)
{
    LabSpec sub;
    sub.name = "clipboard";
    sub.run = lab.run;
    for (const auto& n : lab.nodes) {
        if (ids.count(n.id)) sub.nodes.push_back(n);
    }
    std::set<std::string> comps;
    for (const auto& c : lab.components) {
        if (ids.count(c.id)) {
            sub.components.push_back(c);
            comps.insert(c.id);
        }
    }
    // instances with the inline parts they use (a part file is the lab's folder's or the library's)
    for (const auto& i : lab.instances) {
        if (ids.count(i.id)) {
            sub.instances.push_back(i);
            comps.insert(i.id);
        }
    }
    sub.parts = usedInlineParts(lab, sub.instances);
    for (const auto& e : lab.events) {
        if (comps.count(head(e.component))) sub.events.push_back(e);
    }
    for (const auto& id : ids) {
        if (lab.layout.is_object() && lab.layout.contains(id)) sub.layout[id] = lab.layout[id];
    }
    return QByteArray::fromStdString(writeLab(sub));
}

std::optional<ItemBundle> pasteBundle(const LabSpec& lab, const QByteArray& text, double step, QString* error)
{
    LabReadResult r = readLab(text.toStdString());
    if (!r.lab) {
        if (error) {
            *error = QCoreApplication::translate("Clipboard", "The clipboard does not hold DriveLab items");
            if (!r.diagnostics.empty()) *error += QStringLiteral(": ") + QString::fromStdString(r.diagnostics.items().front().message);
        }
        return std::nullopt;
    }
    LabSpec& src = *r.lab;
    autoPlace(src);
    if (src.nodes.empty() && src.components.empty() && src.instances.empty()) {
        if (error) *error = QCoreApplication::translate("Clipboard", "The clipboard holds no items");
        return std::nullopt;
    }
    std::optional<Json> bring = partsToBring(lab, src, error);
    if (!bring) return std::nullopt;
    // fresh ids for every taken one
    std::set<std::string> used;
    std::map<std::string, std::string> rename;
    const auto fresh = [&](const std::string& id) {
        std::string out = id;
        if (lab.idTaken(out) || used.count(out)) {
            const std::string base = stem(id);
            for (int n = 1;; ++n) {
                out = base + std::to_string(n);
                if (!lab.idTaken(out) && !used.count(out)) break;
            }
        }
        used.insert(out);
        rename[id] = out;
        return out;
    };
    std::map<std::string, std::string> nodeDomain;
    for (auto& n : src.nodes) {
        nodeDomain[n.id] = n.domain;
        n.id = fresh(n.id);
    }
    for (auto& c : src.components) c.id = fresh(c.id);
    for (auto& i : src.instances) i.id = fresh(i.id);
    // ports: copied nodes -> their copies; nodes of the target -> kept; anything else dropped
    for (auto& c : src.components) {
        std::vector<std::pair<std::string, std::string>> ports;
        for (const auto& [port, node] : c.ports) {
            if (nodeDomain.count(node))
                ports.emplace_back(port, rename[node]);
            else if (node == kGroundId || lab.findNode(node))
                ports.emplace_back(port, node);
        }
        c.ports = std::move(ports);
    }
    for (auto& i : src.instances) {
        Json ports = Json::object();
        for (auto it = i.ports.begin(); it != i.ports.end(); ++it) {
            const std::string node = it.value().is_string() ? it.value().get<std::string>() : std::string();
            if (nodeDomain.count(node))
                ports[it.key()] = rename[node];
            else if (node == kGroundId || lab.findNode(node))
                ports[it.key()] = node;
        }
        i.ports = std::move(ports);
    }
    // an event follows its component, or the instance at its path's head ("box/ring_brake")
    for (auto& e : src.events) {
        const std::string h = head(e.component);
        if (rename.count(h)) e.component = rename[h] + e.component.substr(h.size());
    }
    // placements: shift until no copy sits on an existing item
    std::vector<std::pair<std::string, Placement>> places;
    for (const auto& [from, to] : rename) {
        if (auto p = placementOf(src, from)) places.emplace_back(to, *p);
    }
    std::vector<Placement> occupied;
    for (const auto& n : lab.nodes) {
        if (auto p = placementOf(lab, n.id)) occupied.push_back(*p);
    }
    for (const auto& c : lab.components) {
        if (auto p = placementOf(lab, c.id)) occupied.push_back(*p);
    }
    for (const auto& i : lab.instances) {
        if (auto p = placementOf(lab, i.id)) occupied.push_back(*p);
    }
    int k = 0;
    for (; k < 200; ++k) {
        bool clash = false;
        for (const auto& [id, p] : places) {
            for (const auto& o : occupied) clash = clash || (o.x == p.x + k * step && o.y == p.y + k * step);
        }
        if (!clash) break;
    }
    LabSpec layout;
    for (auto& [id, p] : places) {
        p.x += k * step;
        p.y += k * step;
        writePlacement(layout, id, p);
    }
    ItemBundle out = appendBundle(lab, std::move(src.nodes), std::move(src.components), std::move(src.events), layout.layout, std::move(src.instances));
    out.parts = std::move(*bring);
    return out;
}

} // namespace drivelab
