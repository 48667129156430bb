#pragma once
// What the converter map editor shows about the maps: the core's diagnostics sorted
// onto maps, rows and cells (the counter-rotation rule onto the first row of both maps
// of each failing pair), and curves to plot: R(s), C(s) and the efficiency s·R(s),
// sampled finely enough to show a segment's interior maximum.
#include <QHash>
#include <QPointF>
#include <QStringList>
#include <QVector>

#include <vector>

#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// the four maps in drive-code order
inline const char* const kConverterMaps[4] = {"pump_positive", "pump_negative", "turbine_positive", "turbine_negative"};
/// columns of a map row
inline const char* const kMapColumns[3] = {"speed_ratio", "torque_ratio", "capacity_coefficient"};

/// problems of one map
struct MapProblems {
    QHash<QPair<int, int>, QStringList> cells;  ///< (row, column) -> messages
    QHash<int, QStringList> rows;               ///< row -> messages about the row as a whole
    QStringList table;                          ///< messages about the whole map
    QVector<int> segments;                      ///< k: segment k..k+1 breaks the efficiency rule
    bool empty() const { return cells.isEmpty() && rows.isEmpty() && table.isEmpty(); }
};

/// the diagnostics of one converter, sorted per map (index as kConverterMaps)
std::vector<MapProblems> sortMapProblems(const ComponentSpec& converter, const std::vector<Diagnostic>& diagnostics);
/// the counter-rotation pairs that fail (0: pump_positive/turbine_negative, 1: pump_negative/turbine_positive)
std::vector<int> failingPairs(const ComponentSpec& converter);
/// the knots of a map as (s, value) of one column; rows without numbers are skipped
QVector<QPointF> mapKnots(const Json& map, const char* column);
/// s·R(s) sampled along the map (knots plus points inside every segment)
QVector<QPointF> efficiencyCurve(const Json& map);

} // namespace drivelab
