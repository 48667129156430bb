// RunController (runcontroller.h): the Plots dock, the run actions, the Simulation menu and the
// toolbar with its progress and stale marks
#include "simulation/runcontroller.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

#include "mainwindow.h"
#include "plots/plotarea.h"

namespace drivelab {

void RunController::createDock()
{
    m_plots = new PlotArea(m_window);
    m_dock = new QDockWidget(tr("Plots"), m_window);
    m_dock->setObjectName(QStringLiteral("plots"));
    m_dock->setWidget(m_plots);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    if (auto* problems = m_window->findChild<QDockWidget*>(QStringLiteral("problems"))) m_window->tabifyDockWidget(problems, m_dock);
    if (auto* problems = m_window->findChild<QDockWidget*>(QStringLiteral("problems"))) problems->raise();
    connect(m_plots, &PlotArea::hint, this, &RunController::hint);
}

void RunController::createActions()
{
    QStyle* st = QApplication::style();
    const auto make = [this](const QIcon& icon, const QString& text, const QKeySequence& key, const QString& tip) {
        auto* a = new QAction(icon, text, m_window);
        a->setShortcut(key);
        a->setStatusTip(tip);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(QString(text).remove(QLatin1Char('&')), key.toString(QKeySequence::NativeText)));
        m_window->addAction(a);
        return a;
    };
    m_run = make(st->standardIcon(QStyle::SP_MediaPlay), tr("&Run"), QKeySequence(Qt::Key_F5),
                 tr("Run the lab (resume when paused); an edited lab is compiled again"));
    m_pause =
        make(st->standardIcon(QStyle::SP_MediaPause), tr("&Pause"), QKeySequence(Qt::Key_F6), tr("Pause at the last completed batch"));
    m_step = make(st->standardIcon(QStyle::SP_MediaSkipForward), tr("S&tep"), QKeySequence(Qt::Key_F10), tr("Run one report interval"));
    m_stop = make(st->standardIcon(QStyle::SP_MediaStop), tr("&Stop"), QKeySequence(Qt::SHIFT | Qt::Key_F5),
                  tr("End the run; the results stay, Run starts again from t = 0"));
    m_reset = make(st->standardIcon(QStyle::SP_BrowserReload), tr("R&eset"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5),
                   tr("Discard the results and go back to t = 0"));
    // a branch icon and a label of its own: the green arrow read as Resume
    m_fork = make(QIcon(QStringLiteral(":/icons/fork.svg")), tr("&Fork at Current Time…"), QKeySequence(Qt::Key_F8),
                  tr("Branch the paused run: change events or inputs in the fork, run both, compare them overlaid"));
    m_fork->setIconText(tr("Fork"));
    connect(m_run, &QAction::triggered, this, &RunController::run);
    connect(m_pause, &QAction::triggered, this, &RunController::pause);
    connect(m_step, &QAction::triggered, this, &RunController::step);
    connect(m_stop, &QAction::triggered, this, &RunController::stop);
    connect(m_reset, &QAction::triggered, this, &RunController::reset);
    connect(m_fork, &QAction::triggered, this, &RunController::forkDialog);

    // the Simulation menu goes before Help
    m_menu = new QMenu(tr("&Simulation"), m_window);
    m_menu->setObjectName(QStringLiteral("simulationMenu"));
    for (QAction* a : {m_run, m_pause, m_step, m_stop, m_reset}) m_menu->addAction(a);
    m_menu->addSeparator();
    m_menu->addAction(m_fork);
    m_menu->addSeparator();
    m_menu->addAction(tr("&Observables…"), m_plots, &PlotArea::showPicker);
    m_menu->addAction(tr("Export Series as &CSV…"), m_plots, &PlotArea::exportCsvDialog);
    m_menu->addAction(tr("Export Plots as &PNG…"), m_plots, &PlotArea::exportPngDialog);
    m_menu->addAction(m_dock->toggleViewAction());
    QAction* help = nullptr;
    for (QAction* a : m_window->menuBar()->actions()) {
        if (a->text().remove(QLatin1Char('&')) == tr("Help")) help = a;
    }
    if (help)
        m_window->menuBar()->insertMenu(help, m_menu);
    else
        m_window->menuBar()->addMenu(m_menu);

    m_bar = m_window->addToolBar(tr("Simulation"));
    m_bar->setObjectName(QStringLiteral("simulationToolbar"));
    m_bar->setIconSize(QSize(20, 20));
    for (QAction* a : {m_run, m_pause, m_step, m_stop, m_reset, m_fork}) m_bar->addAction(a);
    if (auto* b = qobject_cast<QToolButton*>(m_bar->widgetForAction(m_fork))) b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_progress = new QProgressBar(m_bar);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setFixedWidth(140);
    m_progress->setMaximumHeight(16);
    m_bar->addWidget(m_progress);
    m_progressText = new QLabel(m_bar);
    m_progressText->setObjectName(QStringLiteral("runProgress"));
    m_progressText->setMinimumWidth(230);
    m_progressText->setContentsMargins(6, 0, 6, 0);
    m_bar->addWidget(m_progressText);
    m_staleLabel = new QLabel(tr("⚠ stale: the lab changed since this run"), m_bar);
    m_staleLabel->setStyleSheet(QStringLiteral("color:#8a5a00"));
    m_staleLabel->setVisible(false);
    m_bar->addWidget(m_staleLabel)->setObjectName(QStringLiteral("staleAction"));
}

} // namespace drivelab
