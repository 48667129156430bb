#include "causality/causalityui.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QToolBar>

#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "causality/causalitycontroller.h"
#include "causality/causalityoverlay.h"
#include "causality/causalitypanel.h"

namespace drivelab {

CausalityUi::CausalityUi(QMainWindow* window, LabDocument* document, LabScene* scene, LabView* view)
    : QObject(window), m_scene(scene), m_view(view)
{
    m_controller = new CausalityController(document, this);
    m_overlay = new CausalityOverlay(scene, m_controller);
    m_overlay->setVisible(false);

    m_panel = new CausalityPanel(m_controller, window);
    m_dock = new QDockWidget(tr("Causality"), window);
    m_dock->setObjectName(QStringLiteral("causality"));
    m_dock->setWidget(m_panel);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    if (auto* problems = window->findChild<QDockWidget*>(QStringLiteral("problems"))) window->tabifyDockWidget(problems, m_dock);
    if (auto* problems = window->findChild<QDockWidget*>(QStringLiteral("problems"))) problems->raise();

    m_action = new QAction(QIcon(QStringLiteral(":/icons/causality.svg")), tr("&Causality Overlay"), window);
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    m_action->setStatusTip(tr("Show the bond-graph causality on the wires: the stroke where the effort is received, the "
                              "half-arrow where power flows; conflicts in red"));
    m_action->setToolTip(tr("Causality overlay (%1)").arg(m_action->shortcut().toString(QKeySequence::NativeText)));
    if (auto* menu = window->findChild<QMenu*>(QStringLiteral("viewMenu"))) {
        menu->addSeparator();
        menu->addAction(m_action);
    }
    if (auto* panels = window->findChild<QMenu*>(QStringLiteral("panelsMenu"))) panels->addAction(m_dock->toggleViewAction());
    if (auto* bar = window->findChild<QToolBar*>(QStringLiteral("mainToolbar"))) {
        bar->addSeparator();
        bar->addAction(m_action);
    }
    connect(m_action, &QAction::toggled, this, &CausalityUi::setOverlayVisible);
    connect(m_dock, &QDockWidget::visibilityChanged, this, &CausalityUi::updateActive);
    connect(m_panel, &CausalityPanel::itemsActivated, this, &CausalityUi::selectItems);
    updateActive();
}

void CausalityUi::setOverlayVisible(bool on)
{
    if (m_action->isChecked() != on) {
        m_action->setChecked(on); // comes back here through toggled()
        return;
    }
    m_overlay->setVisible(on);
    if (on) {
        m_dock->show();
        m_dock->raise();
    }
    updateActive();
    if (on) m_overlay->sync();
}

void CausalityUi::selectItems(const QStringList& ids)
{
    QStringList present;
    QRectF area;
    for (const QString& id : ids) {
        if (QGraphicsItem* i = m_scene->itemFor(id)) {
            present << id;
            area = area.united(i->sceneBoundingRect());
        }
    }
    m_scene->selectIds(present);
    if (!present.isEmpty()) m_view->ensureVisible(area, 60, 60);
}

void CausalityUi::updateActive() { m_controller->setActive(m_action->isChecked() || m_dock->isVisible()); }

} // namespace drivelab
