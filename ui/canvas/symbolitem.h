#pragma once
// Base of the node and component items: a symbol drawn at the item's placement
// (rotated and mirrored), an upright label with the id and key parameters, and the
// selection and error marks.
#include <QGraphicsItem>
#include <QStringList>

#include "canvas/symbols.h"
#include "document/placement.h"

namespace drivelab {

/// an item drawn from a Symbol, identified by its lab id
class SymbolItem : public QGraphicsItem {
public:
    SymbolItem(const QString& id, const Symbol& symbol);

    /// lab id
    QString id() const { return m_id; }
    void setId(const QString& id);
    /// position and orientation from the layout
    void setPlacement(const Placement& p);
    const Placement& placement() const { return m_placement; }
    /// id and detail lines of the label
    void setLabel(const QString& detail);
    /// the detail line of the label
    QString detail() const { return m_detail; }
    /// diagnostics about the item (errors mark it red, warnings amber)
    void setProblems(const QStringList& errors, const QStringList& warnings);
    bool hasErrors() const { return !m_errors.isEmpty(); }
    /// symbol point (unrotated, centre-relative) -> item coordinates
    QPointF mapSymbolPoint(const QPointF& p) const { return m_orient.map(p); }
    /// symbol direction -> item direction
    QPointF mapSymbolDirection(const QPointF& d) const;
    /// the symbol's rectangle in item coordinates (after rotation)
    QRectF symbolRect() const;
    /// the label's rectangle in item coordinates
    QRectF labelRect() const { return m_labelRect; }
    /// the sides the label may take, best first: 0 below, 1 above, 2 right, 3 left
    /// (sides no wire leaves from come first)
    QList<int> labelSides() const;
    /// where the label would be on a side (item coordinates)
    QRectF labelRectFor(int side) const;
    /// put the label on a side (the scene picks the side that covers nothing)
    void setLabelSide(int side);
    /// the side the label is on
    int labelSide() const { return m_labelSide; }
    /// true when a wire leaves the symbol on a side (0 below, 1 above, 2 right, 3 left)
    bool wireOnSide(int side) const
    {
        bool used[4];
        usedSides(used);
        return side >= 0 && side < 4 && used[side];
    }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    /// draw another symbol (a hydraulic node turning into a reservoir)
    void setSymbol(const Symbol& symbol);
    /// the symbol's tint
    virtual QColor fillColor() const;
    /// a placement change moved the symbol: reposition children
    virtual void placementChanged() { }
    /// the sides wires leave from: [below, above, right, left]
    virtual void usedSides(bool used[4]) const { used[0] = used[1] = used[2] = used[3] = false; }
    void updateGeometry();
    void updateToolTip();
    /// a line the tooltip adds under the id (what kind of item it is), "" for none
    virtual QString toolTipNote() const { return {}; }

    const Symbol* m_symbol;

private:
    QString m_id;
    QString m_detail;
    Placement m_placement;
    QTransform m_orient;
    QRectF m_labelRect;
    int m_labelSide = 0;
    int m_chosenSide = -1;
    QStringList m_errors;
    QStringList m_warnings;
};

} // namespace drivelab
