#pragma once
// The measurement between two cursors A and B (ta < tb) for one series, on its full-resolution
// samples (the SampleStore, never the decimated points drawn):
//
//   v(t)      linear between samples (held from one sample to the next for a step series)
//   Δt        = tb - ta,  Δv = v(tb) - v(ta)
//   ∫ v dt    = Σ trapezoids over ta, every sample strictly inside (ta, tb), tb
//               (rectangles of the held value for a step series): exact for a series linear
//               between its samples, which is what the plot draws
//   mean      = ∫ v dt / Δt
//   min, max  over v(ta), the samples inside and v(tb)
//
// The interval is clipped to the series' samples (a tick mean has none at t = 0).
#include <cstddef>
#include <functional>

namespace drivelab {

class SampleStore;

/// one series' measurement over [ta, tb], in the units of the values given
struct IntervalMeasure {
    bool valid = false;     ///< false: no samples overlap [ta, tb]
    double ta = 0, tb = 0;  ///< the interval measured (clipped to the samples) [s]
    double va = 0, vb = 0;  ///< v(ta), v(tb)
    double integral = 0;    ///< ∫ v dt over [ta, tb] [unit s]
    double mean = 0;        ///< integral / (tb - ta); v(ta) when tb = ta
    double min = 0, max = 0;
    std::size_t samples = 0; ///< samples strictly inside (ta, tb)
};

/// measure the series value(i), i in [from, n) at the store's sample times, over [ta, tb]
IntervalMeasure measureInterval(const SampleStore& s, std::size_t n, std::size_t from, const std::function<double(std::size_t)>& value,
                                double ta, double tb, bool step);

} // namespace drivelab
