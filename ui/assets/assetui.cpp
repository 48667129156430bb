#include "assets/assetui.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include "actionset.h"
#include "assets/replaypanel.h"
#include "canvas/labscene.h"
#include "canvas/symbols.h"
#include "document/autolayout.h"
#include "document/labdocument.h"
#include "files/autosaver.h"
#include "files/filecontroller.h"
#include "mainwindow.h"
#include "palette/palettewidget.h"
#include "panels/eventstable.h"
#include "panels/oilpanel.h"
#include "panels/runsettingspanel.h"
#include "properties/propertypanel.h"

namespace drivelab {

AssetUi::AssetUi(MainWindow* window) : QObject(window), m_window(window)
{
    m_export = new QAction(tr("E&xport Portable Asset…"), window);
    m_export->setStatusTip(tr("Run the lab and write a signed portable asset (*.dlasset.json) that any later DriveLab "
                              "replays bit for bit"));
    m_replay = new QAction(tr("Re&play and Verify Asset"), window);
    m_replay->setStatusTip(tr("Replay the open asset and compare every recorded boundary bit for bit"));
    m_replay->setEnabled(false);
    if (auto* file = window->findChild<QMenu*>(QStringLiteral("fileMenu"))) {
        QAction* quit = window->actions()->quit;
        file->insertAction(quit, m_export);
        file->insertAction(quit, m_replay);
        file->insertSeparator(quit);
    }

    m_panel = new ReplayPanel(window);
    m_dock = new QDockWidget(tr("Replay"), window);
    m_dock->setObjectName(QStringLiteral("replay"));
    m_dock->setWidget(m_panel);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    if (auto* problems = window->findChild<QDockWidget*>(QStringLiteral("problems"))) {
        window->tabifyDockWidget(problems, m_dock);
        problems->raise();
    }
    if (auto* panels = window->findChild<QMenu*>(QStringLiteral("panelsMenu"))) panels->addAction(m_dock->toggleViewAction());

    connect(m_export, &QAction::triggered, this, &AssetUi::exportWithDialog);
    connect(m_replay, &QAction::triggered, this, [this] {
        m_dock->show();
        m_dock->raise();
        m_panel->replay();
    });
    connect(&m_exporting, &QFutureWatcher<AssetExportOutcome>::finished, this, [this] {
        const AssetExportOutcome out = m_exporting.result();
        m_export->setEnabled(true);
        m_window->statusBar()->showMessage(out.message, 10000);
        emit exportFinished(out.ok, out.message);
    });

    // File ▸ Open (and the command line, and recent files) hand assets to us
    window->files()->setOtherOpener([this](const QString& path, bool& opened) {
        if (!isAssetPath(path)) return false;
        opened = openAsset(path);
        return true;
    });
    LabDocument* doc = window->document();
    // the window's actions and title follow the document's read-only state (MainWindow::updateActions)
    connect(doc, &LabDocument::readOnlyChanged, this, [this](bool ro) {
        if (!ro) {
            m_asset.reset();
            m_panel->setAsset(nullptr, QString());
        }
        applyReadOnly();
    });
    connect(doc, &LabDocument::editRefused, this, [this] {
        m_window->statusBar()->showMessage(tr("This portable asset is open read-only: it cannot be edited. Export it, or open "
                                              "its lab, to make changes."),
                                           8000);
    });
}

AssetUi::~AssetUi() { m_exporting.waitForFinished(); }

bool AssetUi::openAsset(const QString& path)
{
    FileController* files = m_window->files();
    OpenedAsset opened = openAssetFile(path);
    if (!opened.asset) {
        // nothing changes: the open lab stays, the problems are listed
        emit files->openFailed(path, opened.diagnostics);
        emit files->message(tr("Could not open the portable asset %1: it was refused (%n problem(s), see the Problems panel)", nullptr,
                               static_cast<int>(opened.diagnostics.size()))
                                .arg(QFileInfo(path).fileName()));
        return false;
    }
    if (!files->maybeSave()) return false;
    autoPlace(*opened.lab, symbolPortAnchor);
    LabDocument* doc = m_window->document();
    doc->reset(std::move(*opened.lab), QFileInfo(path).absoluteFilePath());
    doc->setReadOnly(true);
    m_asset = opened.asset;
    m_panel->setAsset(m_asset, path);
    applyReadOnly(); // Replay and Verify now has its asset
    m_dock->show();
    m_dock->raise();
    QTimer::singleShot(0, m_dock, [d = m_dock] {
        d->raise();
    }); // again once the window is shown
    if (m_window->autosaver()) m_window->autosaver()->discard();
    QSettings().setValue(QStringLiteral("files/lastDirectory"), QFileInfo(path).absolutePath());
    emit files->opened(path);
    emit files->message(tr("Opened the portable asset %1 read-only: Replay and Verify checks it").arg(QFileInfo(path).fileName()));
    return true;
}

void AssetUi::exportTo(const QString& path)
{
    if (m_exporting.isRunning()) return;
    m_export->setEnabled(false);
    m_window->statusBar()->showMessage(tr("Exporting %1: running the lab…").arg(QFileInfo(path).fileName()));
    // the worker gets its own copy of the lab; it touches no widget
    const LabSpec lab = m_window->document()->lab();
    m_exporting.setFuture(QtConcurrent::run([lab, path] {
        return exportLabAsset(lab, path);
    }));
}

void AssetUi::exportWithDialog()
{
    const QString dir = QSettings().value(QStringLiteral("files/lastDirectory"), QDir::currentPath()).toString();
    const QString name = QString::fromStdString(m_window->document()->lab().name);
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export Portable Asset"),
                                                QDir(dir).filePath((name.isEmpty() ? tr("lab") : name) + QStringLiteral(".dlasset.json")),
                                                tr("DriveLab portable assets (*.dlasset.json)"));
    if (path.isEmpty()) return;
    if (!isAssetPath(path)) path += QStringLiteral(".dlasset.json");
    exportTo(path);
}

void AssetUi::applyReadOnly()
{
    const bool ro = m_window->document()->isReadOnly();
    m_replay->setEnabled(ro && m_asset);
    m_window->palette()->setEnabled(!ro);
    m_window->properties()->setEnabled(!ro);
    m_window->events()->setEnabled(!ro);
    m_window->runSettings()->setEnabled(!ro);
    m_window->oilPanel()->setEnabled(!ro);
}

} // namespace drivelab
