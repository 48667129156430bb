#include <QLineSeries>

#include <algorithm>
#include <cmath>

#include "plots/plotline.h"
#include "plots/plotview.h"
#include "simulation/samplestore.h"

namespace drivelab {

void PlotPanel::setCursorTime(double t)
{
    if (std::isnan(t)) {
        m_view->setReadout(t, {});
        return;
    }
    QStringList lines{tr("t = %1 s").arg(t, 0, 'g', 6)};
    for (const Line& l : m_lines) {
        if (!l.series->isVisible()) continue;
        const SampleStore& s = *m_branches[l.branch].store;
        const std::size_t n = s.size();
        const std::size_t first = firstSample(l.mean, s);
        if (n <= first || t < s.time(first) || t > s.time(n - 1)) continue;
        const std::size_t i = s.atOrBefore(t, n);
        lines << QStringLiteral("%1: %2 %3").arg(l.series->name()).arg(displayValue(l, i), 0, 'g', 6).arg(l.unit.label);
    }
    m_view->setReadout(t, lines);
}

double PlotPanel::displayValue(const Line& l, std::size_t i) const
{
    const SampleStore& s = *m_branches[l.branch].store;
    if (l.derived) return i < l.values.size() ? l.values[i] : l.derived->value(s, i);
    return l.unit.toDisplay(s.value(i, l.obs));
}

void PlotPanel::setMeasureTimes(double ta, double tb)
{
    m_measureA = std::min(ta, tb);
    m_measureB = std::max(ta, tb);
    if (std::isnan(ta) || std::isnan(tb)) m_measureA = m_measureB = kPlotNaN;
    updateMeasurement();
}

IntervalMeasure PlotPanel::measurement(int key, int branch) const
{
    for (const Line& l : m_lines) {
        if (l.key == key && m_branches[l.branch].id == branch) return l.measure;
    }
    return {};
}

void PlotPanel::updateMeasurement()
{
    if (std::isnan(m_measureA)) {
        for (Line& l : m_lines) l.measure = {};
        m_view->setMeasurement(kPlotNaN, kPlotNaN, {});
        return;
    }
    const auto num = [](double v) {
        return QString::number(v, 'g', 5);
    };
    QStringList lines{tr("A %1 s · B %2 s · Δt %3 s").arg(num(m_measureA), num(m_measureB), num(m_measureB - m_measureA))};
    for (Line& l : m_lines) {
        l.measure = {};
        if (!l.series->isVisible()) continue;
        const SampleStore& s = *m_branches[l.branch].store;
        l.measure = measureInterval(
            s, s.size(), firstSample(l.mean, s),
            [&](std::size_t i) {
                return displayValue(l, i);
            },
            m_measureA, m_measureB, l.step);
        if (!l.measure.valid) continue;
        const QString u = l.unit.label.isEmpty() ? QString() : QLatin1Char(' ') + l.unit.label;
        const QString us = l.unit.label.isEmpty() ? QStringLiteral(" s") : QLatin1Char(' ') + l.unit.label + QStringLiteral("·s");
        lines << tr("%1: Δ %2%3 · mean %4%3 · ∫ %5%6")
                     .arg(l.series->name(), num(l.measure.vb - l.measure.va), u, num(l.measure.mean), num(l.measure.integral), us);
    }
    m_view->setMeasurement(m_measureA, m_measureB, lines);
}

QString PlotPanel::csv(double x0, double x1) const
{
    std::vector<const Line*> shown;
    for (const Line& l : m_lines) {
        if (l.series->isVisible()) shown.push_back(&l);
    }
    QString out = tr("time [s]");
    // full names here even where the legend shows only the subject
    for (const Line* l : shown) {
        QString name = m_keys[l->key].text();
        if (m_branches[l->branch].id != 0) name += QStringLiteral(" · ") + m_branches[l->branch].label;
        const QString unit = unitTitle(l->unit.label);
        out += QLatin1Char(',') + (unit.isEmpty() ? name : name + QLatin1Char(' ') + unit);
    }
    out += QLatin1Char('\n');
    // the union of the sample times of every shown series, in order
    std::vector<std::size_t> at(shown.size()), n(shown.size());
    for (std::size_t j = 0; j < shown.size(); ++j) {
        const SampleStore& s = *m_branches[shown[j]->branch].store;
        n[j] = s.size();
        at[j] = std::max(s.lowerBound(x0, n[j]), firstSample(shown[j]->mean, s));
    }
    for (;;) {
        double t = std::numeric_limits<double>::infinity();
        for (std::size_t j = 0; j < shown.size(); ++j) {
            const SampleStore& s = *m_branches[shown[j]->branch].store;
            if (at[j] < n[j] && s.time(at[j]) <= x1) t = std::min(t, s.time(at[j]));
        }
        if (!std::isfinite(t)) break;
        out += QString::number(t, 'g', 17);
        for (std::size_t j = 0; j < shown.size(); ++j) {
            const SampleStore& s = *m_branches[shown[j]->branch].store;
            out += QLatin1Char(',');
            if (at[j] < n[j] && s.time(at[j]) == t) {
                out += QString::number(displayValue(*shown[j], at[j]), 'g', 17);
                ++at[j];
            }
        }
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace drivelab
