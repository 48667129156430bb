#pragma once
// Runs a study's variants on worker threads: each worker takes the next variant, runs it in
// a session of its own (study.h) and hands the row over. A row depends only on its variant,
// so the table is the same whatever the number of workers.
#include <atomic>
#include <functional>
#include <vector>

#include "study/study.h"

namespace drivelab::study {

/// how to run
struct EngineOptions {
    int jobs = 0;                              ///< worker threads (0: every core)
    const std::atomic<bool>* cancel = nullptr; ///< raised from anywhere: no new variant starts, running ones stop
    std::function<void(const Row&)> onRow;     ///< each finished row, in completion order, one at a time
};

/// the number of workers `jobs` means on this machine (0: every core)
int workerCount(int jobs);

/// run the variants `indices` (in any order); the finished rows, by index (a cancelled
/// variant has no row)
std::vector<Row> runVariants(const Study& s, const std::vector<std::size_t>& indices, const EngineOptions& options);

} // namespace drivelab::study
