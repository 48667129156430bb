#include "document/autolayout.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include "components/descriptors.h"
#include "document/partblocks.h"
#include "document/placement.h"

namespace drivelab {
namespace {

constexpr double kColumn = 300.0; // node to node along the drive line
constexpr double kRow = 240.0;    // between parallel drive lines
constexpr double kStack = 150.0;  // between items stacked at one spot
constexpr double kHang = 150.0;   // node to an item hanging below or above it
constexpr double kSpread = 220.0; // between items hanging off one node
constexpr double kClearX = 140.0; // two items closer than this in x ...
constexpr double kClearY = 100.0; // ... and in y overlap

double snap(double v) { return std::round(v / kGridPitch) * kGridPitch; }

class Placer {
public:
    Placer(LabSpec& lab, const PortGeometry& geometry) : m_lab(lab), m_geometry(geometry) { }

    bool run()
    {
        for (const auto& n : m_lab.nodes) take(n.id);
        for (const auto& c : m_lab.components) take(c.id);
        if (m_missing.empty()) {
            normalizeAll();
            return false;
        }
        classify();
        layerNodes();
        placeChainNodes();
        placeComponents();
        orientComponents();
        placeThermalNodes();
        placeLeftovers();
        normalizeAll();
        return true;
    }

private:
    void take(const std::string& id)
    {
        if (auto p = placementOf(m_lab, id)) {
            m_pos[id] = *p;
            m_occupied.push_back({p->x, p->y});
        } else {
            m_missing.insert(id);
        }
    }

    bool isChain(const std::string& node) const
    {
        const NodeSpec* n = m_lab.findNode(node);
        return n && n->domain != "thermal";
    }

    // the drive line (rotational, translational) is drawn above the hydraulic circuit
    int lineOf(const std::string& node) const
    {
        const NodeSpec* n = m_lab.findNode(node);
        return n && n->domain == "hydraulic" ? 1 : 0;
    }

    // the chain nodes each component binds, in port order; its position follows the line
    // it binds most nodes of (a clutch by its shafts, a pump by its oil ports)
    void classify()
    {
        for (const auto& c : m_lab.components) {
            std::vector<std::string> nodes;
            for (const auto& [port, node] : c.ports) {
                if (isChain(node) && std::find(nodes.begin(), nodes.end(), node) == nodes.end()) nodes.push_back(node);
            }
            int count[2] = {0, 0};
            for (const auto& n : nodes) ++count[lineOf(n)];
            const int line = count[1] > count[0] ? 1 : 0;
            std::vector<std::string> primary;
            for (const auto& n : nodes) {
                if (lineOf(n) == line) primary.push_back(n);
            }
            m_bound[c.id] = primary;
            for (std::size_t i = 1; i < primary.size(); ++i) m_edges.emplace_back(primary[0], primary[i]);
        }
    }

    // longest path from the sources over the edges that close no loop (a hydraulic
    // circuit returns to its sump): depth-first from the nodes nothing feeds, then from
    // reservoirs, then in file order; an edge back into the current path is dropped
    void layerNodes()
    {
        std::map<std::string, int> indegree;
        for (const auto& n : m_lab.nodes) {
            if (isChain(n.id)) m_layer[n.id] = 0;
        }
        for (const auto& [a, b] : m_edges) ++indegree[b];
        std::vector<std::string> roots;
        for (const auto& n : m_lab.nodes) {
            if (isChain(n.id) && indegree[n.id] == 0) roots.push_back(n.id);
        }
        for (const auto& n : m_lab.nodes) {
            if (isChain(n.id) && n.fields.is_object() && n.fields.contains("fixed_pressure")) roots.push_back(n.id);
        }
        for (const auto& n : m_lab.nodes) {
            if (isChain(n.id)) roots.push_back(n.id);
        }
        std::set<std::string> visited, onPath;
        std::set<std::size_t> back;
        const std::function<void(const std::string&)> visit = [&](const std::string& v) {
            visited.insert(v);
            onPath.insert(v);
            for (std::size_t e = 0; e < m_edges.size(); ++e) {
                if (m_edges[e].first != v) continue;
                const std::string& w = m_edges[e].second;
                if (onPath.count(w))
                    back.insert(e);
                else if (!visited.count(w))
                    visit(w);
            }
            onPath.erase(v);
        };
        for (const auto& r : roots) {
            if (!visited.count(r)) visit(r);
        }
        for (std::size_t pass = 0; pass <= m_lab.nodes.size(); ++pass) {
            bool moved = false;
            for (std::size_t e = 0; e < m_edges.size(); ++e) {
                if (back.count(e)) continue;
                const auto& [a, b] = m_edges[e];
                if (m_layer[b] < m_layer[a] + 1) {
                    m_layer[b] = m_layer[a] + 1;
                    moved = true;
                }
            }
            if (!moved) break;
        }
    }

    void placeChainNodes()
    {
        // the drive line first, then the hydraulic circuit in rows below it
        double top = 0.0;
        for (int line = 0; line < 2; ++line) {
            const double bottom = placeLine(line, top);
            if (bottom > top - kRow) top = bottom + 1.25 * kRow;
        }
    }

    // place the nodes of one line in columns by layer from y = top; returns the lowest row used
    double placeLine(int line, double top)
    {
        std::map<int, std::vector<std::string>> columns;
        for (const auto& n : m_lab.nodes) {
            if (isChain(n.id) && lineOf(n.id) == line) columns[m_layer[n.id]].push_back(n.id);
        }
        if (columns.empty()) return top - kRow;
        double lowest = top;
        std::map<std::string, double> row;
        for (auto& [layer, ids] : columns) {
            // order by the mean row of the nodes feeding them (fewer crossings)
            std::map<std::string, double> key;
            for (std::size_t i = 0; i < ids.size(); ++i) {
                double sum = 0.0;
                int count = 0;
                for (const auto& [a, b] : m_edges) {
                    if (b == ids[i] && row.count(a)) {
                        sum += row[a];
                        ++count;
                    }
                }
                key[ids[i]] = count ? sum / count : static_cast<double>(i);
                // a node the line continues from stays in the main row
                bool continues = false;
                for (const auto& [a, b] : m_edges) continues = continues || a == ids[i];
                if (!continues) key[ids[i]] += 0.5;
            }
            std::stable_sort(ids.begin(), ids.end(), [&](const auto& x, const auto& y) {
                return key[x] < key[y];
            });
            for (std::size_t i = 0; i < ids.size(); ++i) {
                row[ids[i]] = static_cast<double>(i);
                lowest = std::max(lowest, top + static_cast<double>(i) * kRow);
                if (!m_missing.count(ids[i])) continue;
                put(ids[i], {layer * kColumn, top + static_cast<double>(i) * kRow, 0, false}, 0.0, kStack);
            }
        }
        return lowest;
    }

    void placeComponents()
    {
        // items hanging off one node go in a row above (sources) or below (loads) it
        std::map<std::string, std::vector<std::string>> above, below;
        for (const auto& c : m_lab.components) {
            if (!m_missing.count(c.id)) continue;
            const auto& nodes = m_bound[c.id];
            const ComponentDescriptor* d = findComponentDescriptor(c.type);
            if (nodes.size() >= 2) {
                // between its first node and the others; mirrored when the first is on the right
                const Placement a = m_pos[nodes[0]];
                double bx = 0.0, by = 0.0;
                for (std::size_t i = 1; i < nodes.size(); ++i) {
                    bx += m_pos[nodes[i]].x;
                    by += m_pos[nodes[i]].y;
                }
                bx /= static_cast<double>(nodes.size() - 1);
                by /= static_cast<double>(nodes.size() - 1);
                Placement p{(a.x + bx) / 2.0, a.y, 0, a.x > bx};
                // between two rows: half way down; in one row: on it
                if (nodes.size() == 2) p.y = (a.y + by) / 2.0;
                put(c.id, p, 0.0, -kStack);
            } else if (nodes.size() == 1) {
                const Placement n = m_pos[nodes[0]];
                // a drive (a source, an engine, a controller) heads its line or sits above it
                const bool source = d && (d->group == PaletteGroup::Sources || d->group == PaletteGroup::Engines ||
                                          d->group == PaletteGroup::Control);
                const bool first = m_layer[nodes[0]] == 0;
                if (source && first && !hasLeftNeighbour(nodes[0])) {
                    // a drive at the head of the line: before the shaft, rotor facing it
                    put(c.id, {n.x - kColumn / 2.0, n.y, 0, true}, 0.0, -kStack);
                } else if (source) {
                    above[nodes[0]].push_back(c.id);
                } else {
                    below[nodes[0]].push_back(c.id);
                }
            }
        }
        const auto row = [&](const std::map<std::string, std::vector<std::string>>& rows, double dy, int rotation) {
            for (const auto& [node, ids] : rows) {
                const Placement n = m_pos[node];
                const double first = -0.5 * kSpread * static_cast<double>(ids.size() - 1);
                for (std::size_t k = 0; k < ids.size(); ++k)
                    put(ids[k], {n.x + first + kSpread * static_cast<double>(k), n.y + dy, rotation, false}, 0.0,
                        dy > 0 ? kStack : -kStack);
            }
        };
        row(above, -kHang, 270);
        row(below, kHang, 90);
    }

    // the rotation and mirroring that turns the ports towards their placed nodes
    void orientComponents()
    {
        if (!m_geometry) return;
        for (const auto& c : m_lab.components) {
            if (!m_missing.count(c.id) || !m_pos.count(c.id)) continue;
            Placement& p = m_pos[c.id];
            double best = std::numeric_limits<double>::infinity();
            Placement chosen = p;
            for (int rotation : {0, 90, 180, 270}) {
                // an instance's box keeps its caption upright and readable: it turns only by mirroring
                if (isPartType(c.type) && rotation % 180 != 0) continue;
                for (bool flip : {false, true}) {
                    double cost = 0.0;
                    int known = 0;
                    for (const auto& [port, node] : c.ports) {
                        if (!m_pos.count(node) || !isChain(node)) continue;
                        const auto anchor = m_geometry(c.type, port);
                        if (!anchor) continue;
                        double ax = flip ? -anchor->x : anchor->x, ay = anchor->y;
                        double dx = flip ? -anchor->dx : anchor->dx, dy = anchor->dy;
                        turn(ax, ay, rotation);
                        turn(dx, dy, rotation);
                        const double vx = m_pos[node].x - (p.x + ax), vy = m_pos[node].y - (p.y + ay);
                        cost += std::fabs(vx) + std::fabs(vy);
                        if (vx * dx + vy * dy < 0.0) cost += 400.0;
                        ++known;
                    }
                    // ties keep the plainest orientation
                    if (known && cost < best - 20.0) {
                        best = cost;
                        chosen = {p.x, p.y, rotation, flip};
                    }
                }
            }
            p = chosen;
        }
    }

    // rotate a vector clockwise on screen (y down) by a multiple of 90 degrees
    static void turn(double& x, double& y, int rotation)
    {
        const double ox = x, oy = y;
        switch (rotation) {
        case 90:
            x = -oy;
            y = ox;
            break;
        case 180:
            x = -ox;
            y = -oy;
            break;
        case 270:
            x = oy;
            y = -ox;
            break;
        default: break;
        }
    }

    bool hasLeftNeighbour(const std::string& node) const
    {
        for (const auto& [id, p] : m_pos) {
            const Placement& n = m_pos.at(node);
            if (id != node && p.x < n.x && p.x > n.x - kColumn * 0.9 && std::fabs(p.y - n.y) < kClearY) return true;
        }
        return false;
    }

    void placeThermalNodes()
    {
        double bottom = 0.0;
        for (const auto& [id, p] : m_pos) bottom = std::max(bottom, p.y);
        for (const auto& n : m_lab.nodes) {
            if (isChain(n.id) || !m_missing.count(n.id)) continue;
            double sx = 0.0;
            int count = 0;
            for (const auto& c : m_lab.components) {
                for (const auto& [port, node] : c.ports) {
                    if (node == n.id && m_pos.count(c.id)) {
                        sx += m_pos[c.id].x;
                        ++count;
                    }
                }
            }
            const double x = count ? sx / count : 0.0;
            put(n.id, {x, bottom + kHang + 20.0, 0, false}, kColumn / 2.0, 0.0);
        }
    }

    void placeLeftovers()
    {
        double bottom = 0.0;
        for (const auto& [id, p] : m_pos) bottom = std::max(bottom, p.y);
        double x = 0.0;
        const auto place = [&](const std::string& id) {
            if (!m_missing.count(id) || m_pos.count(id)) return;
            put(id, {x, bottom + kRow, 0, false}, kColumn / 2.0, 0.0);
            x += kColumn / 2.0;
        };
        for (const auto& n : m_lab.nodes) place(n.id);
        for (const auto& c : m_lab.components) place(c.id);
    }

    // place at p, stepping by (dx, dy) until the spot is free
    void put(const std::string& id, Placement p, double dx, double dy)
    {
        if (dx == 0.0 && dy == 0.0) dy = kStack;
        for (int guard = 0; guard < 500 && !free(p.x, p.y); ++guard) {
            p.x += dx;
            p.y += dy;
        }
        p.x = snap(p.x);
        p.y = snap(p.y);
        m_pos[id] = p;
        m_occupied.push_back({p.x, p.y});
    }

    bool free(double x, double y) const
    {
        for (const auto& [ox, oy] : m_occupied) {
            if (std::fabs(ox - x) < kClearX && std::fabs(oy - y) < kClearY) return false;
        }
        return true;
    }

    // write every entry in full form; placed items get their new placement
    void normalizeAll()
    {
        const auto write = [&](const std::string& id) {
            if (m_missing.count(id) && m_pos.count(id))
                writePlacement(m_lab, id, m_pos[id]);
            else if (auto p = placementOf(m_lab, id))
                writePlacement(m_lab, id, *p);
        };
        for (const auto& n : m_lab.nodes) write(n.id);
        for (const auto& c : m_lab.components) write(c.id);
    }

    LabSpec& m_lab;
    const PortGeometry& m_geometry;
    std::set<std::string> m_missing;
    std::map<std::string, Placement> m_pos;
    std::vector<std::pair<double, double>> m_occupied;
    std::map<std::string, std::vector<std::string>> m_bound;
    std::vector<std::pair<std::string, std::string>> m_edges;
    std::map<std::string, int> m_layer;
};

} // namespace

bool autoPlace(LabSpec& lab, const PortGeometry& geometry)
{
    if (lab.instances.empty()) return Placer(lab, geometry).run();
    // instances are placed like components with the part's ports (document/partblocks.h)
    LabSpec blocks = withInstanceBlocks(lab);
    const bool placed = Placer(blocks, geometry).run();
    lab.layout = blocks.layout;
    return placed;
}

} // namespace drivelab
