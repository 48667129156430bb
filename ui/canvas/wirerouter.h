#pragma once
// Orthogonal wire routing: from a port, leaving along its outward direction, to a node
// anchor, arriving against the anchor's outward direction; only horizontal and vertical
// segments, around the symbols and labels in the way.
//
// The route is a cheapest path on the grid of lines through both stub ends and along
// the (inflated) edges of every obstacle, with a penalty per bend: the shortest
// rectilinear paths around rectangles lie on that grid. A route never passes through an
// obstacle while a way around exists; an obstacle that swallows a stub end (a label
// pushed against a port) is crossed at a price instead. The result depends only on the
// arguments (no hashing, no unordered containers): same drawing, same route.
#include <QPointF>
#include <QRectF>
#include <QVector>

namespace drivelab {

/// length of the straight stub leaving a port or anchor [scene units]
inline constexpr double kWireStub = 16.0;
/// clearance kept around symbols [scene units]
inline constexpr double kWireClearance = 8.0;
/// clearance kept around labels [scene units]
inline constexpr double kLabelClearance = 3.0;

/// the corner points of an orthogonal route (first = start, last = end) around
/// `obstacles` (symbols, inflated by kWireClearance) and `labels` (inflated by
/// kLabelClearance)
QVector<QPointF> routeWire(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QVector<QRectF>& obstacles = {},
                           const QVector<QRectF>& labels = {});
/// true when a segment of an orthogonal route runs through the interior of `r`
/// (along or up to its edge does not count)
bool routeCrosses(const QVector<QPointF>& route, const QRectF& r);

} // namespace drivelab
