#include "convertermap/mapchecks.h"

#include <cmath>
#include <regex>

namespace drivelab {
namespace {

constexpr double kEps = 2.220446049250313e-16;

int mapIndex(const std::string& name)
{
    for (int i = 0; i < 4; ++i) {
        if (name == kConverterMaps[i]) return i;
    }
    return -1;
}

int columnIndex(const std::string& name)
{
    for (int i = 0; i < 3; ++i) {
        if (name == kMapColumns[i]) return i;
    }
    return -1;
}

bool firstRow(const ComponentSpec& c, const char* map, double& r, double& cap)
{
    if (!c.parameters.contains(map)) return false;
    const Json& m = c.parameters[map];
    if (!m.is_array() || m.empty() || !m[0].is_object()) return false;
    const Json& row = m[0];
    if (!row.contains("torque_ratio") || !row.contains("capacity_coefficient") || !row["torque_ratio"].is_number() ||
        !row["capacity_coefficient"].is_number())
        return false;
    r = row["torque_ratio"].get<double>();
    cap = row["capacity_coefficient"].get<double>();
    return true;
}

// the efficiency rule's interior maximum on segment k (same test as the core)
bool segmentPeaks(const QVector<QPointF>& r, int k)
{
    const double s0 = r[k].x(), s1 = r[k + 1].x();
    const double ds = s1 - s0;
    if (!(ds > 0.0)) return false;
    const double slope = (r[k + 1].y() - r[k].y()) / ds;
    if (!(slope < 0.0)) return false;
    const double b = r[k].y() - slope * s0;
    const double sv = -b / (2.0 * slope);
    if (!(sv > s0 && sv < s1)) return false;
    const double ev = sv * (r[k].y() + slope * (sv - s0));
    return ev > 1.0 + 4.0 * kEps;
}

} // namespace

std::vector<int> failingPairs(const ComponentSpec& c)
{
    std::vector<int> out;
    const int pairs[2][2] = {{0, 3}, {1, 2}};
    for (int p = 0; p < 2; ++p) {
        double r1, c1, r2, c2;
        if (!firstRow(c, kConverterMaps[pairs[p][0]], r1, c1) || !firstRow(c, kConverterMaps[pairs[p][1]], r2, c2)) continue;
        const double a1 = -c1, b1 = -r2 * c2, a2 = r1 * c1, b2 = c2;
        const bool ok1 = std::fabs(a1 - b1) <= 64.0 * kEps * (std::fabs(a1) + std::fabs(b1));
        const bool ok2 = std::fabs(a2 - b2) <= 64.0 * kEps * (std::fabs(a2) + std::fabs(b2));
        if (!(ok1 && ok2)) out.push_back(p);
    }
    return out;
}

std::vector<MapProblems> sortMapProblems(const ComponentSpec& c, const std::vector<Diagnostic>& diagnostics)
{
    std::vector<MapProblems> out(4);
    static const std::regex cell(R"(^converter\.([a-z_]+)(?:\[(\d+)\](?:\.([a-z_]+))?)?$)");
    for (const auto& d : diagnostics) {
        if (d.subject != c.id) continue;
        const QString msg = QString::fromStdString(d.message);
        std::smatch m;
        if (!std::regex_match(d.field, m, cell)) continue;
        const std::string name = m[1].str();
        if (name == "counter_rotation") {
            // the first row of both maps of every failing pair
            const int pairs[2][2] = {{0, 3}, {1, 2}};
            std::vector<int> failing = failingPairs(c);
            if (failing.empty()) failing = {0, 1};
            for (int p : failing) {
                for (int k = 0; k < 2; ++k) {
                    MapProblems& mp = out[static_cast<std::size_t>(pairs[p][k])];
                    mp.cells[{0, 1}] << msg;
                    mp.cells[{0, 2}] << msg;
                }
            }
            continue;
        }
        const int map = mapIndex(name);
        if (map < 0) continue;
        MapProblems& mp = out[static_cast<std::size_t>(map)];
        if (!m[2].matched) {
            mp.table << msg;
            continue;
        }
        const int row = std::stoi(m[2].str());
        const int col = m[3].matched ? columnIndex(m[3].str()) : -1;
        if (col < 0) mp.rows[row] << msg;
        else mp.cells[{row, col}] << msg;
    }
    // efficiency peaks inside a segment: mark the segment for the chart
    for (int i = 0; i < 4; ++i) {
        if (!c.parameters.contains(kConverterMaps[i])) continue;
        const QVector<QPointF> r = mapKnots(c.parameters[kConverterMaps[i]], "torque_ratio");
        for (int k = 0; k + 1 < r.size(); ++k) {
            if (segmentPeaks(r, k) || r[k].x() * r[k].y() > 1.0) out[static_cast<std::size_t>(i)].segments << k;
        }
    }
    return out;
}

QVector<QPointF> mapKnots(const Json& map, const char* column)
{
    QVector<QPointF> out;
    if (!map.is_array()) return out;
    for (const auto& row : map) {
        if (!row.is_object() || !row.contains("speed_ratio") || !row.contains(column)) continue;
        if (!row["speed_ratio"].is_number() || !row[column].is_number()) continue;
        const double s = row["speed_ratio"].get<double>(), v = row[column].get<double>();
        if (std::isfinite(s) && std::isfinite(v)) out << QPointF(s, v);
    }
    return out;
}

QVector<QPointF> efficiencyCurve(const Json& map)
{
    const QVector<QPointF> r = mapKnots(map, "torque_ratio");
    QVector<QPointF> out;
    for (int k = 0; k + 1 < r.size(); ++k) {
        const int steps = 16;
        for (int i = 0; i < steps; ++i) {
            const double t = static_cast<double>(i) / steps;
            const double s = r[k].x() + t * (r[k + 1].x() - r[k].x());
            const double rv = r[k].y() + t * (r[k + 1].y() - r[k].y());
            out << QPointF(s, s * rv);
        }
    }
    if (!r.isEmpty()) out << QPointF(r.back().x(), r.back().x() * r.back().y());
    return out;
}

} // namespace drivelab
