#pragma once
// Portable assets in a main window (docs/EDITOR.md, "Portable assets"): File ▸ Export
// Portable Asset…, opening a *.dlasset.json through File ▸ Open (its model shown read-only),
// and the "Replay" dock with Replay and Verify. Exports and replays run in worker threads.
#include <QFutureWatcher>
#include <QObject>

#include <memory>

#include "assets/assetio.h"

class QAction;
class QDockWidget;

namespace drivelab {

class MainWindow;
class ReplayPanel;

/// the portable-asset tools of one window
class AssetUi : public QObject {
    Q_OBJECT
public:
    /// adds its actions to the window's "fileMenu" and takes over opening *.dlasset.json
    explicit AssetUi(MainWindow* window);
    ~AssetUi() override;

    /// File ▸ Export Portable Asset…
    QAction* exportAction() const { return m_export; }
    /// Replay and Verify (enabled while an asset is open)
    QAction* replayAction() const { return m_replay; }
    ReplayPanel* replayPanel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    /// the asset open in the window (nullptr: a lab is open)
    std::shared_ptr<const Asset> asset() const { return m_asset; }

    /// open an asset read-only (asks about unsaved changes first); false when it was refused
    /// or cancelled, and then the open lab is untouched
    bool openAsset(const QString& path);
    /// export the open lab to `path` in a worker thread; exportFinished() follows
    void exportTo(const QString& path);
    /// an export is running
    bool isExporting() const { return m_exporting.isRunning(); }

signals:
    /// an export finished (message: what was written, or why not)
    void exportFinished(bool ok, const QString& message);

private:
    void exportWithDialog();
    void applyReadOnly();

    MainWindow* m_window;
    QAction* m_export;
    QAction* m_replay;
    QDockWidget* m_dock;
    ReplayPanel* m_panel;
    std::shared_ptr<const Asset> m_asset;
    QFutureWatcher<AssetExportOutcome> m_exporting;
};

} // namespace drivelab
