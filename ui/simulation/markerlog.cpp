#include "simulation/markerlog.h"

#include <algorithm>

#include "solver/workspace.h"

namespace drivelab {

MarkerLog::MarkerLog(std::size_t capacity) : m_markers(capacity) { }

void MarkerLog::take(const ClutchEventLog& log, std::int64_t countBefore, double t0Ns, double t1Ns, const std::vector<int>& clutchComponent)
{
    // the ring keeps the last kSize records: older ones of this batch are lost (counted)
    const std::int64_t first = std::max(countBefore, log.count - ClutchEventLog::kSize);
    if (first > countBefore) m_dropped.fetch_add(static_cast<std::uint64_t>(first - countBefore), std::memory_order_relaxed);
    for (std::int64_t i = first; i < log.count; ++i) {
        const ClutchEvent& e = log.at(i);
        if (!(e.timeNs >= t0Ns && e.timeNs <= t1Ns)) continue; // outside the ticks the batch kept
        if (m_written >= m_markers.size()) {
            m_dropped.fetch_add(1, std::memory_order_relaxed);
            continue;
        }
        const std::size_t k = static_cast<std::size_t>(e.clutch);
        m_markers[m_written++] = {e.timeNs / 1e9, k < clutchComponent.size() ? clutchComponent[k] : -1, static_cast<int>(e.kind)};
    }
    m_count.store(m_written, std::memory_order_release);
}

} // namespace drivelab
