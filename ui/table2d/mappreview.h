#pragma once
// The preview of a 2-D table: the bilinear surface (Table2D::at, the core's own evaluation)
// as a colour map over the axes' extent, contour lines at nice levels, a colour legend and axes
// labelled in display units, and during a run the operating point as a marker with a short
// trail. An invalid table is not drawn: the preview says why.
//
// Contours are traced cell by cell on a sub-grid inside each table cell: along a sub-cell edge
// the bilinear surface is linear, so every crossing point lies exactly on its level.
#include <QImage>
#include <QLineF>
#include <QVector>
#include <QWidget>

#include <optional>

#include "components/common/table2d.h"

class QPainter;

namespace drivelab {

/// colour map, contours and live operating point of one 2-D table
class MapPreview : public QWidget {
    Q_OBJECT
public:
    explicit MapPreview(QWidget* parent = nullptr);

    /// show a table of this parameter (nothing drawn, with `problem` said, when the core refuses it)
    void setTable(const Json& value, const ParameterDescriptor* p);
    /// the operating point in SI (nullopt: none, no run)
    void setOperatingPoint(std::optional<QPointF> si);
    /// forget the trail (a new run)
    void clearTrail();
    std::optional<QPointF> operatingPoint() const { return m_point; }
    /// whether a table is drawn
    bool valid() const { return m_valid; }
    const Table2D& table() const { return m_table; }

    /// the plot area in widget pixels
    QRectF plotRect() const;
    /// widget pixel of an SI point, and back
    QPointF toPixel(double x, double y) const;
    QPointF toSi(const QPointF& pixel) const;
    /// the colour of a value on the scale
    QColor colourOf(double z) const;
    /// the value range of the colour scale
    double zMin() const { return m_zmin; }
    double zMax() const { return m_zmax; }
    /// the contour levels drawn
    const QVector<double>& levels() const { return m_levels; }
    /// the contour segments of level k, in SI (x, y)
    const QVector<QLineF>& contour(int k) const { return m_contours[k]; }
    /// the colour map as drawn (one pixel per widget pixel of the plot area, from its top left)
    const QImage& image() const { return m_image; }

    QSize sizeHint() const override { return {560, 420}; }
    QSize minimumSizeHint() const override { return {320, 240}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildContours();
    void buildImage();
    void drawAxes(QPainter& p, const QRectF& r) const;
    void drawLegend(QPainter& p, const QRectF& r) const;
    void drawMarker(QPainter& p) const;

    const ParameterDescriptor* m_param = nullptr;
    Json m_value; // the table shown
    Table2D m_table;
    bool m_valid = false;
    QString m_problem;
    double m_zmin = 0.0, m_zmax = 1.0;
    QVector<double> m_levels;
    QVector<QVector<QLineF>> m_contours;
    QImage m_image;
    std::optional<QPointF> m_point;
    static constexpr int kTrail = 64;
    QPointF m_trail[kTrail]; // ring of recent operating points (SI), no allocation per update
    int m_trailCount = 0;
    int m_trailHead = 0;
};

} // namespace drivelab
