#pragma once
// The chart view of one plot: wheel zooms time around the cursor, a left drag pans,
// a double click fits the whole run; the mouse position drives the cursor readout
// (a vertical line with the values under it). Accepts drops of observables (from the
// picker) and of canvas items.
#include <QChartView>
#include <QStringList>

namespace drivelab {

/// mime type of observables dragged from the picker: lines "subject\tname"
inline constexpr const char* kObservableMimeType = "application/x-drivelab-observables";
/// mime type of canvas items dragged onto a plot: the item id
inline constexpr const char* kItemMimeType = "application/x-drivelab-item";

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

signals:
    void zoomRequested(double factor, double aroundTime);
    void panRequested(double seconds);
    void fitRequested();
    void cursorMoved(double t);
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

    double m_cursor;
    QStringList m_lines;
    bool m_panning = false;
    QPointF m_panLast;
    double m_paintMs = 0.0;
};

} // namespace drivelab
