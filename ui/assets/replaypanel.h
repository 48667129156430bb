#pragma once
// The "Replay" panel of an opened portable asset: what the asset is, a "Replay and verify"
// button, the overall verdict, and one table row per recorded report boundary (tick, time,
// pass/fail, the first differing observable). The replay runs in a worker thread.
#include <QFutureWatcher>
#include <QWidget>

#include <memory>

#include "assets/assetio.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace drivelab {

/// replay and verify an asset
class ReplayPanel : public QWidget {
    Q_OBJECT
public:
    explicit ReplayPanel(QWidget* parent = nullptr);
    ~ReplayPanel() override;

    /// the asset to replay (nullptr: none open); clears the previous result
    void setAsset(std::shared_ptr<const Asset> asset, const QString& path);
    /// start the replay (does nothing while one runs or without an asset)
    void replay();
    /// a replay is running
    bool isRunning() const { return m_watcher.isRunning(); }
    /// the last verdict (empty before the first replay)
    const ReplayVerdict& verdict() const { return m_verdict; }
    /// the verdict line as shown
    QString verdictText() const;
    QTableWidget* table() const { return m_table; }
    QPushButton* replayButton() const { return m_button; }

signals:
    /// a replay finished
    void finished(bool ok);

private:
    void showVerdict();

    std::shared_ptr<const Asset> m_asset;
    QLabel* m_info;
    QPushButton* m_button;
    QProgressBar* m_busy;
    QLabel* m_verdictLabel;
    QTableWidget* m_table;
    QFutureWatcher<ReplayVerdict> m_watcher;
    ReplayVerdict m_verdict;
};

} // namespace drivelab
