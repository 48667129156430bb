#pragma once
// A run from t = 0 to the end whose every report boundary is checked (io/bookcheck.h)
// before it is written: what `run`, `export` and `verify` share. The report streams to
// its file boundary by boundary, so memory stays constant whatever the report's size.
#include <atomic>
#include <functional>
#include <string>

#include "io/atomicfile.h"
#include "io/bookcheck.h"
#include "io/report.h"

namespace drivelab {

/// how a checked run ended
enum class RunStatus {
    Completed,    ///< every boundary checked (and written)
    SolverFailed, ///< a tick failed: `solver`
    BadBooks,     ///< a non-finite value or an unbalanced book: `books`
    WriteFailed,  ///< the report file could not be written: `writeError`
    Cancelled,    ///< the cancel flag was raised: the batch in progress rolled back
};

/// outcome of a checked run
struct RunOutcome {
    RunStatus status = RunStatus::Completed; ///< how it ended
    SolverError solver;                      ///< the solver failure
    BookProblem books;                       ///< the book problem (or, with allowUnbalanced, the first imbalance seen)
    bool unbalancedAllowed = false;          ///< an imbalance was seen and allowed (a warning)
    std::string writeError;                  ///< why the file could not be written
};

/// options of a checked run
struct RunOptions {
    bool allowUnbalanced = false;                   ///< an unbalanced book is a warning, not a failure (non-finite values still fail)
    bool keepBoundaries = false;                    ///< keep every boundary's text in the writer (assets)
    AtomicFile* output = nullptr;                   ///< stream the report here (opened; committed by the caller)
    const std::atomic<bool>* cancel = nullptr;      ///< raised from any thread: the run stops, its batch rolls back
    std::function<void(const Session&)> onBoundary; ///< called after every checked boundary (progress)
    /// when set, called after every tick (inside the report-sized batches: a failure or a cancel
    /// rolls the batch back whole, the hook having seen its ticks; the results are the same bits)
    TickHook onTick;
    /// when set, a further report section after the books, from the finished session
    /// (ReportWriter::tail's `extra`: `run --estimate-error`'s "error_estimate")
    std::function<std::string(const Session&)> tailSection;
};

/// Run `session` from its current tick (t = 0) to the end, checking every report boundary.
RunOutcome runChecked(Session& session, ReportWriter& writer, const RunOptions& options);

} // namespace drivelab
