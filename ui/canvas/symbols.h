#pragma once
// Component and node symbols. A symbol is an SVG resource (":/symbols/<type>.svg",
// ":/symbols/node-<domain>.svg") whose port anchors are elements with the id
// "port-<port name>"; a type without an SVG gets a generic box with its ports laid out
// from the descriptor, so a new component type appears on the canvas without UI code.
#include <QColor>
#include <QHash>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <memory>

#include "document/autolayout.h"
#include "spec/descriptor.h"

class QSvgRenderer;
class QPainter;
class QTransform;

namespace drivelab {

/// one symbol: drawing, size and anchors (centre-relative, unrotated)
struct Symbol {
    std::shared_ptr<QSvgRenderer> renderer; ///< null: drawn as a generic box
    QSizeF size;                            ///< drawing size [scene units]
    QHash<QString, QPointF> anchors;        ///< port name (or side for nodes) -> point
    QString caption;                        ///< generic box caption
    /// the drawing's `<g id="upright">` (lettering: "FMU", "PID"), left out of `renderer` and drawn
    /// upright at its turned place (null: none)
    std::shared_ptr<QSvgRenderer> upright;
    QRectF uprightRect; ///< its bounds (centre-relative, unrotated)

    /// draw centred at the origin
    void paint(QPainter* painter, const QColor& ink, const QColor& fill) const;
    /// draw the lettering upright where `orient` (the placement's rotation and flip) takes it
    void paintUpright(QPainter* painter, const QTransform& orient) const;
    /// outward unit direction of an anchor (the side of the box it sits on)
    QPointF direction(const QPointF& anchor) const;
};

/// the symbol of a component type
const Symbol& componentSymbol(const ComponentDescriptor& d);
/// the symbol of a node domain (anchors "left", "right", "top", "bottom"); a variant
/// ("junction", "reservoir") draws a special kind of node when a drawing exists for it
const Symbol& nodeSymbol(Domain d, const QString& variant = {});
/// the variant a node is drawn as: a hydraulic node without volume is a junction, with
/// a fixed pressure a reservoir
QString nodeVariant(const NodeSpec& node);
/// the anchor of a component port as the auto-layout needs it (nullopt for unknown types)
std::optional<PortAnchor> symbolPortAnchor(std::string_view type, std::string_view port);
/// resource path of a component type's icon (its symbol), "" when none
QString componentIconPath(const ComponentDescriptor& d);
/// resource path of a node domain's icon, "" when none
QString nodeIconPath(Domain d);

} // namespace drivelab
