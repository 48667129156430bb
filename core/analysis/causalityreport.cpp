// The causality report as JSON (LAB_FORMAT section 5 plus the extensions of
// docs/CAUSALITY.md) and as text for people.
#include <algorithm>

#include "analysis/causality.h"

namespace drivelab {
namespace {

Json strings(const std::vector<std::string>& list)
{
    Json a = Json::array();
    for (const auto& s : list) a.push_back(s);
    return a;
}

Json orNull(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

std::string joined(const std::vector<std::string>& list, const char* sep)
{
    std::string s;
    for (std::size_t i = 0; i < list.size(); ++i) s += (i ? sep : "") + list[i];
    return s;
}

std::string padded(const std::string& s, std::size_t width) { return s.size() >= width ? s : s + std::string(width - s.size(), ' '); }

} // namespace

Json causalityJson(const CausalityReport& r)
{
    Json out = Json::object();
    out["consistent"] = r.consistent;
    Json bonds = Json::array();
    for (const auto& b : r.bonds)
        bonds.push_back(Json{{"from", b.from}, {"to", b.to}, {"stroke_at", orNull(b.strokeAt)}, {"effort_from", orNull(b.effortFrom)}});
    out["bonds"] = std::move(bonds);
    Json elements = Json::array();
    for (const auto& e : r.elements) {
        Json x{{"id", e.id}, {"kind", e.kind}, {"causality", e.causality}, {"owner", e.owner}, {"note", e.note}};
        if (!e.expandsTo.empty()) x["expands_to"] = strings(e.expandsTo);
        elements.push_back(std::move(x));
    }
    out["elements"] = std::move(elements);
    Json loops = Json::array(), paths = Json::array();
    for (const auto& l : r.loops) {
        loops.push_back(strings(l.members));
        paths.push_back(strings(l.path));
    }
    out["algebraic_loops"] = std::move(loops);
    Json conflicts = Json::array();
    for (const auto& c : r.conflicts)
        conflicts.push_back(Json{{"elements", strings(c.elements)},
                                 {"junction", orNull(c.junction)},
                                 {"message", c.message},
                                 {"junction_element", orNull(c.junctionElement)}});
    out["conflicts"] = std::move(conflicts);
    // extensions (docs/CAUSALITY.md)
    Json groups = Json::array(), details = Json::array();
    for (const auto& g : r.groups) {
        std::vector<std::string> members = g.nodes;
        members.insert(members.end(), g.components.begin(), g.components.end());
        groups.push_back(strings(members));
        details.push_back(Json{{"nodes", strings(g.nodes)},
                               {"components", strings(g.components)},
                               {"independent", g.independent},
                               {"held", g.held},
                               {"redundant", g.redundant}});
    }
    out["constrained_groups"] = std::move(groups);
    out["constrained_group_details"] = std::move(details);
    out["algebraic_loop_paths"] = std::move(paths);
    out["locked_clutches"] = strings(r.lockedClutches);
    Json links = Json::array();
    for (const auto& s : r.signalLinks) links.push_back(Json{{"from", s.from}, {"to", s.to}, {"port", s.port}});
    out["signals"] = std::move(links);
    out["notes"] = strings(r.notes);
    return out;
}

std::string causalityText(const CausalityReport& r)
{
    std::string s;
    s += r.consistent ? "causality: consistent\n" : "causality: " + std::to_string(r.conflicts.size()) + " conflict(s)\n";
    s += r.lockedClutches.empty() ? "mode: no clutch locked at the start\n"
                                  : "mode: locked at the start: " + joined(r.lockedClutches, ", ") + "\n";
    // bonds: the half-arrow points right; '|' stands at the end that receives the effort
    std::size_t wFrom = 0, wTo = 0, wId = 0, wKind = 0, wCausality = 0;
    for (const auto& b : r.bonds) {
        wFrom = std::max(wFrom, b.from.size());
        wTo = std::max(wTo, b.to.size());
    }
    for (const auto& e : r.elements) {
        wId = std::max(wId, e.id.size());
        wKind = std::max(wKind, e.kind.size());
        wCausality = std::max(wCausality, e.causality.size());
    }
    s += "\nbonds (power flows left to right; '|' marks the stroke, at the end that receives the effort):\n";
    for (const auto& b : r.bonds) {
        const std::string arrow = b.strokeAt.empty() ? " ---> " : b.strokeAt == b.to ? " --->| " : " |---> ";
        s += "  " + padded(b.from, wFrom) + arrow + padded(b.to, wTo);
        s += b.strokeAt.empty() ? "  (no causality)\n" : "  stroke at " + b.strokeAt + ", effort from " + b.effortFrom + "\n";
    }
    s += "\nelements:\n";
    for (const auto& e : r.elements) {
        s += "  " + padded(e.id, wId) + "  " + padded(e.kind, wKind) + "  " + padded(e.causality, wCausality) + "  " + e.note;
        if (!e.expandsTo.empty()) s += " (" + joined(e.expandsTo, ", ") + ")";
        s += "\n";
    }
    if (!r.groups.empty()) {
        s += "\nconstrained groups (rigid constraints solved by projection; dependent inertias in derivative causality):\n";
        for (const auto& g : r.groups) {
            s += "  " + joined(g.nodes, ", ") + " via " + joined(g.components, ", ") + " (" + std::to_string(g.independent) +
                 " independent" + (g.held ? ", held by ground" : "") + (g.redundant ? ", with a repeated constraint" : "") + ")\n";
        }
    }
    if (!r.loops.empty()) {
        s += "\nalgebraic loops (solved jointly):\n";
        for (const auto& l : r.loops) s += "  " + joined(l.path, " -> ") + "\n";
    }
    if (!r.conflicts.empty()) {
        s += "\nconflicts:\n";
        for (const auto& c : r.conflicts) {
            s += "  " + (c.junction.empty() ? std::string("-") : "at '" + c.junction + "'") + " [" + joined(c.elements, ", ") +
                 "]: " + c.message + "\n";
        }
    }
    if (!r.signalLinks.empty()) {
        s += "\nsignals (no power, no causality):\n";
        for (const auto& g : r.signalLinks) s += "  " + g.from + " -> " + g.to + " (" + g.port + ")\n";
    }
    if (!r.notes.empty()) {
        s += "\nnotes:\n";
        for (const auto& n : r.notes) s += "  " + n + "\n";
    }
    return s;
}

} // namespace drivelab
