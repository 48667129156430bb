#include "convertermap/mapchecks.h"

#include <algorithm>
#include <cmath>

namespace drivelab {
namespace {

constexpr double kEps = 2.220446049250313e-16;

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

std::vector<int> failingPairs(const std::vector<ConverterMapFinding>& findings)
{
    std::vector<int> out;
    for (const auto& f : findings) {
        if (f.pair >= 0 && std::find(out.begin(), out.end(), f.pair) == out.end()) out.push_back(f.pair);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<MapProblems> sortMapProblems(const ComponentSpec& c, const std::vector<ConverterMapFinding>& findings)
{
    std::vector<MapProblems> out(4);
    for (const auto& f : findings) {
        const QString msg = QString::fromStdString(f.message);
        if (f.pair >= 0) {
            // the first row (R and C) of both maps of the failing pair
            for (int k = 0; k < 2; ++k) {
                MapProblems& mp = out[static_cast<std::size_t>(kCounterRotationPairs[f.pair][k])];
                mp.cells[{0, 1}] << msg;
                mp.cells[{0, 2}] << msg;
            }
            continue;
        }
        if (f.map < 0 || f.map > 3) continue;
        MapProblems& mp = out[static_cast<std::size_t>(f.map)];
        if (f.row < 0)
            mp.table << msg;
        else if (f.column < 0)
            mp.rows[f.row] << msg;
        else
            mp.cells[{f.row, f.column}] << msg;
    }
    // efficiency peaks inside a segment: mark the segment for the chart
    for (int i = 0; i < 4; ++i) {
        if (!c.parameters.is_object() || !c.parameters.contains(kConverterMapNames[i])) continue;
        const QVector<QPointF> r = mapKnots(c.parameters[kConverterMapNames[i]], "torque_ratio");
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
