#pragma once
// CanvasProbe: watches the canvas view for the run. Hovering a node or component shows
// its observables at the newest sample (with its own tooltip below); Alt+drag of an item
// starts a drag that a plot accepts (it offers the item's observables).
#include <QObject>
#include <QPoint>
#include <QString>

namespace drivelab {

class MainWindow;
class RunController;

/// event filter on the canvas viewport
class CanvasProbe : public QObject {
    Q_OBJECT
public:
    CanvasProbe(MainWindow* window, RunController* run);

    /// the id of the node or component under a viewport point ("" when none)
    QString idAt(const QPoint& viewportPos) const;
    /// the tooltip text shown for a viewport point ("" when nothing to show)
    QString tooltipAt(const QPoint& viewportPos) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    MainWindow* m_window;
    RunController* m_run;
    QString m_dragId;
    QPoint m_pressPos;
};

} // namespace drivelab
