#pragma once
// A study run in the background: study::runVariants on its own thread (which starts one worker
// per job), each finished row handed to the GUI thread; cancel() raises the engine's cancel
// flag: no new variant starts, the running ones stop, the finished rows stay.
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "study/study.h"

namespace drivelab {

/// runs one study at a time
class StudyRunner : public QObject {
    Q_OBJECT
public:
    explicit StudyRunner(QObject* parent = nullptr);
    ~StudyRunner() override;

    /// run every variant of `study` on `jobs` workers (false while a run is going on)
    bool start(std::shared_ptr<const study::Study> study, int jobs);
    /// stop: no new variant starts, running ones stop (safe from any thread)
    void cancel();
    /// from start() until ended() (the rows all handed over)
    bool isRunning() const { return m_running; }
    bool wasCancelled() const { return m_cancel.load(); }
    /// wait until the run has ended and its rows were handed over (tests, closing)
    void wait();
    /// variants finished so far, and the study's size
    std::size_t finished() const { return m_done; }
    std::size_t total() const { return m_study ? m_study->size() : 0; }
    /// seconds since start
    double elapsed() const { return m_clock.isValid() ? static_cast<double>(m_clock.elapsed()) / 1000.0 : 0.0; }

signals:
    /// a variant finished, emitted from a worker thread (connect queued for widgets; a direct
    /// connection may call cancel())
    void rowFinished(qulonglong index);
    /// finished rows reached the GUI thread, in completion order
    void rowsArrived(const std::vector<drivelab::study::Row>& rows);
    /// the run ended (cancelled: by cancel())
    void ended(bool cancelled);

private:
    void drain();

    std::shared_ptr<const study::Study> m_study;
    std::atomic<bool> m_cancel{false};
    std::mutex m_lock;
    std::vector<study::Row> m_pending; // rows not yet handed to the GUI thread (m_lock)
    std::size_t m_done = 0;
    bool m_running = false;
    QFutureWatcher<void> m_watcher;
    QElapsedTimer m_clock;
};

} // namespace drivelab
