#pragma once
// A node on the canvas: a shaft/inertia, a thermal mass, a hydraulic junction or a
// translational mass, with anchors on its four sides where wires arrive. Inside an opened part,
// a node that is one of the part's exposed ports is drawn as a port: a filled marker of its
// domain on a frame in the domain's colour, its label "port · domain" (docs/EDITOR.md).
#include <optional>

#include "canvas/itemtypes.h"
#include "canvas/symbolitem.h"
#include "spec/labspec.h"

namespace drivelab {

/// one node of the lab
class NodeItem : public SymbolItem {
public:
    NodeItem(const QString& id, Domain domain);

    int type() const override { return kNodeItemType; }
    Domain domain() const { return m_domain; }
    /// label from the spec
    void syncFrom(const NodeSpec& spec);
    /// the oil temperature of a thermal-liquid volume in the run shown [K] (none: no run shown):
    /// the label shows it, in the display unit, instead of the initial temperature
    void setLiveOil(std::optional<double> kelvin);
    std::optional<double> liveOil() const { return m_liveOil; }
    /// where a wire arrives: side name, scene point, outward direction
    struct Anchor {
        QString side;
        QPointF point;
        QPointF direction;
    };
    /// the anchor a wire from `from` (leaving along `fromDir`) should use
    Anchor anchorFor(const QPointF& from, const QPointF& fromDir) const;
    /// anchors where wires arrive (drawn as junction dots when shared)
    void setWireCounts(const QHash<QString, int>& counts);
    /// highlight while a wire drag passes over it
    void setDropHighlight(int state);
    /// one of the exposed ports of the part shown (the node its components connect to inside)
    void setExposedPort(bool on);
    bool isExposedPort() const { return m_exposed; }

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    QColor fillColor() const override;
    void usedSides(bool used[4]) const override;
    QString toolTipNote() const override;

private:
    QString detailText() const;

    Domain m_domain;
    NodeSpec m_spec;
    std::optional<double> m_liveOil;
    QHash<QString, int> m_wireCounts;
    int m_drop = 0;
    bool m_exposed = false;
};

} // namespace drivelab
