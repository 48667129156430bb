#pragma once
// The canvas view: wheel zoom around the cursor, fit to the drawing, pan with the
// middle button or Space+drag, rubber-band selection, and drops from the palette.
#include <QGraphicsView>

namespace drivelab {

class LabScene;

/// the view of a LabScene
class LabView : public QGraphicsView {
    Q_OBJECT
public:
    explicit LabView(LabScene* scene, QWidget* parent = nullptr);

    LabScene* labScene() const { return m_scene; }
    /// zoom by a factor around the view centre
    void zoomBy(double factor);
    /// show the whole drawing, however small it gets (the overview for screenshots and tests)
    void fitToContent();
    /// Fit to View (Ctrl+0) and a lab opened: show as much of the drawing as fits at a
    /// readable zoom (at least kReadableZoom): the whole drawing when it fits, else its
    /// left part at kReadableZoom and the rest a scroll away
    void fitReadable();
    /// the smallest zoom at which the canvas labels (10 px) stay legible
    static constexpr double kReadableZoom = 0.8;
    /// 100 %
    void resetZoom();
    /// centre an item and select it
    void centreOn(const QString& id);
    /// current zoom factor (1 = 100 %)
    double zoom() const;

    /// mime type of palette drags
    static constexpr const char* kPaletteMimeType = "application/x-drivelab-palette";

signals:
    /// the zoom factor changed
    void zoomChanged(double zoom);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void scaleAround(double factor, const QPointF& viewPos);

    QMetaObject::Connection m_documentChanges; // the shown document's changes repaint the view
    LabScene* m_scene;
    bool m_autoFit = true;      // keep the drawing fitted until the user zooms or pans
    bool m_fitReadable = false; // the automatic fit keeps a readable zoom
    bool m_panning = false;
    bool m_spaceHeld = false;
    QPoint m_panLast;
};

} // namespace drivelab
