#include "plots/axisticks.h"

#include <algorithm>
#include <cmath>

namespace drivelab {

double niceStep(double span, int intervals)
{
    const double raw = span / std::max(1, intervals);
    if (!(raw > 0.0) || !std::isfinite(raw)) return 1.0;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    const double q = raw / p;
    return (q < 1.5 ? 1.0 : q < 3.0 ? 2.0 : q < 7.0 ? 5.0 : 10.0) * p;
}

std::vector<double> ticksInside(double lo, double hi, double step)
{
    std::vector<double> out;
    if (!(step > 0.0) || !(hi >= lo) || !std::isfinite(lo) || !std::isfinite(hi)) return out;
    const double a = std::ceil(lo / step - 1e-9), b = std::floor(hi / step + 1e-9);
    if (b - a > 1000.0) return out; // not a readable axis: the caller's step is wrong
    for (double k = a; k <= b; k += 1.0) out.push_back(k == 0.0 ? 0.0 : k * step);
    return out;
}

void niceRange(double& lo, double& hi, double& step, int intervals, bool integer)
{
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0.0;
        hi = 1.0;
    }
    if (integer) {
        // whole numbers: half a unit of room, ticks on whole numbers only
        lo = std::floor(lo) - 0.5;
        hi = std::ceil(hi) + 0.5;
        step = std::max(1.0, niceStep(hi - lo, intervals));
        return;
    }
    const double magnitude = std::max(std::fabs(lo), std::fabs(hi));
    if (hi - lo <= 1e-9 * magnitude || !(hi > lo)) {
        // a constant: a range around the value, so the line sits in the middle of a readable axis
        const double v = 0.5 * (lo + hi);
        const double pad = v == 0.0 ? 1.0 : 0.05 * std::fabs(v);
        lo = v - pad;
        hi = v + pad;
    } else {
        const double pad = 0.05 * (hi - lo);
        lo -= pad;
        hi += pad;
    }
    step = niceStep(hi - lo, intervals);
    lo = std::floor(lo / step + 1e-9) * step;
    hi = std::ceil(hi / step - 1e-9) * step;
}

TickFormat::TickFormat(double magnitude, double step) : m_step(step)
{
    if (magnitude >= 1e6 || (magnitude > 0.0 && magnitude < 1e-3)) m_exponent = 3 * static_cast<int>(std::floor(std::log10(magnitude) / 3.0));
    // the fewest decimals that show every multiple of the step exactly (0.25: two)
    const double scaled = step / std::pow(10.0, m_exponent);
    while (m_decimals < 12 && scaled > 0.0) {
        const double shifted = scaled * std::pow(10.0, m_decimals);
        if (std::fabs(shifted - std::round(shifted)) <= 1e-6 * shifted) break;
        ++m_decimals;
    }
}

QString TickFormat::label(double v) const
{
    if (std::fabs(v) < 1e-9 * m_step) v = 0.0; // no "-0" from k * step rounding
    QString s = QString::number(v / std::pow(10.0, m_exponent), 'f', m_decimals);
    if (m_exponent != 0) return s + QLatin1Char('e') + QString::number(m_exponent);
    if (std::fabs(v) >= 1e4) {
        // thin-space groups of three in the whole part
        const qsizetype point = s.indexOf(QLatin1Char('.'));
        const qsizetype first = s.startsWith(QLatin1Char('-')) ? 1 : 0;
        for (qsizetype at = (point < 0 ? s.size() : point) - 3; at > first; at -= 3) s.insert(at, QChar(0x2009));
    }
    return s;
}

QString TickFormat::printfFormat(const QString& suffix) const
{
    if (m_exponent != 0) return {};
    return QStringLiteral("%.%1f").arg(m_decimals) + suffix;
}

} // namespace drivelab
