#pragma once
// The causality overlay (docs/EDITOR.md, "Causality overlay"): one item above the drawing
// that paints, on every wire, the causal stroke at the end that receives the effort and the
// power half-arrow at the end power flows to, and marks the items a conflict names in red.
// It takes no mouse events and has no shape, so the canvas works through it.
#include <QGraphicsObject>
#include <QPointer>

#include "causality/causalitymap.h"

namespace drivelab {

class LabScene;
class CausalityController;
class WireItem;

/// where the marks of one bond sit on its wire (scene coordinates)
struct BondMarks {
    QPointF stroke[2]; ///< the stroke's ends (both null when the bond has no causality)
    QPointF arrowTip;  ///< the half-arrow's tip
    QPointF arrowBarb; ///< the end of its barb
    bool assigned = false;
    bool conflict = false;
};

/// the overlay layer of one scene
class CausalityOverlay : public QGraphicsObject {
    Q_OBJECT
public:
    CausalityOverlay(LabScene* scene, CausalityController* controller);

    /// item type (for qgraphicsitem_cast)
    enum { Type = UserType + 40 };
    int type() const override { return Type; }

    /// re-read the report and the wire routes (after an analysis or a move)
    void sync();
    /// the marks of every bond drawn on a wire (empty when the wire carries none)
    QVector<BondMarks> marksOf(const WireItem* wire) const;
    /// ids drawn as conflicting
    QSet<QString> conflictItems() const;

    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override { return {}; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QRectF conflictRect(const QString& id) const;

    LabScene* m_scene;
    QPointer<CausalityController> m_controller;
    QRectF m_bounds;
};

} // namespace drivelab
