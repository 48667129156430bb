#include "plots/decimator.h"

#include <algorithm>
#include <cmath>

#include "simulation/samplestore.h"

namespace drivelab {

namespace {

// append a point; in step mode first the corner that holds the previous value
inline void put(QList<QPointF>& out, double x, double y, bool step)
{
    if (step && !out.isEmpty() && out.back().y() != y) out.append(QPointF(x, out.back().y()));
    out.append(QPointF(x, y));
}

} // namespace

void decimate(const DecimationRequest& r, QList<QPointF>& out)
{
    DecimationCache none;
    decimate(r, out, none);
}

namespace {

bool sameRequest(const DecimationRequest& a, const DecimationRequest& b)
{
    return a.store == b.store && a.observable == b.observable && a.x0 == b.x0 && a.x1 == b.x1 && a.columns == b.columns &&
           a.scale == b.scale && a.offset == b.offset && a.step == b.step && a.from == b.from && a.values == b.values && b.count >= a.count;
}

} // namespace

void decimate(const DecimationRequest& r, QList<QPointF>& out, DecimationCache& cache)
{
    const bool reuse = cache.valid && sameRequest(cache.request, r);
    cache.valid = false;
    const SampleStore& s = *r.store;
    const std::size_t n = r.count;
    if (n == 0 || !(r.x1 > r.x0)) {
        out.clear();
        return;
    }
    const std::size_t k = r.observable;
    const auto y = [&](std::size_t i) {
        return (r.values ? r.values[i] : s.value(i, k)) * r.scale + r.offset;
    };
    // the visible samples plus one neighbour on each side
    std::size_t i0 = s.lowerBound(r.x0, n);
    std::size_t i1 = s.lowerBound(r.x1, n);
    while (i1 < n && s.time(i1) <= r.x1) ++i1; // first sample after the range, or n
    if (i0 > 0) --i0;
    if (i1 < n) ++i1;
    i0 = std::max(i0, r.from);
    if (i1 <= i0) {
        out.clear();
        return;
    }
    const int columns = std::max(1, r.columns);
    if (i1 - i0 <= static_cast<std::size_t>(2 * columns)) {
        out.clear(); // few samples: drawn whole, nothing worth keeping
        out.reserve(static_cast<qsizetype>(r.step ? 2 * (i1 - i0) : i1 - i0));
        for (std::size_t i = i0; i < i1; ++i) put(out, s.time(i), y(i), r.step);
        return;
    }
    const double width = (r.x1 - r.x0) / columns;
    std::size_t i = i0;
    if (reuse && cache.first == i0 && cache.resume <= i1 && cache.kept <= out.size()) {
        i = cache.resume; // the columns before it are closed: their points stand
        out.resize(cache.kept);
    } else {
        out.clear();
        out.reserve(2 * columns + 8);
    }
    cache.request = r;
    cache.first = i0;
    cache.valid = true;
    while (i < i1) {
        cache.resume = i; // the last column, once the loop ends
        cache.kept = out.size();
        // the column of sample i (samples outside the range get columns of their own)
        const double t = s.time(i);
        const double c = std::floor((t - r.x0) / width);
        const double cEnd = r.x0 + (c + 1.0) * width;
        const std::size_t first = i;
        std::size_t lo = i, hi = i, last = i;
        double ylo = y(i), yhi = ylo;
        ++i;
        while (i < i1 && s.time(i) < cEnd) {
            const double v = y(i);
            if (v < ylo) {
                ylo = v;
                lo = i;
            }
            if (v > yhi) {
                yhi = v;
                hi = i;
            }
            last = i;
            ++i;
        }
        // min and max in time order (the range's first and last sample too, so the
        // line reaches the edges)
        const bool edge0 = first == i0, edge1 = i == i1;
        std::size_t idx[4] = {edge0 ? first : std::min(lo, hi), std::min(lo, hi), std::max(lo, hi), edge1 ? last : std::max(lo, hi)};
        for (int j = 0; j < 4; ++j) {
            if (j > 0 && idx[j] == idx[j - 1]) continue;
            put(out, s.time(idx[j]), y(idx[j]), r.step);
        }
    }
}

} // namespace drivelab
