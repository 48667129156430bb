#pragma once
// Axis ticks as a good plotting tool draws them: steps of 1, 2 or 5 times a power of ten,
// whatever the range (after any zoom); a value axis widened to whole steps around the data,
// and a constant series given a range around its value (not ±1e-9); labels in plain numbers
// (`12 500`, `0.25`, thin-space groups from 10 000) while the axis stays within 1e-3..1e6 and
// in engineering notation (exponent a multiple of three: `2.5e6`, `40e-6`) beyond.
#include <QString>

#include <vector>

namespace drivelab {

/// the nice step (1, 2 or 5 times a power of ten) that cuts `span` into about `intervals` parts
double niceStep(double span, int intervals);

/// the multiples of `step` inside [lo, hi] (a tiny rounding outside the ends still counts)
std::vector<double> ticksInside(double lo, double hi, double step);

/// a value axis for data in [lo, hi]: 5 % room each side, widened to whole nice steps (about
/// `intervals` of them); a constant series (or none: lo, hi NaN) gets a range around its value
/// (±5 %, ±1 around 0). Integer data (state codes, flags) gets half a unit of room and whole-number
/// steps instead. Sets lo, hi and step
void niceRange(double& lo, double& hi, double& step, int intervals = 4, bool integer = false);

/// The labels of one axis: every tick in one format, chosen from the axis' largest magnitude
/// and its step (so `0`, `500`, `1 000` line up and never become `1e+03`)
class TickFormat {
public:
    /// for ticks `step` apart on an axis whose values reach `magnitude` in absolute value
    TickFormat(double magnitude, double step);
    /// the label of tick value v
    QString label(double v) const;
    /// the printf format of the same labels for QValueAxis (plain only; empty when engineering)
    QString printfFormat(const QString& suffix) const;
    bool engineering() const { return m_exponent != 0; }

private:
    int m_exponent = 0; // engineering: a multiple of three (0: plain)
    int m_decimals = 0;
    double m_step = 1.0;
};

} // namespace drivelab
