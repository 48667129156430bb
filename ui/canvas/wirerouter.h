#pragma once
// Orthogonal wire routing: from a port, leaving along its outward direction, to a node
// anchor, arriving against the anchor's outward direction; only horizontal and vertical
// segments, around the symbols in the way, recomputed whenever either end moves.
//
// The route is a cheapest path on the grid of lines through both stub ends and along
// the (inflated) edges of every obstacle, with a penalty per bend: the shortest
// rectilinear paths around rectangles lie on that grid.
#include <QPointF>
#include <QRectF>
#include <QVector>

namespace drivelab {

/// length of the straight stub leaving a port or anchor [scene units]
inline constexpr double kWireStub = 16.0;
/// clearance kept around obstacles [scene units]
inline constexpr double kWireClearance = 8.0;

/// the corner points of an orthogonal route (first = start, last = end) avoiding `obstacles`
/// `soft` rectangles (labels) may be crossed at a price
QVector<QPointF> routeWire(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QVector<QRectF>& obstacles = {},
                           const QVector<QRectF>& soft = {});

} // namespace drivelab
