#include "study/engine.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace drivelab::study {

int workerCount(int jobs)
{
    if (jobs > 0) return jobs;
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

std::vector<Row> runVariants(const Study& s, const std::vector<std::size_t>& indices, const EngineOptions& o)
{
    std::vector<Row> rows;
    std::mutex lock;
    std::atomic<std::size_t> next{0};
    const auto work = [&]() {
        for (;;) {
            if (o.cancel && o.cancel->load(std::memory_order_relaxed)) return;
            const std::size_t k = next.fetch_add(1, std::memory_order_relaxed);
            if (k >= indices.size()) return;
            Row r = runVariant(s, indices[k], o.cancel);
            if (r.cancelled) return;
            const std::lock_guard<std::mutex> g(lock);
            if (o.onRow) o.onRow(r);
            rows.push_back(std::move(r));
        }
    };
    const int n = std::min<int>(workerCount(o.jobs), static_cast<int>(std::max<std::size_t>(indices.size(), 1)));
    std::vector<std::thread> threads;
    for (int i = 1; i < n; ++i) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return a.index < b.index;
    });
    return rows;
}

} // namespace drivelab::study
