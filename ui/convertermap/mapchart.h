#pragma once
// The chart beside a converter map: R(s) and the efficiency s·R(s) on the left axis,
// C(s) on the right axis, the s·R = 1 limit as a dashed line, and the points and
// segments the core complains about in red. The axes grow to keep every knot in view (a
// negative C, a speed ratio outside −1 … 1), so an offending point is never off the chart.
#include <QChartView>

#include "convertermap/mapchecks.h"

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace drivelab {

/// chart of one converter map
class MapChart : public QChartView {
    Q_OBJECT
public:
    explicit MapChart(QWidget* parent = nullptr);

    /// show a map and its problems
    void setMap(const QString& title, const Json& map, const MapProblems& problems);

    /// the plotted series (tests read them)
    QLineSeries* torqueRatioSeries() const { return m_r; }
    QLineSeries* capacitySeries() const { return m_c; }
    QLineSeries* efficiencySeries() const { return m_eff; }
    QLineSeries* limitSeries() const { return m_limit; }
    QScatterSeries* problemSeries() const { return m_bad; }
    QScatterSeries* badSegmentSeries() const { return m_badSegments; }
    QScatterSeries* capacityProblemSeries() const { return m_badC; }
    QValueAxis* speedRatioAxis() const { return m_x; }
    QValueAxis* capacityAxis() const { return m_right; }

private:
    QLineSeries* m_r;
    QLineSeries* m_c;
    QLineSeries* m_eff;
    QLineSeries* m_limit;
    QScatterSeries* m_badSegments;
    QScatterSeries* m_bad;
    QScatterSeries* m_badC;
    QValueAxis* m_x;
    QValueAxis* m_left;
    QValueAxis* m_right;
};

} // namespace drivelab
