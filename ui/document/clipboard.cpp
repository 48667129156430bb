#include "document/clipboard.h"

#include <QCoreApplication>

#include <cctype>
#include <map>

#include "document/autolayout.h"
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
    for (const auto& e : lab.events) {
        if (comps.count(e.component)) sub.events.push_back(e);
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
    if (src.nodes.empty() && src.components.empty()) {
        if (error) *error = QCoreApplication::translate("Clipboard", "The clipboard holds no items");
        return std::nullopt;
    }
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
    for (auto& e : src.events) e.component = rename.count(e.component) ? rename[e.component] : e.component;
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
    return appendBundle(lab, std::move(src.nodes), std::move(src.components), std::move(src.events), layout.layout);
}

} // namespace drivelab
