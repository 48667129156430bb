#include "simulation/samplestore.h"

#include <algorithm>

namespace drivelab {

SampleStore::SampleStore(std::size_t observables, std::size_t capacity, std::int64_t tickNs, std::int64_t reportEvery,
                         std::int64_t totalTicks)
    : m_observables(observables), m_capacity(capacity), m_tickNs(tickNs), m_reportEvery(reportEvery), m_totalTicks(totalTicks),
      m_ticks(capacity), m_times(capacity), m_values(capacity * observables)
{ }

double* SampleStore::beginSample()
{
    if (m_written >= m_capacity) {
        m_dropped.fetch_add(1, std::memory_order_relaxed);
        return nullptr;
    }
    return m_values.data() + m_written * m_observables;
}

void SampleStore::commitSample(std::int64_t tick)
{
    if (m_written >= m_capacity) return;
    m_ticks[m_written] = tick;
    // the same expression as Session::time(), so times read back identically
    m_times[m_written] = static_cast<double>(tick * m_tickNs) / 1e9;
    ++m_written;
    m_count.store(m_written, std::memory_order_release);
}

bool SampleStore::isBoundary(std::size_t i) const
{
    const std::int64_t t = m_ticks[i];
    return t % m_reportEvery == 0 || t == m_totalTicks;
}

std::size_t SampleStore::lowerBound(double t, std::size_t n) const
{
    return static_cast<std::size_t>(std::lower_bound(m_times.begin(), m_times.begin() + static_cast<std::ptrdiff_t>(n), t) -
                                    m_times.begin());
}

std::size_t SampleStore::atOrBefore(double t, std::size_t n) const
{
    const std::size_t k =
        static_cast<std::size_t>(std::upper_bound(m_times.begin(), m_times.begin() + static_cast<std::ptrdiff_t>(n), t) - m_times.begin());
    return k == 0 ? 0 : k - 1;
}

std::size_t SampleStore::samplesFor(std::int64_t startTick, std::int64_t totalTicks, std::int64_t stride)
{
    if (startTick >= totalTicks) return 2;
    // multiples of stride in (startTick, totalTicks], the start itself, the end, and room
    // for one unaligned stop (a failure's last good tick)
    const std::int64_t multiples = totalTicks / stride - startTick / stride;
    return static_cast<std::size_t>(multiples) + 3;
}

} // namespace drivelab
