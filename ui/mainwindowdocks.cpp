// MainWindow's docks: the palette, properties, history, problems, events, run settings, oil and
// signals docks created and arranged, raised by name, and a problem shown where it can be fixed.
// The menus and tool bar are in mainwindowmenus.cpp, the rest of the window in mainwindow.cpp.
#include "mainwindow.h"

#include <QDockWidget>
#include <QStatusBar>
#include <QUndoStack>
#include <QUndoView>

#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/partnavigator.h"
#include "document/fieldpath.h"
#include "document/labdocument.h"
#include "palette/palettewidget.h"
#include "panels/eventstable.h"
#include "panels/oilpanel.h"
#include "panels/problemspanel.h"
#include "panels/runsettingspanel.h"
#include "panels/signalspanel.h"
#include "properties/propertypanel.h"

namespace drivelab {

void MainWindow::createDocks()
{
    const auto dock = [this](const QString& name, const QString& title, QWidget* w, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        m_docks.insert(name, d);
        return d;
    };
    m_palette = new PaletteWidget(this);
    dock(QStringLiteral("palette"), tr("Palette"), m_palette, Qt::LeftDockWidgetArea);
    m_properties = new PropertyPanel(m_document, this);
    QDockWidget* props = dock(QStringLiteral("properties"), tr("Properties"), m_properties, Qt::RightDockWidgetArea);
    m_history = new QUndoView(m_document->undoStack(), this);
    m_history->setEmptyLabel(tr("<opened>"));
    QDockWidget* history = dock(QStringLiteral("history"), tr("History"), m_history, Qt::RightDockWidgetArea);
    tabifyDockWidget(props, history);
    props->raise();
    m_problems = new ProblemsPanel(m_document, this);
    QDockWidget* problems = dock(QStringLiteral("problems"), tr("Problems"), m_problems, Qt::BottomDockWidgetArea);
    m_events = new EventsTable(m_document, this);
    connect(m_events, &EventsTable::hint, this, [this](const QString& t) {
        statusBar()->showMessage(t, 6000);
    });
    QDockWidget* events = dock(QStringLiteral("events"), tr("Events"), m_events, Qt::BottomDockWidgetArea);
    m_runSettings = new RunSettingsPanel(m_document, this);
    QDockWidget* run = dock(QStringLiteral("run"), tr("Lab and run settings"), m_runSettings, Qt::BottomDockWidgetArea);
    m_oil = new OilPanel(m_document, this);
    connect(m_oil, &OilPanel::hint, this, [this](const QString& t) {
        statusBar()->showMessage(t, 6000);
    });
    // beside the item's properties: the properties of the lab's fluid (a tab at the bottom would
    // widen the bottom docks' tab bar, and so the window's minimum width)
    QDockWidget* oilDock = dock(QStringLiteral("oil"), tr("Oil"), m_oil, Qt::RightDockWidgetArea);
    tabifyDockWidget(history, oilDock);
    props->raise();
    m_signals = new SignalsPanel(m_document, this);
    connect(m_signals, &SignalsPanel::hint, this, [this](const QString& t) {
        statusBar()->showMessage(t, 6000);
    });
    QDockWidget* signalsDock = dock(QStringLiteral("signals"), tr("Signals"), m_signals, Qt::BottomDockWidgetArea);
    tabifyDockWidget(problems, events);
    tabifyDockWidget(events, run);
    tabifyDockWidget(run, signalsDock);
    problems->raise();

    connect(m_palette, &PaletteWidget::activated, this, [this](const QString& token) {
        const QPointF at = m_view->mapToScene(m_view->viewport()->rect().center());
        m_scene->addFromPalette(token, at); // a library part ("part:NAME") too: an instance of it
    });
    connect(m_properties, &PropertyPanel::mapEditorRequested, this,
            [this](const QString& id, const QString& map, int row, const QString& column) {
                if (!openTable2DEditor(id, map, column)) openMapEditor(id, map, row, column);
            });
    connect(m_properties, &PropertyPanel::hint, this, [this](const QString& t) {
        statusBar()->showMessage(t, 6000);
    });
    connect(m_runSettings, &RunSettingsPanel::hint, this, [this](const QString& t) {
        statusBar()->showMessage(t, 6000);
    });
    connect(m_problems, &ProblemsPanel::problemActivated, this, &MainWindow::showProblem);
}

void MainWindow::showProblem(const QString& subject, const QString& field)
{
    const FieldRef f = parseFieldPath(m_document->lab(), subject.toStdString(), field.toStdString());
    if (f.kind == FieldRef::Kind::Run || f.kind == FieldRef::Kind::LabName) {
        raiseDock(QStringLiteral("run"));
        m_runSettings->focusField(QString::fromStdString(f.name.empty() ? std::string("name") : f.name));
        return;
    }
    if (f.kind == FieldRef::Kind::Oil) {
        raiseDock(QStringLiteral("oil"));
        m_oil->focusField(QString::fromStdString(f.name));
        return;
    }
    if (f.kind == FieldRef::Kind::Signal) {
        raiseDock(QStringLiteral("signals"));
        if (!m_signals->document()->lab().findSignal(subject.toStdString())) m_parts->goTo(0); // a lab's signal
        m_signals->showSignal(subject, field);
        return;
    }
    if (f.kind == FieldRef::Kind::Event && !m_scene->itemFor(subject)) {
        raiseDock(QStringLiteral("events"));
        m_events->focusEvent(f.eventIndex, 0);
        return;
    }
    if (!m_scene->itemFor(subject)) return;
    m_view->centreOn(subject);
    raiseDock(QStringLiteral("properties"));
    m_properties->focusField(subject, f);
}

void MainWindow::raiseDock(const QString& name)
{
    if (QDockWidget* d = m_docks.contains(name) ? m_docks.value(name) : findChild<QDockWidget*>(name)) {
        d->show();
        d->raise();
    }
}

} // namespace drivelab
