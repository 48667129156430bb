#pragma once
// QGraphicsItem type ids of the canvas items (for qgraphicsitem_cast).
#include <QGraphicsItem>

namespace drivelab {

enum CanvasItemType {
    kComponentItemType = QGraphicsItem::UserType + 1,
    kNodeItemType = QGraphicsItem::UserType + 2,
    kPortItemType = QGraphicsItem::UserType + 3,
    kWireItemType = QGraphicsItem::UserType + 4,
};

} // namespace drivelab
