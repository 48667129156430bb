#include "plots/plotpanel.h"

#include <QCategoryAxis>
#include <QChart>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

#include "plots/axisticks.h"
#include "plots/decimator.h"
#include "plots/plotline.h"
#include "plots/plotview.h"
#include "simulation/samplestore.h"
#include "solver/observables.h"
#include "solver/session.h"

namespace drivelab {

namespace {
constexpr int kMargin = 4; // the chart's left and right margin before alignment [px]
const QColor kColours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c), QColor(0xff, 0x7f, 0x0e),
                           QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};
const Qt::PenStyle kStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};
// a value axis whose labels sit on the tick values (the text is ours: axisticks.h)
QCategoryAxis* valueAxis()
{
    auto* a = new QCategoryAxis;
    a->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    a->setTruncateLabels(false);
    return a;
}

// ticks every `step` over [lo, hi], labelled in one format
void setValueTicks(QCategoryAxis* a, double lo, double hi, double step)
{
    for (const QString& l : a->categoriesLabels()) a->remove(l);
    a->setRange(lo, hi);
    a->setStartValue(lo - step); // so the first tick (at lo or above) is a category's end: labelled too
    const TickFormat format(std::max(std::fabs(lo), std::fabs(hi)), step);
    for (double v : ticksInside(lo, hi, step)) a->append(format.label(v), std::clamp(v, lo, hi)); // no end a rounding outside
}

} // namespace

std::size_t PlotPanel::firstSample(bool tickMean, const SampleStore& s)
{
    // a mean over the last complete tick does not exist at tick 0 (the report writes 0 there):
    // the series starts at the first tick's end. A fork's first sample is a later tick's end
    return tickMean && s.size() > 0 && s.tick(0) == 0 ? 1 : 0;
}


PlotPanel::PlotPanel(const QString& title, QWidget* parent)
    : QFrame(parent), m_title(title), m_chart(new QChart), m_measureA(kPlotNaN), m_measureB(kPlotNaN)
{
    setFrameShape(QFrame::StyledPanel);
    m_chart->setTitle(title);
    QFont tf = m_chart->titleFont();
    tf.setBold(true);
    tf.setPointSizeF(9.5);
    m_chart->setTitleFont(tf);
    m_chart->setMargins(QMargins(kMargin, 2, kMargin, 2));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    QFont lf = m_chart->legend()->font();
    lf.setPointSizeF(8.5);
    m_chart->legend()->setFont(lf);
    m_chart->legend()->setShowToolTips(true); // a label cut short still shows in full on hover
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_axisX = new QValueAxis;
    m_axisX->setTickType(QValueAxis::TicksDynamic); // ticks at nice multiples inside any range
    m_axisX->setTickAnchor(0.0);
    m_axisX->setLabelFormat(QStringLiteral("%.4g s"));
    m_axisX->setTruncateLabels(false);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    connect(m_chart, &QChart::plotAreaChanged, this, &PlotPanel::plotAreaResized);
    m_view = new PlotView(m_chart, this);
    m_view->viewport()->installEventFilter(this);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_view);
    setMinimumHeight(190);
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, &PlotPanel::rebuild);
}

PlotPanel::~PlotPanel() = default;

QMarginsF PlotPanel::naturalInsets() const
{
    const QRectF area = m_chart->plotArea();
    return QMarginsF(area.left() - m_padLeft, 0.0, m_chart->size().width() - area.right() - m_padRight, 0.0);
}

void PlotPanel::setAlignPadding(int left, int right)
{
    if (left == m_padLeft && right == m_padRight) return;
    m_padLeft = left;
    m_padRight = right;
    m_chart->setMargins(QMargins(kMargin + left, 2, kMargin + right, 2));
}

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
    if (key.subject == QLatin1String(kDerivedSubject)) {
        if (!derivedChannel(key.name)) return false;
    } else if (m_layout) {
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

void PlotPanel::setDerivedChannels(const std::vector<std::shared_ptr<DerivedChannel>>* channels)
{
    m_derived = channels;
    rebuild();
}

const DerivedChannel* PlotPanel::derivedChannel(const QString& name) const
{
    if (!m_derived) return nullptr;
    for (const auto& c : *m_derived) {
        if (c->definition().name == name) return c.get();
    }
    return nullptr;
}

void PlotPanel::rebuild()
{
    m_chart->removeAllSeries();
    m_lines.clear();
    // which keys exist in this run (an observable or a derived channel), and their units
    struct Resolved {
        bool ok = false;
        std::size_t obs = 0;
        const DerivedChannel* derived = nullptr;
        UnitView unit;
        bool integer = false, mean = false;
    };
    std::vector<Resolved> res(static_cast<std::size_t>(m_keys.size()));
    for (int k = 0; k < m_keys.size(); ++k) {
        Resolved& r = res[static_cast<std::size_t>(k)];
        if (m_keys[k].subject == QLatin1String(kDerivedSubject)) {
            r.derived = derivedChannel(m_keys[k].name);
            r.ok = r.derived != nullptr;
            if (r.ok) {
                r.unit.label = r.derived->definition().unit; // as the user wrote it, values as computed
                r.mean = r.derived->tickMean();
            }
            continue;
        }
        if (!m_layout) continue;
        for (std::size_t i = 0; i < m_layout->size(); ++i) {
            const ObservableRef& o = (*m_layout)[i];
            if (QString::fromStdString(o.subject) == m_keys[k].subject && QString::fromStdString(o.name) == m_keys[k].name) {
                r.ok = true;
                r.obs = i;
                r.unit = DisplayUnits::instance().view(QString::fromLatin1(o.unit));
                r.integer = o.integer;
                r.mean = isTickMean(o);
            }
        }
    }
    bool drive = !m_keys.isEmpty();
    for (const auto& k : m_keys) drive = drive && k.name == QLatin1String("converter_drive");
    m_unitLeft.clear();
    m_unitRight.clear();
    bool haveLeft = false, haveRight = false; // the first unit goes left, the second right
    for (const Resolved& r : res) {
        if (!r.ok) continue;
        if (!haveLeft) {
            m_unitLeft = r.unit.label;
            haveLeft = true;
        } else if (r.unit.label != m_unitLeft && !haveRight) {
            m_unitRight = r.unit.label;
            haveRight = true;
        }
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
        } else
            m_axisLeft = valueAxis();
        m_chart->addAxis(m_axisLeft, Qt::AlignLeft);
        m_lastLo[0] = m_lastHi[0] = kPlotNaN;
    }
    if (!drive) m_axisLeft->setTitleText(unitTitle(m_unitLeft));
    if (haveRight && !m_axisRight) {
        m_axisRight = valueAxis();
        m_chart->addAxis(m_axisRight, Qt::AlignRight);
        m_lastLo[1] = m_lastHi[1] = kPlotNaN;
    } else if (!haveRight && m_axisRight) {
        m_chart->removeAxis(m_axisRight);
        delete m_axisRight;
        m_axisRight = nullptr;
    }
    if (m_axisRight) m_axisRight->setTitleText(unitTitle(m_unitRight));

    // several subjects of one quantity ("drive.torque", "engine_torque.torque"): the legend
    // names only the subjects, so the labels are not cut off ("drive.to…"); the title and
    // the tooltips name the quantity, CSV headers keep the full names
    bool sameName = m_keys.size() > 1;
    for (const auto& key : m_keys)
        sameName = sameName && key.alias.isEmpty() && key.subject != QLatin1String(kDerivedSubject) && key.name == m_keys.front().name;
    for (int b = 0; b < m_branches.size(); ++b) {
        for (int k = 0; k < m_keys.size(); ++k) {
            const Resolved& r = res[static_cast<std::size_t>(k)];
            if (!r.ok || !m_branches[b].store) continue;
            Line l;
            l.key = k;
            l.branch = b;
            l.obs = r.obs;
            l.derived = r.derived;
            l.unit = r.unit;
            l.step = r.integer;
            l.mean = r.mean;
            l.right = haveRight && l.unit.label == m_unitRight;
            l.series = new QLineSeries;
            QString name = sameName ? m_keys[k].subject : m_keys[k].text();
            if (m_branches[b].id != 0) name += QStringLiteral(" · ") + m_branches[b].label;
            l.series->setName(name);
            m_chart->addSeries(l.series);
            l.series->attachAxis(m_axisX);
            l.series->attachAxis(l.right ? static_cast<QAbstractAxis*>(m_axisRight) : m_axisLeft);
            styleLine(l, k, b);
            m_lines.push_back(l);
            // a derived channel's samples: room for the whole run, so they never move while it fills
            if (l.derived) m_lines.back().values.reserve(m_branches[b].store->capacity());
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
        updateTimeTicks();
    }
    // one column per pixel at rest; per two pixels while live (half the points to replace and paint)
    const int columns = std::max(50, static_cast<int>(m_chart->plotArea().width()) / (m_live ? 2 : 1));
    bool changed = force;
    for (Line& l : m_lines) {
        if (!l.series->isVisible()) continue;
        const SampleStore* store = m_branches[l.branch].store.get();
        const std::size_t n = store->size();
        if (!force && n == l.lastCount && x0 == l.lastX0 && x1 == l.lastX1 && columns == l.lastColumns) continue;
        changed = changed || n != l.lastCount;
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
        r.from = firstSample(l.mean, *store);
        if (l.derived) {
            // the channel's new samples (each evaluated once), decimated like a store column
            for (std::size_t i = l.values.size(); i < n; ++i) l.values.push_back(l.derived->value(*store, i));
            r.values = l.values.data();
        }
        decimate(r, l.points, l.cache);
        l.series->replace(l.points);
        l.yMin = kPlotNaN;
        l.yMax = kPlotNaN;
        for (const QPointF& p : std::as_const(l.points)) {
            if (p.x() < x0 || p.x() > x1) continue;
            if (!(p.y() >= l.yMin)) l.yMin = std::isnan(l.yMin) ? p.y() : std::min(l.yMin, p.y());
            if (!(p.y() <= l.yMax)) l.yMax = std::isnan(l.yMax) ? p.y() : std::max(l.yMax, p.y());
        }
    }
    autoscale(x0, x1);
    if (changed && !std::isnan(m_measureA)) updateMeasurement();
}

void PlotPanel::updateTimeTicks()
{
    // nice 1-2-5 ticks inside the range, about one per 90 pixels (four intervals at least: two
    // ticks always fall inside), whatever the zoom
    const double width = m_chart->plotArea().width() > 0.0 ? m_chart->plotArea().width() : 400.0;
    m_tickWidth = width;
    const double step = niceStep(m_x1 - m_x0, std::max(4, static_cast<int>(width / 90.0)));
    // seconds in plain decimals however far in (engineering only past 1e6 s)
    const QString format = TickFormat(std::max({1.0, std::fabs(m_x0), std::fabs(m_x1)}), step).printfFormat(QStringLiteral(" s"));
    m_axisX->setTickInterval(step);
    m_axisX->setLabelFormat(format.isEmpty() ? QStringLiteral("%.6g s") : format);
}

void PlotPanel::plotAreaResized()
{
    // the tick density follows the plot's size: redo the ticks when it changed by a few ticks' room
    const QRectF area = m_chart->plotArea();
    if (std::fabs(area.width() - m_tickWidth) > 45.0) updateTimeTicks();
    if (std::fabs(area.height() - m_tickHeight) > 15.0) {
        m_lastLo[0] = m_lastHi[0] = m_lastLo[1] = m_lastHi[1] = kPlotNaN;
        autoscale(m_x0, m_x1);
    }
}

void PlotPanel::autoscale(double, double)
{
    // about one value tick per 30 pixels of height, 2 to 5 intervals (Qt hides labels that would overlap)
    m_tickHeight = m_chart->plotArea().height();
    const int intervals = std::clamp(static_cast<int>(m_tickHeight / 30.0), 2, 5);
    for (int side = 0; side < 2; ++side) {
        QCategoryAxis* axis = side == 0 ? qobject_cast<QCategoryAxis*>(m_axisLeft) : m_axisRight;
        if (!axis || (side == 0 && m_driveAxis)) continue;
        double lo = kPlotNaN, hi = kPlotNaN;
        bool integer = true; // only whole-number series (flags, state codes): whole-number ticks
        for (const Line& l : m_lines) {
            if (l.right != (side == 1) || !l.series->isVisible() || std::isnan(l.yMin)) continue;
            lo = std::isnan(lo) ? l.yMin : std::min(lo, l.yMin);
            hi = std::isnan(hi) ? l.yMax : std::max(hi, l.yMax);
            integer = integer && l.step;
        }
        // While live the range changes only when the data leaves it (or fills under a fifth
        // of it): a new range relays out the whole chart (tick labels, plot area, every series'
        // geometry), 5-25 ms, and with the range refitted on every refresh a plot whose values
        // climb all run (the engine speed) paid that on each one. The range set is the data's
        // round range, as at rest: with the whole run in view the redraw at rest keeps it.
        const bool set = !std::isnan(m_lastLo[side]);
        if (m_live && set && lo >= axis->min() && hi <= axis->max() && hi - lo >= 0.2 * (axis->max() - axis->min())) continue;
        double step = 1.0;
        niceRange(lo, hi, step, intervals, integer && !std::isnan(lo));
        if (set && lo == m_lastLo[side] && hi == m_lastHi[side]) continue;
        m_lastLo[side] = lo;
        m_lastHi[side] = hi;
        setValueTicks(axis, lo, hi, step);
    }
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
