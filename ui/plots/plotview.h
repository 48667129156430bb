#pragma once
// The chart view of one plot: wheel zooms time around the cursor, a left drag pans,
// a double click fits the whole run; the mouse position drives the cursor readout
// (a vertical line with the values under it). Event markers are thin vertical lines whose
// labels show as a tooltip. While measuring, two cursors A and B are drawn
// with the interval shaded and the results in a box; a left drag on either moves it. Accepts drops of observables (from the
// picker) and of canvas items.
#include <QChartView>
#include <QStringList>
#include <QVector>

namespace drivelab {

/// mime type of observables dragged from the picker: lines "subject\tname"
inline constexpr const char* kObservableMimeType = "application/x-drivelab-observables";
/// mime type of canvas items dragged onto a plot: the item id
inline constexpr const char* kItemMimeType = "application/x-drivelab-item";

/// a marker on the time axis: a lab event or a clutch event, drawn as a thin vertical line
struct TimeMarker {
    enum Kind { LabEvent, ClutchLock, ClutchBreakaway, ClutchRelease };
    double time = 0.0; ///< [s]
    Kind kind = LabEvent;
    QString label; ///< the tooltip ("t = 1.23 s: lockup locks")
};

/// chart view with time zoom, pan, cursor and drops
class PlotView : public QChartView {
    Q_OBJECT
public:
    explicit PlotView(QChart* chart, QWidget* parent = nullptr);

    /// show the cursor at time t with these lines of readout (NaN hides it)
    void setReadout(double t, const QStringList& lines);
    double readoutTime() const { return m_cursor; }
    /// milliseconds spent painting since the last call (the live plots' pacing reads it)
    double takePaintMs()
    {
        const double ms = m_paintMs;
        m_paintMs = 0.0;
        return ms;
    }
    QStringList readoutLines() const { return m_lines; }
    /// the event markers to draw (those in the shown range); empty: none
    void setMarkers(const QVector<TimeMarker>& markers);
    const QVector<TimeMarker>& markers() const { return m_markers; }
    /// the labels of the markers within a few pixels of the view position ("" when none)
    QString markerTextAt(const QPointF& viewPos) const;
    /// show the measurement cursors A and B at ta and tb with these lines of results (NaN: none)
    void setMeasurement(double ta, double tb, const QStringList& lines);
    QStringList measurementLines() const { return m_measureLines; }

signals:
    void zoomRequested(double factor, double aroundTime);
    void panRequested(double seconds);
    void fitRequested();
    void cursorMoved(double t);
    /// the user dragged measurement cursor `which` (0: A, 1: B) to time t
    void measureCursorMoved(int which, double t);
    void cursorLeft();
    void observablesDropped(const QStringList& subjects, const QStringList& names);
    void itemDropped(const QString& id, const QPoint& globalPos);
    void contextMenuWanted(const QPoint& globalPos);

protected:
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragMoveEvent(QDragMoveEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void paintEvent(QPaintEvent* e) override;

private:
    double timeAt(const QPointF& viewPos) const;

    /// the measurement cursor within a few pixels of the view position (-1: none)
    int measureCursorAt(const QPointF& viewPos) const;
    void drawBox(QPainter* painter, const QRectF& area, QPointF at, bool below, const QStringList& lines) const;

    double m_cursor;
    QStringList m_lines;
    double m_measure[2];
    QVector<TimeMarker> m_markers;
    QStringList m_measureLines;
    int m_dragging = -1; // the measurement cursor being dragged
    bool m_panning = false;
    QPointF m_panLast;
    double m_paintMs = 0.0;
};

} // namespace drivelab
