#include "signals/signal.h"

#include <algorithm>
#include <cmath>

namespace drivelab {
namespace {

// the integral of the line through (t0, v0) and (t1, v1) over [lo, hi] inside [t0, t1]
double lineIntegral(double t0, double v0, double t1, double v1, double lo, double hi)
{
    const double slope = (v1 - v0) / (t1 - t0);
    const double vlo = v0 + slope * (lo - t0);
    const double vhi = v0 + slope * (hi - t0);
    return 0.5 * (vlo + vhi) * (hi - lo);
}

} // namespace

double SignalModel::value(double t) const
{
    switch (shape) {
    case SignalShape::Table: {
        if (t <= this->t.front()) return v.front();
        if (t >= this->t.back()) return v.back();
        const std::size_t k = static_cast<std::size_t>(std::upper_bound(this->t.begin(), this->t.end(), t) - this->t.begin()) - 1;
        if (hold) return v[k];
        return v[k] + (v[k + 1] - v[k]) * ((t - this->t[k]) / (this->t[k + 1] - this->t[k]));
    }
    case SignalShape::Sine: return t < start ? b : b + a * std::sin(omega * (t - start) + phase);
    case SignalShape::Ramp:
        if (t <= start) return a;
        if (t >= start + duration) return b;
        return a + (b - a) * ((t - start) / duration);
    case SignalShape::Step: return t < start ? a : b;
    }
    return 0.0;
}

double SignalModel::tableIntegral(double ta, double tb) const
{
    const std::size_t n = t.size();
    double sum = 0.0;
    if (ta < t.front()) sum += (std::min(tb, t.front()) - ta) * v.front();
    if (tb > t.back()) sum += (tb - std::max(ta, t.back())) * v.back();
    const double lo = std::max(ta, t.front());
    const double hi = std::min(tb, t.back());
    if (!(hi > lo)) return sum;
    std::size_t k = static_cast<std::size_t>(std::upper_bound(t.begin(), t.end(), lo) - t.begin());
    k = k == 0 ? 0 : k - 1;
    for (; k + 1 < n && t[k] < hi; ++k) {
        const double a0 = std::max(lo, t[k]);
        const double b0 = std::min(hi, t[k + 1]);
        if (!(b0 > a0)) continue;
        sum += hold ? v[k] * (b0 - a0) : lineIntegral(t[k], v[k], t[k + 1], v[k + 1], a0, b0);
    }
    return sum;
}

double SignalModel::integral(double ta, double tb) const
{
    switch (shape) {
    case SignalShape::Table: return tableIntegral(ta, tb);
    case SignalShape::Sine: {
        double sum = b * (tb - ta);
        const double c = std::max(ta, start);
        if (tb > c) {
            // the integral of a sin(w (t - s) + phase) over [c, tb], as a product (no cancellation)
            const double mid = 0.5 * omega * ((c - start) + (tb - start)) + phase;
            sum += 2.0 * a / omega * std::sin(mid) * std::sin(0.5 * omega * (tb - c));
        }
        return sum;
    }
    case SignalShape::Ramp: {
        const double end = start + duration;
        double sum = 0.0;
        if (ta < start) sum += (std::min(tb, start) - ta) * a;
        if (tb > end) sum += (tb - std::max(ta, end)) * b;
        const double lo = std::max(ta, start), hi = std::min(tb, end);
        if (hi > lo && duration > 0.0) sum += lineIntegral(start, a, end, b, lo, hi);
        return sum;
    }
    case SignalShape::Step: {
        double sum = 0.0;
        if (ta < start) sum += (std::min(tb, start) - ta) * a;
        if (tb > start) sum += (tb - std::max(ta, start)) * b;
        return sum;
    }
    }
    return 0.0;
}

double SignalModel::mean(double ta, double tb) const
{
    if (!(tb > ta)) return value(ta);
    // an interval inside one constant or linear piece: the value at its midpoint (exactly the
    // constant for a constant piece), so a signal that is constant over the run gives its value
    const double mid = 0.5 * (ta + tb);
    switch (shape) {
    case SignalShape::Table: {
        if (tb <= t.front()) return v.front();
        if (ta >= t.back()) return v.back();
        const auto at = std::upper_bound(t.begin(), t.end(), ta);
        if (at != t.end() && tb <= *at && at != t.begin()) {
            const std::size_t k = static_cast<std::size_t>(at - t.begin()) - 1;
            if (hold || v[k] == v[k + 1]) return v[k];
            return value(mid);
        }
        break;
    }
    case SignalShape::Sine:
        if (tb <= start) return b;
        if (ta >= start) {
            const double half = 0.5 * omega * (tb - ta);
            return b + a * std::sin(omega * (mid - start) + phase) * (half == 0.0 ? 1.0 : std::sin(half) / half);
        }
        break;
    case SignalShape::Ramp:
        if (tb <= start) return a;
        if (ta >= start + duration) return b;
        if (ta >= start && tb <= start + duration) return value(mid);
        break;
    case SignalShape::Step:
        if (tb <= start) return a;
        if (ta >= start) return b;
        break;
    }
    return integral(ta, tb) / (tb - ta);
}

void SignalModel::bounds(double& lo, double& hi) const
{
    switch (shape) {
    case SignalShape::Table:
        lo = *std::min_element(v.begin(), v.end());
        hi = *std::max_element(v.begin(), v.end());
        return;
    case SignalShape::Sine:
        lo = b - std::fabs(a);
        hi = b + std::fabs(a);
        return;
    case SignalShape::Ramp:
    case SignalShape::Step:
        lo = std::min(a, b);
        hi = std::max(a, b);
        return;
    }
}

} // namespace drivelab
