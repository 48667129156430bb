#pragma once
// A compiled time signal: value(t) and the exact mean over an interval, both pure and
// allocation-free (the solver calls mean() at most once per signal per interval: solver/signalstore.h).
//
//   table  linear or hold interpolation between points, held beyond the ends
//   sine   offset + amplitude sin(2 pi f (t - start) + phase) from `start`; offset before it
//   ramp   from, then linear to `to` over [start, start + duration], then to
//   step   before, then after from `time` on
//
// mean(ta, tb) is the integral over [ta, tb] divided by tb - ta, formed piece by piece over
// the interval (never as a difference of running integrals, which would cancel), so a source
// driven by a signal delivers the signal's impulse over every interval to rounding.
#include <cstddef>
#include <string>
#include <vector>

namespace drivelab {

/// what a compiled signal computes
enum class SignalShape { Table, Sine, Ramp, Step };

/// one compiled signal (times in seconds)
struct SignalModel {
    std::string id;   ///< signal id
    std::string unit; ///< unit shown with it ("" when not given)
    SignalShape shape = SignalShape::Table;
    bool hold = false;     ///< table: hold each value until the next point (else linear)
    std::vector<double> t; ///< table: times [s], strictly increasing
    std::vector<double> v; ///< table: values
    double a = 0.0;        ///< sine: amplitude; ramp: from; step: before
    double b = 0.0;        ///< sine: offset; ramp: to; step: after
    double omega = 0.0;    ///< sine: 2 pi frequency [rad/s]
    double phase = 0.0;    ///< sine: phase [rad]
    double start = 0.0;    ///< sine, ramp: start [s]; step: time [s]
    double duration = 0.0; ///< ramp: duration [s] (0: a step at start)

    /// the value at time t [s]
    double value(double t) const;
    /// the exact mean over [ta, tb] [s]; value(ta) when tb <= ta
    double mean(double ta, double tb) const;
    /// the least and greatest value the signal takes at any time
    void bounds(double& lo, double& hi) const;

private:
    double tableIntegral(double ta, double tb) const;
    double integral(double ta, double tb) const;
};

} // namespace drivelab

namespace drivelab {

/// a component input driven by a signal: value = scale * signal + offset, clamped to the
/// input's range, over each interval (docs/FORMATS.md, "Signals")
struct InputBinding {
    int component = -1;  ///< index into Model::components
    int slot = -1;       ///< real state slot of the input
    int signal = -1;     ///< index into Model::timeSignals, or -1 when a controller drives it
    int source = -1;     ///< a controller's output: the real slot it is copied from (signal == -1)
    int flag = -1;       ///< discrete state slot: 1 while the binding holds; an event on the input ends it
    double scale = 1.0;  ///< factor on the signal
    double offset = 0.0; ///< added after the factor
    double lo = 0.0;     ///< the input's least value (the clamp)
    double hi = 0.0;     ///< the input's greatest value (the clamp)
    bool atEnd = false;  ///< the value at the interval end (InputDescriptor::sampledAtEnd), else the mean
    double window = 0.0; ///< > 0: the mean over [t, t + window] from the interval start t (a sampler's own period) [s]

    /// the input's value for a signal (or controller) value `raw`: scaled, offset, clamped
    double value(double raw) const
    {
        const double v = scale * raw + offset;
        return v < lo ? lo : v > hi ? hi : v;
    }
};

} // namespace drivelab
