#include "panels/signalplot.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <vector>

namespace drivelab {

SignalPlot::SignalPlot(QWidget* parent) : QChartView(parent)
{
    auto* chart = new QChart;
    chart->legend()->hide();
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->setBackgroundRoundness(0);
    m_series = new QLineSeries(chart);
    QPen pen(QColor(0x1f, 0x6f, 0xb4));
    pen.setWidthF(1.8);
    m_series->setPen(pen);
    chart->addSeries(m_series);
    m_x = new QValueAxis(chart);
    m_x->setTitleText(tr("time [s]"));
    m_x->setLabelFormat(QStringLiteral("%.3g"));
    m_y = new QValueAxis(chart);
    m_y->setLabelFormat(QStringLiteral("%.4g"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_series->attachAxis(m_x);
    m_series->attachAxis(m_y);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(120, 110);
}

QList<QPointF> SignalPlot::samples(const SignalModel& s, double duration, int count)
{
    const double end = duration > 0.0 ? duration : 1.0;
    std::vector<double> times;
    times.reserve(static_cast<std::size_t>(count) + 16);
    for (int i = 0; i <= count; ++i) times.push_back(end * i / count);
    // breakpoints, with a point just before each so a jump is drawn upright
    std::vector<double> breaks;
    switch (s.shape) {
    case SignalShape::Table:
        if (s.t.size() <= 4000) breaks = s.t;
        break;
    case SignalShape::Ramp: breaks = {s.start, s.start + s.duration}; break;
    case SignalShape::Step:
    case SignalShape::Sine: breaks = {s.start}; break;
    }
    const double eps = end * 1e-9;
    for (double b : breaks) {
        if (b < 0.0 || b > end) continue;
        times.push_back(b);
        if (b - eps >= 0.0) times.push_back(b - eps);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    QList<QPointF> out;
    out.reserve(static_cast<qsizetype>(times.size()));
    for (double t : times) out.append(QPointF(t, s.value(t)));
    return out;
}

void SignalPlot::setSignal(const std::optional<SignalModel>& signal, double duration, const QString& why)
{
    const double end = duration > 0.0 ? duration : 1.0;
    if (!signal) {
        m_series->clear();
        chart()->setTitle(why);
        m_x->setRange(0.0, end);
        m_y->setRange(0.0, 1.0);
        return;
    }
    chart()->setTitle(QString());
    const QList<QPointF> pts = samples(*signal, end);
    m_series->replace(pts);
    double lo = pts.isEmpty() ? 0.0 : pts.front().y(), hi = lo;
    for (const QPointF& p : pts) {
        lo = std::min(lo, p.y());
        hi = std::max(hi, p.y());
    }
    const double pad = hi > lo ? 0.08 * (hi - lo) : std::max(1.0, std::abs(hi)) * 0.1;
    m_x->setRange(0.0, end);
    m_y->setRange(lo - pad, hi + pad);
    m_y->applyNiceNumbers();
    // the values as the file holds them (the form shows them so too): the unit as written
    m_y->setTitleText(QString::fromStdString(signal->unit));
}

} // namespace drivelab
