#pragma once
// What the converter map editor shows about the maps: the core's map findings
// (checkConverterMaps: map, row, column, message) sorted onto maps, rows and cells (the
// counter-rotation rule onto the first row of both maps of each failing pair), and curves
// to plot: R(s), C(s) and the efficiency s·R(s), sampled finely enough to show a segment's
// interior maximum.
#include <QHash>
#include <QPointF>
#include <QStringList>
#include <QVector>

#include <vector>

#include "components/rotational/torqueconvertermap.h"
#include "spec/labspec.h"

namespace drivelab {

/// problems of one map
struct MapProblems {
    QHash<QPair<int, int>, QStringList> cells; ///< (row, column) -> messages
    QHash<int, QStringList> rows;              ///< row -> messages about the row as a whole
    QStringList table;                         ///< messages about the whole map
    QVector<int> segments;                     ///< k: segment k..k+1 breaks the efficiency rule
    bool empty() const { return cells.isEmpty() && rows.isEmpty() && table.isEmpty(); }
};

/// the core's findings for one converter, sorted per map (index as kConverterMapNames)
std::vector<MapProblems> sortMapProblems(const ComponentSpec& converter, const std::vector<ConverterMapFinding>& findings);
/// the counter-rotation pairs that fail (0: pump_positive/turbine_negative, 1: pump_negative/turbine_positive)
std::vector<int> failingPairs(const std::vector<ConverterMapFinding>& findings);
/// the knots of a map as (s, value) of one column; rows without numbers are skipped
QVector<QPointF> mapKnots(const Json& map, const char* column);
/// s·R(s) sampled along the map (knots plus points inside every segment)
QVector<QPointF> efficiencyCurve(const Json& map);

} // namespace drivelab
