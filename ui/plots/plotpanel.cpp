#include "plots/plotpanel.h"

#include <QCategoryAxis>
#include <QChart>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

#include "plots/decimator.h"
#include "plots/plotview.h"
#include "simulation/samplestore.h"
#include "solver/session.h"

namespace drivelab {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const QColor kColours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c), QColor(0xff, 0x7f, 0x0e),
                           QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};
const Qt::PenStyle kStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};
// round ticks (QValueAxis::applyNiceNumbers' loose nice numbers, computed here from five
// ticks: applyNiceNumbers starts from the axis' tick count, which it changes itself, so the
// same data got another range on the next call, and it relays out the chart twice)
double niceNumber(double x, bool ceiling)
{
    const double z = std::pow(10.0, std::floor(std::log10(x)));
    const double q = x / z;
    if (ceiling) return (q <= 1.0 ? 1.0 : q <= 2.0 ? 2.0 : q <= 5.0 ? 5.0 : 10.0) * z;
    return (q < 1.5 ? 1.0 : q < 3.0 ? 2.0 : q < 7.0 ? 5.0 : 10.0) * z;
}

void niceNumbers(double& lo, double& hi, int& ticks)
{
    const double step = niceNumber(niceNumber(hi - lo, true) / (ticks - 1), false);
    const double a = std::floor(lo / step), b = std::ceil(hi / step);
    ticks = static_cast<int>(b - a) + 1;
    lo = a * step;
    hi = b * step;
}

} // namespace

struct PlotPanel::Line {
    int key = 0;
    int branch = 0; // index into m_branches
    QLineSeries* series = nullptr;
    std::size_t obs = 0;
    UnitView unit;
    bool step = false;
    bool right = false;
    std::size_t lastCount = std::numeric_limits<std::size_t>::max();
    double lastX0 = kNaN, lastX1 = kNaN;
    int lastColumns = 0;
    double yMin = kNaN, yMax = kNaN;
    QList<QPointF> points; // the last decimation (its closed columns are reused by the next)
    DecimationCache cache;
};

PlotPanel::PlotPanel(const QString& title, QWidget* parent) : QFrame(parent), m_title(title), m_chart(new QChart)
{
    setFrameShape(QFrame::StyledPanel);
    m_chart->setTitle(title);
    QFont tf = m_chart->titleFont();
    tf.setBold(true);
    tf.setPointSizeF(9.5);
    m_chart->setTitleFont(tf);
    m_chart->setMargins(QMargins(4, 2, 4, 2));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    QFont lf = m_chart->legend()->font();
    lf.setPointSizeF(8.5);
    m_chart->legend()->setFont(lf);
    m_chart->legend()->setShowToolTips(true); // a label cut short still shows in full on hover
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_axisX = new QValueAxis;
    m_axisX->setLabelFormat(QStringLiteral("%.4g s"));
    m_axisX->setTruncateLabels(false);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_view = new PlotView(m_chart, this);
    m_view->viewport()->installEventFilter(this);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_view);
    setMinimumHeight(190);
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, &PlotPanel::rebuild);
}

PlotPanel::~PlotPanel() = default;

void PlotPanel::setObservableLayout(const std::vector<ObservableRef>* layout)
{
    m_layout = layout;
    rebuild();
}

void PlotPanel::setBranches(const QVector<PlotBranch>& branches)
{
    m_branches = branches;
    rebuild();
}

bool PlotPanel::addKey(const ObservableKey& key)
{
    if (m_keys.contains(key)) return false;
    if (m_layout) {
        bool known = false;
        for (const auto& r : *m_layout)
            known = known || (QString::fromStdString(r.subject) == key.subject && QString::fromStdString(r.name) == key.name);
        if (!known) return false;
    }
    m_keys.push_back(key);
    rebuild();
    return true;
}

void PlotPanel::removeKey(int i)
{
    if (i < 0 || i >= m_keys.size()) return;
    m_keys.remove(i);
    rebuild();
}

QLineSeries* PlotPanel::series(int key, int branch) const
{
    for (const Line& l : m_lines) {
        if (l.key == key && m_branches[l.branch].id == branch) return l.series;
    }
    return nullptr;
}

int PlotPanel::visibleSeriesCount() const
{
    int n = 0;
    for (const Line& l : m_lines) n += l.series->isVisible();
    return n;
}

void PlotPanel::rebuild()
{
    m_chart->removeAllSeries();
    m_lines.clear();
    // which keys exist in this run, and their units
    std::vector<int> obsOf(static_cast<std::size_t>(m_keys.size()), -1);
    if (m_layout) {
        for (int k = 0; k < m_keys.size(); ++k) {
            for (std::size_t i = 0; i < m_layout->size(); ++i) {
                const ObservableRef& r = (*m_layout)[i];
                if (QString::fromStdString(r.subject) == m_keys[k].subject && QString::fromStdString(r.name) == m_keys[k].name)
                    obsOf[static_cast<std::size_t>(k)] = static_cast<int>(i);
            }
        }
    }
    bool drive = !m_keys.isEmpty();
    for (const auto& k : m_keys) drive = drive && k.name == QLatin1String("converter_drive");
    m_unitLeft.clear();
    m_unitRight.clear();
    for (int k = 0; k < m_keys.size(); ++k) {
        if (obsOf[static_cast<std::size_t>(k)] < 0) continue;
        const QString u = DisplayUnits::instance()
                              .view(QString::fromLatin1((*m_layout)[static_cast<std::size_t>(obsOf[static_cast<std::size_t>(k)])].unit))
                              .label;
        if (m_unitLeft.isNull())
            m_unitLeft = u;
        else if (u != m_unitLeft && m_unitRight.isNull())
            m_unitRight = u;
    }
    // axes: the drive mode gets its named states
    if (!m_axisLeft || drive != m_driveAxis) {
        if (m_axisLeft) {
            m_chart->removeAxis(m_axisLeft);
            delete m_axisLeft;
        }
        m_driveAxis = drive;
        if (drive) {
            auto* a = new QCategoryAxis;
            a->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
            a->setStartValue(-0.5);
            const char* names[] = {QT_TR_NOOP("0 stopped"), QT_TR_NOOP("1 pump +"), QT_TR_NOOP("2 pump −"), QT_TR_NOOP("3 turbine +"),
                                   QT_TR_NOOP("4 turbine −")};
            for (int i = 0; i < 5; ++i) a->append(tr(names[i]), i);
            a->setRange(-0.5, 4.5);
            a->setTruncateLabels(false);
            QFont f = a->labelsFont();
            f.setPointSizeF(7.0);
            a->setLabelsFont(f);
            m_axisLeft = a;
        } else {
            auto* a = new QValueAxis;
            a->setLabelFormat(QStringLiteral("%.4g"));
            a->setTruncateLabels(false);
            m_axisLeft = a;
        }
        m_chart->addAxis(m_axisLeft, Qt::AlignLeft);
        m_lastLo[0] = m_lastHi[0] = kNaN;
    }
    if (!drive) m_axisLeft->setTitleText(m_unitLeft.isEmpty() ? QString() : QStringLiteral("[%1]").arg(m_unitLeft));
    if (!m_unitRight.isNull() && !m_axisRight) {
        m_axisRight = new QValueAxis;
        m_axisRight->setLabelFormat(QStringLiteral("%.4g"));
        m_axisRight->setTruncateLabels(false);
        m_chart->addAxis(m_axisRight, Qt::AlignRight);
        m_lastLo[1] = m_lastHi[1] = kNaN;
    } else if (m_unitRight.isNull() && m_axisRight) {
        m_chart->removeAxis(m_axisRight);
        delete m_axisRight;
        m_axisRight = nullptr;
    }
    if (m_axisRight) m_axisRight->setTitleText(QStringLiteral("[%1]").arg(m_unitRight));

    // several subjects of one quantity ("drive.torque", "engine_torque.torque"): the legend
    // names only the subjects, so the labels are not cut off ("drive.to…"); the title and
    // the tooltips name the quantity, CSV headers keep the full names
    bool sameName = m_keys.size() > 1;
    for (const auto& key : m_keys) sameName = sameName && key.alias.isEmpty() && key.name == m_keys.front().name;
    for (int b = 0; b < m_branches.size(); ++b) {
        for (int k = 0; k < m_keys.size(); ++k) {
            const int obs = obsOf[static_cast<std::size_t>(k)];
            if (obs < 0 || !m_branches[b].store) continue;
            Line l;
            l.key = k;
            l.branch = b;
            l.obs = static_cast<std::size_t>(obs);
            const ObservableRef& r = (*m_layout)[l.obs];
            l.unit = DisplayUnits::instance().view(QString::fromLatin1(r.unit));
            l.step = r.integer;
            l.right = !m_unitRight.isNull() && l.unit.label == m_unitRight;
            l.series = new QLineSeries;
            QString name = sameName ? m_keys[k].subject : m_keys[k].text();
            if (m_branches[b].id != 0) name += QStringLiteral(" · ") + m_branches[b].label;
            l.series->setName(name);
            m_chart->addSeries(l.series);
            l.series->attachAxis(m_axisX);
            l.series->attachAxis(l.right ? static_cast<QAbstractAxis*>(m_axisRight) : m_axisLeft);
            styleLine(l, k, b);
            m_lines.push_back(l);
        }
    }
    // legend entries toggle their series
    for (QLegendMarker* m : m_chart->legend()->markers()) {
        connect(m, &QLegendMarker::clicked, this, [this, m] {
            QAbstractSeries* s = m->series();
            s->setVisible(!s->isVisible());
            m->setVisible(true);
            QColor c = m->labelBrush().color();
            c.setAlphaF(s->isVisible() ? 1.0 : 0.35);
            m->setLabelBrush(c);
            refresh(m_x0, m_x1, true);
        });
    }
    refresh(m_x0, m_x1, true);
}

void PlotPanel::styleLine(Line& l, int keyIndex, int branchIndex)
{
    QPen pen(kColours[keyIndex % 8]);
    pen.setWidthF(branchIndex == 0 ? 1.8 : 1.6);
    pen.setStyle(kStyles[branchIndex % 5]);
    l.series->setPen(pen);
}

void PlotPanel::setLive(bool live)
{
    // antialiased polylines cost several times more to paint: smooth them once the run rests
    m_view->setRenderHint(QPainter::Antialiasing, !live);
    m_live = live;
}

void PlotPanel::refresh(double x0, double x1, bool force)
{
    if (x0 != m_x0 || x1 != m_x1 || force) {
        m_x0 = x0;
        m_x1 = x1;
        m_axisX->setRange(x0, x1);
    }
    // one column per pixel at rest; per two pixels while live (half the points to replace and paint)
    const int columns = std::max(50, static_cast<int>(m_chart->plotArea().width()) / (m_live ? 2 : 1));
    for (Line& l : m_lines) {
        if (!l.series->isVisible()) continue;
        const SampleStore* store = m_branches[l.branch].store.get();
        const std::size_t n = store->size();
        if (!force && n == l.lastCount && x0 == l.lastX0 && x1 == l.lastX1 && columns == l.lastColumns) continue;
        l.lastCount = n;
        l.lastX0 = x0;
        l.lastX1 = x1;
        l.lastColumns = columns;
        DecimationRequest r;
        r.store = store;
        r.count = n;
        r.observable = l.obs;
        r.x0 = x0;
        r.x1 = x1;
        r.columns = columns;
        r.scale = l.unit.scale;
        r.offset = l.unit.offset;
        r.step = l.step;
        decimate(r, l.points, l.cache);
        l.series->replace(l.points);
        l.yMin = kNaN;
        l.yMax = kNaN;
        for (const QPointF& p : std::as_const(l.points)) {
            if (p.x() < x0 || p.x() > x1) continue;
            if (!(p.y() >= l.yMin)) l.yMin = std::isnan(l.yMin) ? p.y() : std::min(l.yMin, p.y());
            if (!(p.y() <= l.yMax)) l.yMax = std::isnan(l.yMax) ? p.y() : std::max(l.yMax, p.y());
        }
    }
    autoscale(x0, x1);
}

void PlotPanel::autoscale(double, double)
{
    for (int side = 0; side < 2; ++side) {
        QValueAxis* axis = side == 0 ? qobject_cast<QValueAxis*>(m_axisLeft) : m_axisRight;
        if (!axis || (side == 0 && m_driveAxis)) continue;
        double lo = kNaN, hi = kNaN;
        for (const Line& l : m_lines) {
            if (l.right != (side == 1) || !l.series->isVisible() || std::isnan(l.yMin)) continue;
            lo = std::isnan(lo) ? l.yMin : std::min(lo, l.yMin);
            hi = std::isnan(hi) ? l.yMax : std::max(hi, l.yMax);
        }
        if (std::isnan(lo) || !std::isfinite(lo) || !std::isfinite(hi)) {
            lo = 0.0;
            hi = 1.0;
        }
        if (hi - lo <= 1e-12 * std::max(1.0, std::fabs(hi))) {
            const double pad = std::max(1e-9, 0.05 * std::fabs(hi));
            lo -= pad;
            hi += pad;
        } else {
            const double pad = 0.05 * (hi - lo);
            lo -= pad;
            hi += pad;
        }
        // While live the range changes only when the data leaves it (or fills under a fifth
        // of it): a new range relays out the whole chart (tick labels, plot area, every series'
        // geometry), 5-25 ms, and with the range refitted on every refresh a plot whose values
        // climb all run (the engine speed) paid that on each one. The range set is the data's
        // round range, as at rest: with the whole run in view the redraw at rest keeps it.
        const bool set = !std::isnan(m_lastLo[side]);
        if (m_live && set && lo >= axis->min() && hi <= axis->max() && hi - lo >= 0.2 * (axis->max() - axis->min())) continue;
        int ticks = 5;
        niceNumbers(lo, hi, ticks);
        m_lastLo[side] = lo;
        m_lastHi[side] = hi;
        axis->setRange(lo, hi); // each a no-op when unchanged
        axis->setTickCount(ticks);
    }
}

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
        if (n == 0 || t < s.time(0) || t > s.time(n - 1)) continue;
        const std::size_t i = s.atOrBefore(t, n);
        lines << QStringLiteral("%1: %2 %3").arg(l.series->name()).arg(l.unit.toDisplay(s.value(i, l.obs)), 0, 'g', 6).arg(l.unit.label);
    }
    m_view->setReadout(t, lines);
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
        out += QStringLiteral(",%1 [%2]").arg(name, l->unit.label);
    }
    out += QLatin1Char('\n');
    // the union of the sample times of every shown series, in order
    std::vector<std::size_t> at(shown.size()), n(shown.size());
    for (std::size_t j = 0; j < shown.size(); ++j) {
        const SampleStore& s = *m_branches[shown[j]->branch].store;
        n[j] = s.size();
        at[j] = s.lowerBound(x0, n[j]);
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
                out += QString::number(shown[j]->unit.toDisplay(s.value(at[j], shown[j]->obs)), 'g', 17);
                ++at[j];
            }
        }
        out += QLatin1Char('\n');
    }
    return out;
}

void PlotPanel::mousePressEvent(QMouseEvent* e)
{
    emit activated(this);
    QFrame::mousePressEvent(e);
}

bool PlotPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::Drop)) emit activated(this);
    return QFrame::eventFilter(watched, event);
}

} // namespace drivelab
