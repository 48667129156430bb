#pragma once
// Shared by the tests that drive the editor's simulation (tst_run, tst_runfork).
#include <QCoreApplication>
#include <QElapsedTimer>

#include "simulation/runcontroller.h"

namespace drivelab::test {

/// process events until the run leaves Running (and its queued status reports have
/// arrived); false after ms milliseconds
inline bool waitIdle(RunController* rc, int ms = 60000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (rc->state() != RunState::Running) {
            QCoreApplication::processEvents();
            if (rc->state() != RunState::Running) return true;
        }
    }
    return false;
}

} // namespace drivelab::test
