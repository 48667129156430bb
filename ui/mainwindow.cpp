#include "mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include "actionset.h"
#include "canvas/breadcrumbbar.h"
#include "canvas/canvaseditor.h"
#include "canvas/partnavigator.h"
#include "causality/causalityui.h"
#include "assets/assetui.h"
#include "canvas/canvasmenu.h"
#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "components/descriptors.h"
#include "commands/renamecommand.h"
#include "convertermap/convertermapeditor.h"
#include "document/labdocument.h"
#include "files/autosaver.h"
#include "files/filecontroller.h"
#include "files/prompter.h"
#include "files/recentfiles.h"
#include "partfileui.h"
#include "panels/eventstable.h"
#include "panels/oilpanel.h"
#include "panels/problemspanel.h"
#include "panels/runsettingspanel.h"
#include "panels/signalspanel.h"
#include "properties/propertypanel.h"
#include "results/resultsui.h"
#include "simulation/runcontroller.h"
#include "study/studyui.h"
#include "table2d/table2ddialog.h"

namespace drivelab {
namespace {

// does the component's type edit its tables in the converter map editor?
bool opensMapEditor(const ComponentSpec* c)
{
    const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
    return d && d->tableEditor == TableEditorKind::ConverterMaps;
}

} // namespace

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent)
    : QMainWindow(parent), m_document(new LabDocument(this)), m_actions(std::make_unique<ActionSet>(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/drivelab.svg")));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
    // fields the core complains about, and numbers not yet finished, are outlined red
    setStyleSheet(QStringLiteral("*[problem=\"true\"] { border: 1px solid #d01f2b; background: #fff3f4; }"
                                 "*[unfinished=\"true\"] { border: 1px dashed #d01f2b; background: #fff8e6; }"
                                 "*[warned=\"true\"] { border: 1px solid #d08a00; background: #fffbeb; }"));
    m_scene = new LabScene(m_document, this);
    m_view = new LabView(m_scene, this);
    // the canvas under the bar that shows an opened part's path (added with the navigator)
    auto* centre = new QWidget(this);
    auto* column = new QVBoxLayout(centre);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_view);
    setCentralWidget(centre);
    m_editor = new CanvasEditor(m_scene, this);
    m_canvasMenu = new CanvasMenu(m_scene, m_editor, m_actions.get(), this);

    m_recoveryDir = options.recoveryDirectory.isEmpty() ? RecoveryStore::defaultDirectory() : options.recoveryDirectory;
    m_autosaver = new Autosaver(m_document, m_recoveryDir, this);
    m_recent = new RecentFiles(this);
    m_ownPrompter = std::make_unique<DialogPrompter>(this);
    m_files = new FileController(m_document, m_ownPrompter.get(), m_autosaver, m_recent, this);

    createDocks();
    m_parts = new PartNavigator(m_document, m_scene, m_properties, this);
    column->insertWidget(0, new BreadcrumbBar(m_parts, m_actions.get(), centre));
    createMenus();
    connectActions();
    m_partFiles = new PartFileUi(this);
    m_causality = new CausalityUi(this, m_document, m_scene, m_view);
    m_assets = new AssetUi(this);
    m_run = new RunController(this);
    m_study = new StudyUi(this);
    m_results = new ResultsUi(this, m_run);
    connect(m_run, &RunController::accuracyChanged, m_runSettings, &RunSettingsPanel::setAccuracyResult);

    m_problemsLabel = new QLabel(this);
    m_zoomLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_problemsLabel);
    statusBar()->addPermanentWidget(m_zoomLabel);
    connect(m_view, &LabView::zoomChanged, this, [this](double z) {
        m_zoomLabel->setText(tr("%1 %").arg(qRound(z * 100)));
    });
    connect(m_problems, &ProblemsPanel::countsChanged, this, [this](int errors, int warnings) {
        m_problemsLabel->setText(errors + warnings == 0 ? tr("✔ valid")
                                 : errors == 0          ? tr("✔ valid, %1").arg(ProblemsPanel::countText(errors, warnings))
                                                        : ProblemsPanel::countText(errors, warnings));
        m_problemsLabel->setStyleSheet(errors     ? QStringLiteral("color:#b3131f")
                                       : warnings ? QStringLiteral("color:#8a5a00")
                                                  : QStringLiteral("color:#1e7b3e"));
    });
    m_problems->setOpenFailure(QString(), {});

    resize(1500, 940);
    if (options.restoreSettings) {
        QSettings s;
        restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
        m_restored = restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    }
    const bool snap = QSettings().value(QStringLiteral("view/snap"), true).toBool();
    m_actions->snap->setChecked(snap);
    m_scene->setSnapToGrid(snap);
    updateTitle();
    updateActions();
    m_view->fitReadable();
    statusBar()->showMessage(tr("Drag components from the palette; drag from a port to a node to connect; File ▸ Open Example… "
                                "for the shipped labs"),
                             8000);
}

MainWindow::~MainWindow()
{
    // the children outlive our members: silence them first
    m_scene->blockSignals(true);
    m_scene->disconnect(this);
    m_document->undoStack()->blockSignals(true);
    m_document->undoStack()->disconnect(this);
    m_document->blockSignals(true);
    m_document->disconnect(this);
}

void MainWindow::connectActions()
{
    ActionSet& a = *m_actions;
    QUndoStack* undo = m_document->undoStack();
    connect(a.newLab, &QAction::triggered, m_files, &FileController::newLab);
    connect(a.open, &QAction::triggered, m_files, &FileController::openWithDialog);
    connect(a.openExample, &QAction::triggered, m_files, &FileController::openExampleWithDialog);
    connect(a.save, &QAction::triggered, m_files, &FileController::save);
    connect(a.saveAs, &QAction::triggered, m_files, &FileController::saveAs);
    connect(a.reload, &QAction::triggered, this, [this] {
        if (m_document->isModified() && !m_files->maybeSave()) return;
        m_files->reload();
    });
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    // the history of what is shown: the lab's, or a part file's being edited
    connect(a.undo, &QAction::triggered, this, [this] { m_parts->undoStack()->undo(); });
    connect(a.redo, &QAction::triggered, this, [this] { m_parts->undoStack()->redo(); });
    for (auto s : {&QUndoStack::canUndoChanged, &QUndoStack::canRedoChanged}) connect(undo, s, this, &MainWindow::updateActions);
    for (auto s : {&QUndoStack::undoTextChanged, &QUndoStack::redoTextChanged}) connect(undo, s, this, &MainWindow::updateActions);
    connect(m_parts, &PartNavigator::partFileChanged, this, &MainWindow::updateActions);
    connect(a.cut, &QAction::triggered, m_editor, &CanvasEditor::cutSelection);
    connect(a.copy, &QAction::triggered, m_editor, &CanvasEditor::copySelection);
    connect(a.paste, &QAction::triggered, m_editor, &CanvasEditor::paste);
    connect(a.remove, &QAction::triggered, m_editor, &CanvasEditor::deleteSelection);
    connect(a.selectAll, &QAction::triggered, m_editor, &CanvasEditor::selectAll);
    connect(a.rotateCw, &QAction::triggered, this, [this] {
        m_editor->rotateSelection(true);
    });
    connect(a.rotateCcw, &QAction::triggered, this, [this] {
        m_editor->rotateSelection(false);
    });
    connect(a.flip, &QAction::triggered, m_editor, &CanvasEditor::flipSelection);
    connect(a.arrange, &QAction::triggered, m_editor, &CanvasEditor::arrange);
    connect(a.group, &QAction::triggered, m_editor, &CanvasEditor::groupSelection);
    connect(a.ungroup, &QAction::triggered, m_editor, &CanvasEditor::ungroupSelection);
    connect(a.rename, &QAction::triggered, this, [this] {
        const auto ids = m_scene->selectedIds();
        if (ids.size() != 1) return;
        const QString from = QString::fromStdString(*ids.begin());
        bool ok = false;
        const QString to = QInputDialog::getText(this, tr("Rename"), tr("New id for %1:").arg(from), QLineEdit::Normal, from, &ok);
        if (!ok || to == from) return;
        LabDocument* doc = m_scene->document();
        const QString why = RenameCommand::whyNot(doc->lab(), from.toStdString(), to.toStdString());
        if (!why.isEmpty()) {
            QMessageBox::warning(this, tr("Rename"), why);
            return;
        }
        doc->push(new RenameCommand(doc, from.toStdString(), to.toStdString()));
    });
    connect(a.openPart, &QAction::triggered, this, [this] {
        const auto ids = m_scene->selectedIds();
        if (ids.size() == 1) m_parts->openInstance(QString::fromStdString(*ids.begin()));
    });
    connect(a.partBack, &QAction::triggered, m_parts, &PartNavigator::back);
    connect(a.partUp, &QAction::triggered, m_parts, &PartNavigator::up);
    connect(m_parts, &PartNavigator::hint, this, [this](const QString& t) {
        statusBar()->showMessage(t, 8000);
    });
    connect(m_parts, &PartNavigator::pathChanged, this, [this] {
        m_history->setStack(m_parts->undoStack());
        m_signals->setDocument(m_parts->shown()); // the signals of the network shown, as the properties
        m_view->fitReadable();
        updateActions();
    });
    connect(a.editMaps, &QAction::triggered, this, [this] {
        for (const auto& id : m_scene->selectedIds()) {
            const ComponentSpec* c = m_document->lab().findComponent(id);
            if (opensMapEditor(c)) openMapEditor(QString::fromStdString(id));
        }
    });
    connect(a.zoomIn, &QAction::triggered, this, [this] {
        m_view->zoomBy(1.25);
    });
    connect(a.zoomOut, &QAction::triggered, this, [this] {
        m_view->zoomBy(0.8);
    });
    connect(a.zoomFit, &QAction::triggered, m_view, &LabView::fitReadable);
    connect(a.zoomReset, &QAction::triggered, m_view, &LabView::resetZoom);
    connect(a.snap, &QAction::toggled, this, [this](bool on) {
        m_scene->setSnapToGrid(on);
        QSettings().setValue(QStringLiteral("view/snap"), on);
    });
    connect(a.shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    connect(a.about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About DriveLab"),
                           tr("<b>DriveLab %1</b><p>A desktop lab for powertrain engineers: draw a network of shafts, "
                              "sources, clutches, gears and torque converters, validate it, save lab files the command "
                              "line runs unchanged.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    connect(m_scene, &QGraphicsScene::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(m_scene, &LabScene::hint, this, [this](const QString& t) {
        statusBar()->showMessage(t, 6000);
    });
    connect(m_editor, &CanvasEditor::hint, this, [this](const QString& t) {
        statusBar()->showMessage(t, 6000);
    });
    connect(m_scene, &LabScene::mapEditorRequested, this, [this](const QString& id) {
        openMapEditor(id);
    });
    connect(m_scene, &LabScene::itemActivated, this, [this](const QString& id) {
        if (m_scene->document()->lab().findInstance(id.toStdString())) {
            m_parts->openInstance(id); // double-click on an instance opens its part
            return;
        }
        m_docks.value(QStringLiteral("properties"))->raise();
        m_properties->showItems({id});
    });
    connect(m_scene, &LabScene::contextMenuWanted, m_canvasMenu, &CanvasMenu::exec);
    connect(m_document, &LabDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LabDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LabDocument::readOnlyChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LabDocument::changed, this, [this](ChangeKind kind) {
        if (kind == ChangeKind::Reset) {
            for (auto& e : m_mapEditors) {
                if (e) e->close();
            }
            m_mapEditors.clear();
            m_view->fitReadable();
        }
        updateActions();
    });
    connect(m_document, &LabDocument::renamed, this, [this](const QString& from, const QString& to) {
        if (m_mapEditors.contains(from)) m_mapEditors.insert(to, m_mapEditors.take(from));
    });
    connect(m_files, &FileController::message, this, [this](const QString& t) {
        statusBar()->showMessage(t, 8000);
    });
    connect(m_files, &FileController::openFailed, this, [this](const QString& path, const Diagnostics& d) {
        m_problems->setOpenFailure(path, d);
        raiseDock(QStringLiteral("problems"));
    });
    connect(m_files, &FileController::opened, this, [this] {
        m_problems->setOpenFailure(QString(), {});
    });
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
}

void MainWindow::setPrompter(Prompter* prompter) { m_files->setPrompter(prompter ? prompter : m_ownPrompter.get()); }

bool MainWindow::openLab(const QString& path) { return m_files->open(path); }

ConverterMapEditor* MainWindow::openMapEditor(const QString& id, const QString& map, int row, const QString& column)
{
    const ComponentSpec* c = m_document->lab().findComponent(id.toStdString());
    if (!opensMapEditor(c)) return nullptr;
    QPointer<ConverterMapEditor>& editor = m_mapEditors[id];
    if (!editor) editor = new ConverterMapEditor(m_document, id, this);
    editor->show();
    editor->showMap(map, row, column);
    return editor;
}

Table2DDialog* MainWindow::openTable2DEditor(const QString& id, const QString& parameter, const QString& below)
{
    const ComponentSpec* c = m_document->lab().findComponent(id.toStdString());
    const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
    const ParameterDescriptor* p = d && !parameter.isEmpty() ? d->parameter(parameter.toStdString()) : nullptr;
    if (!p || p->kind != ParamKind::Table2D) return nullptr;
    Table2DDialog* dialog = nullptr;
    for (Table2DDialog* open : findChildren<Table2DDialog*>()) {
        // a closed window is being deleted (WA_DeleteOnClose): a new one takes its place
        if (open->isVisible() && open->componentId() == id && open->parameterName() == parameter) dialog = open;
    }
    if (!dialog) dialog = new Table2DDialog(m_document, m_run, id, parameter, this);
    dialog->show();
    dialog->raise();
    dialog->focusField(below);
    return dialog;
}

void MainWindow::offerRecovery()
{
    // the lab's copies, then the part files' (opened in the lab then open)
    const RecoveryStore store(m_recoveryDir);
    m_files->offerRecovery(store);
    m_partFiles->offerRecovery(store);
}

void MainWindow::onSelectionChanged()
{
    QStringList ids;
    for (const auto& id : m_scene->selectedIds()) ids << QString::fromStdString(id);
    m_properties->showItems(ids);
    updateActions();
}

void MainWindow::updateActions()
{
    // every action's state from the selection and the document, read-only included, in this
    // one place: leaving a read-only asset gives every edit action back
    const bool editable = !m_document->isReadOnly();
    const auto ids = m_scene->selectedIds();
    const bool items = !ids.empty();
    const bool any = items || !m_scene->selectedWires().isEmpty();
    m_actions->save->setEnabled(editable);
    m_actions->saveAs->setEnabled(editable);
    m_actions->cut->setEnabled(editable && items);
    m_actions->copy->setEnabled(items);
    m_actions->paste->setEnabled(editable);
    m_actions->remove->setEnabled(editable && any);
    m_actions->rename->setEnabled(editable && ids.size() == 1);
    m_actions->rotateCw->setEnabled(editable && items);
    m_actions->rotateCcw->setEnabled(editable && items);
    m_actions->flip->setEnabled(editable && items);
    // inside an opened part: no grouping (a part made there would not be the lab's)
    const bool atLab = !m_parts || m_parts->path().isEmpty();
    const bool instance = ids.size() == 1 && m_scene->document()->lab().findInstance(*ids.begin());
    m_actions->group->setEnabled(editable && atLab && items);
    m_actions->ungroup->setEnabled(editable && atLab && instance);
    m_actions->openPart->setEnabled(instance);
    m_actions->partBack->setEnabled(m_parts && m_parts->canGoBack());
    m_actions->partUp->setEnabled(m_parts && m_parts->canGoUp());
    bool converter = false;
    for (const auto& id : ids) {
        const ComponentSpec* c = m_document->lab().findComponent(id);
        converter = converter || opensMapEditor(c);
    }
    m_actions->editMaps->setEnabled(editable && converter);
    const QUndoStack* stack = m_parts ? m_parts->undoStack() : m_document->undoStack();
    m_actions->undo->setEnabled(editable && stack->canUndo());
    m_actions->redo->setEnabled(editable && stack->canRedo());
    m_actions->undo->setText(stack->undoText().isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(stack->undoText()));
    m_actions->redo->setText(stack->redoText().isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(stack->redoText()));
    m_actions->reload->setEnabled(editable && !m_document->filePath().isEmpty());
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — DriveLab").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
    setWindowFilePath(m_document->filePath());
    updateActions();
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_sized || m_restored) return;
    // default proportions once the window has its size
    m_sized = true;
    QDockWidget* props = m_docks.value(QStringLiteral("properties"));
    resizeDocks({m_docks.value(QStringLiteral("palette")), props}, {230, 400}, Qt::Horizontal);
    resizeDocks({m_docks.value(QStringLiteral("problems"))}, {190}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_partFiles->maybeSaveParts() || !m_files->maybeSave()) {
        event->ignore();
        return;
    }
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    for (auto& e : m_mapEditors) {
        if (e) e->close();
    }
    event->accept();
}

} // namespace drivelab
