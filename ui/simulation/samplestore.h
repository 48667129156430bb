#pragma once
// SampleStore: the full series of one simulation branch. Preallocated for the whole
// run when the branch starts; the worker thread appends samples (single producer) and
// publishes each with a release store of the count; the UI thread (single consumer)
// reads every sample below the count it loaded with acquire. No lock, no allocation
// per sample, and the solver never waits for the UI.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace drivelab {

struct Model;

/// append-only, single-producer/single-consumer sample table of one branch
class SampleStore {
public:
    /// room for `capacity` samples of `observables` values each
    SampleStore(std::size_t observables, std::size_t capacity, std::int64_t tickNs, std::int64_t reportEvery, std::int64_t totalTicks);
    SampleStore(const SampleStore&) = delete;
    SampleStore& operator=(const SampleStore&) = delete;

    // producer (worker thread)
    /// the row the next sample is written into (nullptr when full)
    double* beginSample();
    /// publish the row written after beginSample() as the sample at `tick`
    void commitSample(std::int64_t tick);
    /// samples dropped because the table was full (never expected)
    std::uint64_t dropped() const { return m_dropped.load(std::memory_order_relaxed); }

    // consumer (any thread; reads only below size())
    /// samples published so far
    std::size_t size() const { return m_count.load(std::memory_order_acquire); }
    std::size_t capacity() const { return m_capacity; }
    std::size_t observableCount() const { return m_observables; }
    /// tick of sample i
    std::int64_t tick(std::size_t i) const { return m_ticks[i]; }
    /// time of sample i [s] (tick * tick_ns / 1e9, as the report computes it)
    double time(std::size_t i) const { return m_times[i]; }
    /// value k of sample i
    double value(std::size_t i, std::size_t k) const { return m_values[i * m_observables + k]; }
    /// all values of sample i
    const double* row(std::size_t i) const { return m_values.data() + i * m_observables; }
    /// true when sample i is a report boundary (tick 0, every report_every ticks, the last tick)
    bool isBoundary(std::size_t i) const;
    /// first sample at or after time t among the first n samples (n when none)
    std::size_t lowerBound(double t, std::size_t n) const;
    /// last sample at or before time t among the first n samples (0 when none)
    std::size_t atOrBefore(double t, std::size_t n) const;

    std::int64_t tickNs() const { return m_tickNs; }
    std::int64_t reportEvery() const { return m_reportEvery; }
    std::int64_t totalTicks() const { return m_totalTicks; }

    /// sample ticks of a run from `startTick` to the end: every `stride` ticks and the last
    static std::size_t samplesFor(std::int64_t startTick, std::int64_t totalTicks, std::int64_t stride);

private:
    std::size_t m_observables;
    std::size_t m_capacity;
    std::int64_t m_tickNs;
    std::int64_t m_reportEvery;
    std::int64_t m_totalTicks;
    std::vector<std::int64_t> m_ticks;
    std::vector<double> m_times;
    std::vector<double> m_values;
    std::size_t m_written = 0; // producer's own count
    std::atomic<std::size_t> m_count{0};
    std::atomic<std::uint64_t> m_dropped{0};
};

} // namespace drivelab
