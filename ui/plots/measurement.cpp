#include "plots/measurement.h"

#include <algorithm>

#include "simulation/samplestore.h"

namespace drivelab {

IntervalMeasure measureInterval(const SampleStore& s, std::size_t n, std::size_t from, const std::function<double(std::size_t)>& value,
                                double ta, double tb, bool step)
{
    IntervalMeasure m;
    if (n <= from || !(tb >= ta)) return m;
    // clip to the samples there are
    ta = std::max(ta, s.time(from));
    tb = std::min(tb, s.time(n - 1));
    if (!(tb >= ta)) return m;
    // v(t): linear between the samples around t, or the held value
    const auto at = [&](double t) {
        const std::size_t i = std::max(s.atOrBefore(t, n), from);
        if (step || i + 1 >= n || s.time(i) == t) return value(i);
        const double t0 = s.time(i), t1 = s.time(i + 1);
        const double w = (t - t0) / (t1 - t0);
        return value(i) + w * (value(i + 1) - value(i));
    };
    m.valid = true;
    m.ta = ta;
    m.tb = tb;
    m.va = at(ta);
    m.vb = at(tb);
    m.min = std::min(m.va, m.vb);
    m.max = std::max(m.va, m.vb);
    // ta, the samples strictly inside, tb
    double tPrev = ta, vPrev = m.va;
    for (std::size_t i = std::max(s.atOrBefore(ta, n), from); i < n && s.time(i) < tb; ++i) {
        const double t = s.time(i);
        if (t <= ta) continue;
        const double v = value(i);
        m.integral += (step ? vPrev : 0.5 * (vPrev + v)) * (t - tPrev);
        m.min = std::min(m.min, v);
        m.max = std::max(m.max, v);
        ++m.samples;
        tPrev = t;
        vPrev = v;
    }
    m.integral += (step ? vPrev : 0.5 * (vPrev + m.vb)) * (tb - tPrev);
    m.mean = tb > ta ? m.integral / (tb - ta) : m.va;
    return m;
}

} // namespace drivelab
