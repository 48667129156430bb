#pragma once
// MarkerLog: the clutch events of one simulation branch (locks, breakaways, releases at their
// located instants: the solver's ClutchEventLog) for the plots' event markers. Like the
// SampleStore: preallocated when the branch starts, appended by the worker after each completed
// batch (only the events of ticks the batch kept: a rolled-back batch's records are skipped)
// and published with a release store of the count; the UI reads below the count it loaded.
#include <atomic>
#include <cstdint>
#include <vector>

namespace drivelab {

struct ClutchEventLog;

/// one clutch event of a branch
struct RunMarker {
    double time = 0.0;  ///< when [s] (inside its tick: the located instant)
    int component = -1; ///< index into Model::components (the clutch)
    int kind = 0;       ///< ClutchEvent::Kind: 0 lock, 1 breakaway, 2 release
};

/// append-only, single-producer/single-consumer list of a branch's clutch events
class MarkerLog {
public:
    explicit MarkerLog(std::size_t capacity = 4096);
    MarkerLog(const MarkerLog&) = delete;
    MarkerLog& operator=(const MarkerLog&) = delete;

    // producer (worker thread)
    /// the events the solver logged since `countBefore` (the log's count when the batch began)
    /// that lie in [t0Ns, t1Ns], the ticks the batch kept; `clutchComponent` maps a clutch
    /// index to its component index
    void take(const ClutchEventLog& log, std::int64_t countBefore, double t0Ns, double t1Ns, const std::vector<int>& clutchComponent);
    /// events that did not fit (never expected)
    std::uint64_t dropped() const { return m_dropped.load(std::memory_order_relaxed); }

    // consumer
    std::size_t size() const { return m_count.load(std::memory_order_acquire); }
    const RunMarker& at(std::size_t i) const { return m_markers[i]; }

private:
    std::vector<RunMarker> m_markers;
    std::size_t m_written = 0;
    std::atomic<std::size_t> m_count{0};
    std::atomic<std::uint64_t> m_dropped{0};
};

} // namespace drivelab
