#include "simulation/canvasprobe.h"

#include <QApplication>
#include <QDrag>
#include <QHelpEvent>
#include <QMimeData>
#include <QMouseEvent>
#include <QTextDocument>
#include <QToolTip>

#include "canvas/itemtypes.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/symbolitem.h"
#include "mainwindow.h"
#include "plots/plotview.h"
#include "simulation/runcontroller.h"

namespace drivelab {

CanvasProbe::CanvasProbe(MainWindow* window, RunController* run) : QObject(run), m_window(window), m_run(run)
{
    window->view()->viewport()->installEventFilter(this);
}

QString CanvasProbe::idAt(const QPoint& viewportPos) const
{
    LabView* v = m_window->view();
    for (QGraphicsItem* it : v->items(viewportPos)) {
        for (QGraphicsItem* p = it; p; p = p->parentItem()) {
            if (p->type() == kComponentItemType || p->type() == kNodeItemType) return static_cast<SymbolItem*>(p)->id();
        }
    }
    return {};
}

QString CanvasProbe::tooltipAt(const QPoint& viewportPos) const
{
    const QString id = idAt(viewportPos);
    if (id.isEmpty()) return {};
    QString text = m_run->observablesText(id);
    if (text.isEmpty()) return {};
    // the item's own tooltip is rich text already ("<b>id</b><br>problems"): append its
    // problems as they are (escaping them showed a literal <b>engine</b>), without the id twice
    if (QGraphicsItem* item = m_window->scene()->itemFor(id); item && !item->toolTip().isEmpty()) {
        QString own = item->toolTip();
        const QString head = QStringLiteral("<b>%1</b>").arg(id.toHtmlEscaped());
        if (own.startsWith(head)) own.remove(0, head.size());
        if (own.startsWith(QLatin1String("<br>"))) own.remove(0, 4);
        if (!Qt::mightBeRichText(own)) own = own.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
        if (!own.trimmed().isEmpty()) text += QStringLiteral("<hr>") + own;
    }
    return text;
}

bool CanvasProbe::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::ToolTip: {
        auto* h = static_cast<QHelpEvent*>(event);
        const QString text = tooltipAt(h->pos());
        if (text.isEmpty()) return false; // the item's own tooltip
        QToolTip::showText(h->globalPos(), text, m_window->view()->viewport());
        return true;
    }
    case QEvent::MouseButtonPress: {
        auto* m = static_cast<QMouseEvent*>(event);
        if (m->button() == Qt::LeftButton && (m->modifiers() & Qt::AltModifier)) {
            m_dragId = idAt(m->position().toPoint());
            m_pressPos = m->position().toPoint();
            if (!m_dragId.isEmpty()) return true; // an Alt-press on an item starts a plot drag, not a move
        }
        break;
    }
    case QEvent::MouseMove: {
        auto* m = static_cast<QMouseEvent*>(event);
        if (m_dragId.isEmpty() || !(m->buttons() & Qt::LeftButton)) break;
        if ((m->position().toPoint() - m_pressPos).manhattanLength() < QApplication::startDragDistance()) return true;
        auto* drag = new QDrag(watched);
        auto* mime = new QMimeData;
        mime->setData(kItemMimeType, m_dragId.toUtf8());
        mime->setText(m_dragId);
        drag->setMimeData(mime);
        m_dragId.clear();
        drag->exec(Qt::CopyAction);
        return true;
    }
    case QEvent::MouseButtonRelease:
        if (!m_dragId.isEmpty()) {
            m_dragId.clear();
            return true;
        }
        break;
    default: break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace drivelab
