#include "study/studyrunner.h"

#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>

#include "study/engine.h"

namespace drivelab {

StudyRunner::StudyRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<std::vector<study::Row>>("std::vector<drivelab::study::Row>");
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        drain();
        m_running = false;
        emit ended(m_cancel.load());
    });
}

StudyRunner::~StudyRunner()
{
    m_cancel = true;
    m_watcher.waitForFinished();
}

bool StudyRunner::start(std::shared_ptr<const study::Study> s, int jobs)
{
    if (isRunning() || !s) return false;
    m_study = std::move(s);
    m_cancel = false;
    m_done = 0;
    {
        const std::lock_guard<std::mutex> g(m_lock);
        m_pending.clear();
    }
    m_clock.start();
    m_running = true;
    std::vector<std::size_t> indices(m_study->size());
    for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = i;
    std::shared_ptr<const study::Study> keep = m_study;
    m_watcher.setFuture(QtConcurrent::run([this, keep, indices = std::move(indices), jobs] {
        study::EngineOptions o;
        o.jobs = jobs;
        o.cancel = &m_cancel;
        // called under the engine's lock, one row at a time
        o.onRow = [this](const study::Row& r) {
            bool first = false;
            {
                const std::lock_guard<std::mutex> g(m_lock);
                first = m_pending.empty();
                m_pending.push_back(r);
            }
            emit rowFinished(static_cast<qulonglong>(r.index));
            // one hand-over per batch of rows, however fast they come
            if (first) QMetaObject::invokeMethod(this, &StudyRunner::drain, Qt::QueuedConnection);
        };
        study::runVariants(*keep, indices, o);
    }));
    return true;
}

void StudyRunner::cancel() { m_cancel = true; }

void StudyRunner::wait()
{
    m_watcher.waitForFinished();
    drain();
}

void StudyRunner::drain()
{
    std::vector<study::Row> rows;
    {
        const std::lock_guard<std::mutex> g(m_lock);
        rows.swap(m_pending);
    }
    if (rows.empty()) return;
    m_done += rows.size();
    emit rowsArrived(rows);
}

} // namespace drivelab
