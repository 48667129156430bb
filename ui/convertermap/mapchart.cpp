#include "convertermap/mapchart.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace drivelab {

MapChart::MapChart(QWidget* parent) : QChartView(parent)
{
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setBackgroundRoundness(0);
    m_x = new QValueAxis;
    m_x->setTitleText(tr("speed ratio s = ω_follower / ω_driver"));
    m_x->setRange(-1.0, 1.0);
    m_x->setTickCount(9);
    m_x->setLabelFormat(QStringLiteral("%.2g"));
    m_left = new QValueAxis;
    m_left->setTitleText(tr("R(s), efficiency s·R(s)"));
    m_right = new QValueAxis;
    m_right->setTitleText(tr("C(s) [N·m·s²/rad²]"));
    m_right->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_left, Qt::AlignLeft);
    chart->addAxis(m_right, Qt::AlignRight);

    const auto line = [&](const QString& name, QColor color, double width, Qt::PenStyle style, QValueAxis* y) {
        auto* s = new QLineSeries;
        s->setName(name);
        QPen pen(color, width, style);
        s->setPen(pen);
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(y);
        return s;
    };
    m_limit = line(tr("limit s·R = 1"), QColor(0xd0, 0x1f, 0x2b), 1.5, Qt::DashLine, m_left);
    m_eff = line(tr("efficiency s·R(s)"), QColor(0x1e, 0x9e, 0x4a), 2.0, Qt::SolidLine, m_left);
    m_r = line(tr("torque ratio R(s)"), QColor(0x1f, 0x5f, 0xbf), 2.2, Qt::SolidLine, m_left);
    m_r->setPointsVisible(true);
    m_c = line(tr("capacity C(s)"), QColor(0xe0, 0x7b, 0x00), 2.2, Qt::SolidLine, m_right);
    m_c->setPointsVisible(true);
    m_badSegments = new QScatterSeries;
    m_badSegments->setName(tr("s·R > 1"));
    m_badSegments->setColor(QColor(0xd0, 0x1f, 0x2b));
    m_badSegments->setBorderColor(QColor(0xd0, 0x1f, 0x2b));
    m_badSegments->setMarkerSize(5);
    chart->addSeries(m_badSegments);
    m_badSegments->attachAxis(m_x);
    m_badSegments->attachAxis(m_left);
    m_bad = new QScatterSeries;
    m_bad->setName(tr("offending point"));
    m_bad->setColor(QColor(0xd0, 0x1f, 0x2b));
    m_bad->setBorderColor(Qt::white);
    m_bad->setMarkerSize(13);
    chart->addSeries(m_bad);
    m_bad->attachAxis(m_x);
    m_bad->attachAxis(m_left);
    m_badC = new QScatterSeries;
    m_badC->setColor(QColor(0xd0, 0x1f, 0x2b));
    m_badC->setBorderColor(Qt::white);
    m_badC->setMarkerSize(13);
    chart->addSeries(m_badC);
    m_badC->attachAxis(m_x);
    m_badC->attachAxis(m_right);
    for (QLegendMarker* m : chart->legend()->markers(m_badC)) m->setVisible(false);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(420, 320);
}

void MapChart::setMap(const QString& title, const Json& map, const MapProblems& problems)
{
    chart()->setTitle(title);
    const QVector<QPointF> r = mapKnots(map, "torque_ratio");
    const QVector<QPointF> c = mapKnots(map, "capacity_coefficient");
    const QVector<QPointF> e = efficiencyCurve(map);
    m_r->replace(QList<QPointF>(r.begin(), r.end()));
    m_c->replace(QList<QPointF>(c.begin(), c.end()));
    m_eff->replace(QList<QPointF>(e.begin(), e.end()));
    m_limit->replace(QList<QPointF>{QPointF(-1.0, 1.0), QPointF(1.0, 1.0)});
    // offending knots: on the C curve for capacity problems, on the R curve otherwise
    QList<QPointF> bad, badC;
    for (auto it = problems.cells.cbegin(); it != problems.cells.cend(); ++it) {
        const int row = it.key().first;
        if (row < 0 || row >= static_cast<int>(map.is_array() ? map.size() : 0)) continue;
        const Json& point = map[static_cast<std::size_t>(row)];
        if (!point.is_object() || !point.contains("speed_ratio") || !point["speed_ratio"].is_number()) continue;
        const double s = point["speed_ratio"].get<double>();
        if (it.key().second == 2 && point.contains("capacity_coefficient") && point["capacity_coefficient"].is_number())
            badC << QPointF(s, point["capacity_coefficient"].get<double>());
        else if (point.contains("torque_ratio") && point["torque_ratio"].is_number())
            bad << QPointF(s, point["torque_ratio"].get<double>());
    }
    m_bad->replace(bad);
    m_badC->replace(badC);
    // offending segments: the efficiency curve above 1 drawn red
    QList<QPointF> segs;
    for (int k : problems.segments) {
        if (k + 1 >= r.size()) continue;
        for (const QPointF& p : e) {
            if (p.x() >= r[k].x() && p.x() <= r[k + 1].x() && p.y() > 1.0) segs << p;
        }
    }
    m_badSegments->replace(segs);
    for (QLegendMarker* m : chart()->legend()->markers(m_badSegments)) m->setVisible(!segs.isEmpty());
    for (QLegendMarker* m : chart()->legend()->markers(m_bad)) m->setVisible(!bad.isEmpty() || !badC.isEmpty());
    // the capacity markers share the "offending point" entry: no unlabelled red marker of
    // their own (the legend recreates markers, so hide it on every update)
    for (QLegendMarker* m : chart()->legend()->markers(m_badC)) m->setVisible(false);
    // the speed-ratio axis grows to show a knot outside −1 … 1
    double s0 = -1.0, s1 = 1.0;
    for (const QVector<QPointF>* v : {&r, &c}) {
        for (const QPointF& p : *v) {
            s0 = std::min(s0, p.x());
            s1 = std::max(s1, p.x());
        }
    }
    m_x->setRange(s0 < -1.0 ? std::floor(s0 * 4.0) / 4.0 : -1.0, s1 > 1.0 ? std::ceil(s1 * 4.0) / 4.0 : 1.0);
    // axes fit the data with the limit line in view (a negative R grows the axis down)
    double lo = -1.0, hi = 1.0;
    for (const QPointF& p : r) {
        lo = std::min(lo, p.y());
        hi = std::max(hi, p.y());
    }
    for (const QPointF& p : e) {
        lo = std::min(lo, p.y());
        hi = std::max(hi, p.y());
    }
    // half-unit ticks around the data (whole units when the range is wide)
    const double step = hi - lo > 6.0 ? 1.0 : 0.5;
    lo = std::floor(lo / step) * step;
    hi = std::ceil(hi * 1.04 / step) * step;
    m_left->setRange(lo, hi);
    m_left->setTickCount(static_cast<int>(std::lround((hi - lo) / step)) + 1);
    m_left->setLabelFormat(QStringLiteral("%.1f"));
    // C from 0 up, grown below 0 to keep a negative C (an offending point, drawn red) in view
    double cmin = 0.0, cmax = 0.0;
    for (const QPointF& p : c) {
        cmin = std::min(cmin, p.y());
        cmax = std::max(cmax, p.y());
    }
    const double span = std::max(cmax - cmin, cmax > 0.0 ? cmax : 1.0);
    m_right->setRange(cmin < 0.0 ? cmin - 0.1 * span : 0.0, cmax > 0.0 ? cmax + 0.15 * span : (cmin < 0.0 ? 0.1 * span : 1.0));
    m_right->applyNiceNumbers();
}

} // namespace drivelab
