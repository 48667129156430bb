#include "study/resultsplot.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "document/displayunits.h"
#include "document/numbers.h"
#include "study/resultsmodel.h"

namespace drivelab {
namespace {

/// five colours from dark blue to yellow (a perceptual ramp), for the colour bins
const QColor kRamp[5] = {QColor(0x44, 0x01, 0x54), QColor(0x3b, 0x52, 0x8b), QColor(0x21, 0x91, 0x8c), QColor(0x5e, 0xc9, 0x62),
                         QColor(0xe8, 0xc8, 0x1c)};

QString plotNum(double v) { return formatNumberDigits(v, 4); }

} // namespace

ResultsPlot::ResultsPlot(ResultsModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("plotMode"));
    m_mode->addItems({tr("metric against a factor"), tr("scatter: two metrics, coloured by a third")});
    m_x = new QComboBox(this);
    m_x->setObjectName(QStringLiteral("plotX"));
    m_y = new QComboBox(this);
    m_y->setObjectName(QStringLiteral("plotY"));
    m_colour = new QComboBox(this);
    m_colour->setObjectName(QStringLiteral("plotColour"));
    bar->addWidget(m_mode);
    bar->addWidget(new QLabel(tr("x"), this));
    bar->addWidget(m_x, 1);
    bar->addWidget(new QLabel(tr("y"), this));
    bar->addWidget(m_y, 1);
    m_colourLabel = new QLabel(tr("colour"), this);
    bar->addWidget(m_colourLabel);
    bar->addWidget(m_colour, 1);
    layout->addLayout(bar);
    m_view = new QChartView(new QChart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(220);
    // one pair of value axes for every drawing (series come and go)
    m_ax = new QValueAxis;
    m_ay = new QValueAxis;
    m_view->chart()->addAxis(m_ax, Qt::AlignBottom);
    m_view->chart()->addAxis(m_ay, Qt::AlignLeft);
    layout->addWidget(m_view, 1);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        fillChoices();
        redraw();
    });
    for (QComboBox* c : {m_x, m_y, m_colour}) connect(c, &QComboBox::activated, this, &ResultsPlot::redraw);
    // another display unit: the titles and the values change
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        const int x = m_x->currentIndex(), y = m_y->currentIndex(), colour = m_colour->currentIndex();
        fillChoices();
        m_x->setCurrentIndex(x);
        m_y->setCurrentIndex(y);
        m_colour->setCurrentIndex(colour);
        redraw();
    });
    fillChoices();
}

QChart* ResultsPlot::chart() const { return m_view->chart(); }

int ResultsPlot::pointCount() const
{
    int n = 0;
    for (QAbstractSeries* s : chart()->series()) {
        if (auto* x = qobject_cast<QXYSeries*>(s)) n += x->count();
    }
    return n;
}

void ResultsPlot::resetChoices()
{
    fillChoices();
    redraw();
}

void ResultsPlot::fillChoices()
{
    const auto study = m_model->study();
    const auto fill = [](QComboBox* c, const QList<QPair<QString, int>>& items, int fallback) {
        const QString keep = c->currentText();
        c->blockSignals(true);
        c->clear();
        for (const auto& [name, column] : items) c->addItem(name, column);
        const int i = c->findText(keep);
        c->setCurrentIndex(i >= 0 ? i : std::min(fallback, c->count() - 1));
        c->blockSignals(false);
    };
    QList<QPair<QString, int>> factors, metrics;
    if (study) {
        const int nf = static_cast<int>(study->spec.factors.size()), nm = static_cast<int>(study->spec.metrics.size());
        // the columns' names with their display units ("peak_speed [rpm]")
        for (int i = 0; i < nf; ++i) factors.append({m_model->columnTitle(1 + i), 1 + i});
        for (int i = 0; i < nm; ++i) metrics.append({m_model->columnTitle(1 + nf + i), 1 + nf + i});
        metrics.append({m_model->columnTitle(1 + nf + nm), 1 + nf + nm});
    }
    const bool scatter = m_mode->currentIndex() == Scatter;
    fill(m_x, scatter ? metrics : factors, 0);
    fill(m_y, metrics, scatter ? 1 : 0);
    // a scatter of a metric against itself says nothing: y moves on to the next metric
    if (scatter && m_y->currentIndex() == m_x->currentIndex() && m_y->count() > 1) {
        m_y->blockSignals(true);
        m_y->setCurrentIndex((m_x->currentIndex() + 1) % m_y->count());
        m_y->blockSignals(false);
    }
    fill(m_colour, scatter ? metrics + factors : QList<QPair<QString, int>>{}, 2);
    m_colour->setVisible(scatter);
    m_colourLabel->setVisible(scatter);
}

void ResultsPlot::redraw()
{
    QChart* c = chart();
    c->removeAllSeries();
    c->setTitle(QString());
    const int x = m_x->currentData().toInt(), y = m_y->currentData().toInt();
    if (!m_model->study() || m_x->count() == 0 || m_y->count() == 0) return;
    if (m_mode->currentIndex() == Scatter)
        drawScatter(x, y, m_colour->count() ? m_colour->currentData().toInt() : -1);
    else
        drawAgainstFactor(x, y);
    // value axes fitted to the points, a little margin around them
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    for (QAbstractSeries* s : c->series()) {
        for (const QPointF& p : qobject_cast<QXYSeries*>(s)->points()) {
            x0 = std::min(x0, p.x()), x1 = std::max(x1, p.x()), y0 = std::min(y0, p.y()), y1 = std::max(y1, p.y());
        }
    }
    QValueAxis* ax = m_ax;
    QValueAxis* ay = m_ay;
    ax->setTitleText(m_x->currentText());
    ay->setTitleText(m_y->currentText());
    if (std::isfinite(x0)) {
        const double dx = x1 > x0 ? 0.05 * (x1 - x0) : std::max(1e-9, std::fabs(x0) * 0.05 + 1e-9);
        const double dy = y1 > y0 ? 0.05 * (y1 - y0) : std::max(1e-9, std::fabs(y0) * 0.05 + 1e-9);
        ax->setRange(x0 - dx, x1 + dx);
        ay->setRange(y0 - dy, y1 + dy);
        ax->applyNiceNumbers();
        ay->applyNiceNumbers();
    }
    for (QAbstractSeries* s : c->series()) {
        s->attachAxis(ax);
        s->attachAxis(ay);
    }
    c->legend()->setVisible(c->series().size() > 1);
    c->legend()->setAlignment(Qt::AlignRight);
}

void ResultsPlot::drawAgainstFactor(int x, int y)
{
    const auto study = m_model->study();
    const int nf = static_cast<int>(study->spec.factors.size());
    // one line per combination of the other factors' values
    std::map<std::vector<double>, QList<QPointF>> groups;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const double vx = m_model->value(r, x), vy = m_model->value(r, y);
        if (!std::isfinite(vx) || !std::isfinite(vy)) continue;
        std::vector<double> key;
        for (int f = 1; f <= nf; ++f)
            if (f != x) key.push_back(m_model->value(r, f));
        groups[key].append(QPointF(vx, vy));
    }
    chart()->setTitle(tr("%1 against %2").arg(m_y->currentText(), m_x->currentText()));
    if (groups.size() > 8) {
        auto* s = new QScatterSeries;
        s->setMarkerSize(7);
        for (const auto& [key, pts] : groups) s->append(pts);
        chart()->addSeries(s);
        return;
    }
    for (auto& [key, pts] : groups) {
        std::sort(pts.begin(), pts.end(), [](const QPointF& a, const QPointF& b) {
            return a.x() < b.x();
        });
        auto* s = new QLineSeries;
        s->append(pts);
        s->setPointsVisible(true);
        QStringList name;
        int k = 0;
        for (int f = 1; f <= nf; ++f) {
            if (f == x) continue;
            name << QStringLiteral("%1 = %2").arg(m_model->columnTitle(f), plotNum(key[static_cast<std::size_t>(k++)]));
        }
        s->setName(name.isEmpty() ? m_y->currentText() : name.join(QStringLiteral(", ")));
        chart()->addSeries(s);
    }
}

void ResultsPlot::drawScatter(int x, int y, int colour)
{
    double c0 = std::numeric_limits<double>::infinity(), c1 = -c0;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const double v = m_model->value(r, colour);
        if (std::isfinite(v)) c0 = std::min(c0, v), c1 = std::max(c1, v);
    }
    const int bins = std::isfinite(c0) && c1 > c0 ? 5 : 1;
    QScatterSeries* series[6] = {};
    const auto seriesFor = [&](int bin) {
        if (!series[bin]) {
            auto* s = new QScatterSeries;
            s->setMarkerSize(9);
            s->setBorderColor(Qt::transparent);
            if (bin == 5) {
                s->setColor(QColor(0x9c, 0xa3, 0xaf));
                s->setName(tr("%1: no value").arg(m_colour->currentText()));
            } else {
                s->setColor(kRamp[bins == 1 ? 2 : bin]);
                const double w = (c1 - c0) / bins;
                s->setName(
                    bins == 1
                        ? QStringLiteral("%1 = %2").arg(m_colour->currentText(), plotNum(c0))
                        : QStringLiteral("%1 %2 … %3").arg(m_colour->currentText(), plotNum(c0 + bin * w), plotNum(c0 + (bin + 1) * w)));
            }
            series[bin] = s;
        }
        return series[bin];
    };
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const double vx = m_model->value(r, x), vy = m_model->value(r, y), vc = m_model->value(r, colour);
        if (!std::isfinite(vx) || !std::isfinite(vy)) continue;
        int bin = 5;
        if (std::isfinite(vc)) bin = bins == 1 ? 0 : std::min(4, static_cast<int>((vc - c0) / (c1 - c0) * 5.0));
        seriesFor(bin)->append(vx, vy);
    }
    for (QScatterSeries* s : series)
        if (s) chart()->addSeries(s);
    chart()->setTitle(tr("%1 against %2, coloured by %3").arg(m_y->currentText(), m_x->currentText(), m_colour->currentText()));
}

} // namespace drivelab
