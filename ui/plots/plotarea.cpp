#include "plots/plotarea.h"

#include <QChart>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QDir>
#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QPixmap>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "compile/model.h"
#include "plots/defaultplots.h"
#include "plots/observablepicker.h"
#include "plots/plotview.h"
#include "simulation/samplestore.h"
#include "solver/session.h"

namespace drivelab {

PlotArea::PlotArea(QWidget* parent) : QWidget(parent), m_timer(new QTimer(this)), m_alignTimer(new QTimer(this))
{
    // plot areas are aligned once the charts have laid out (a change of axis labels moves them)
    m_alignTimer->setSingleShot(true);
    m_alignTimer->setInterval(0);
    connect(m_alignTimer, &QTimer::timeout, this, &PlotArea::alignPlotAreas);
    setObjectName(QStringLiteral("plotArea"));
    auto* tools = new QHBoxLayout;
    tools->setContentsMargins(4, 2, 4, 0);
    const auto button = [&](const QString& text, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        tools->addWidget(b);
        return b;
    };
    QToolButton* addPlot = button(tr("+ Plot"), tr("Add an empty plot (then pick observables or drop them on it)"));
    QToolButton* pick = button(tr("Observables…"), tr("Pick observables of any node or component; drag them onto a plot"));
    m_followButton = button(tr("Follow"), tr("Keep the newest time at the right edge"));
    m_followButton->setCheckable(true);
    m_followButton->setChecked(true);
    QToolButton* fitButton = button(tr("Fit"), tr("Show the whole run (double-click a plot)"));
    m_measureButton = button(tr("Measure"), tr("Two cursors A and B (drag them): Δt, and per shown series Δ, mean and integral "
                                               "over the interval, from every sample"));
    m_measureButton->setCheckable(true);
    m_markersButton = button(tr("Events"), tr("Mark the lab's events and the clutches' locks, breakaways and releases on the time "
                                              "axis (hover a line for what happened)"));
    m_markersButton->setCheckable(true);
    m_markersButton->setChecked(true);
    QToolButton* csv = button(tr("CSV…"), tr("Export the current plot's shown series to CSV"));
    QToolButton* png = button(tr("PNG…"), tr("Export the plots as a PNG image"));
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("plotMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    tools->addWidget(m_message, 1);
    tools->addStretch(1);
    m_grid = new QWidget(this);
    m_gridLayout = new QGridLayout(m_grid);
    m_gridLayout->setContentsMargins(2, 2, 2, 2);
    m_gridLayout->setSpacing(4);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_grid);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(0);
    box->addLayout(tools);
    box->addWidget(scroll, 1);

    // one plot per tick, in turn (each every n ticks; 50 ms for five plots at the shortest
    // tick): a plot's refresh and the repaint it causes are each a few milliseconds, two plots
    // in one event (a quarter of five plots: the first and the fifth together) were more than a
    // frame. refreshNext spaces the ticks by their measured cost (paceInterval)
    m_timer->setInterval(kMinLiveInterval);
    connect(m_timer, &QTimer::timeout, this, &PlotArea::refreshNext);
    connect(addPlot, &QToolButton::clicked, this, [this] {
        m_current = addPanel(tr("Plot %1").arg(m_panels.size() + 1), {});
    });
    connect(pick, &QToolButton::clicked, this, &PlotArea::showPicker);
    connect(m_followButton, &QToolButton::toggled, this, &PlotArea::setFollow);
    connect(fitButton, &QToolButton::clicked, this, &PlotArea::fit);
    connect(m_measureButton, &QToolButton::toggled, this, &PlotArea::setMeasuring);
    connect(m_markersButton, &QToolButton::toggled, this, &PlotArea::setMarkersShown);
    connect(csv, &QToolButton::clicked, this, &PlotArea::exportCsvDialog);
    connect(png, &QToolButton::clicked, this, &PlotArea::exportPngDialog);
}

PlotArea::~PlotArea()
{
    // the panels reference the layout and the derived channels: drop them first
    for (PlotPanel* p : m_panels) {
        p->setDerivedChannels(nullptr);
        p->setObservableLayout(nullptr);
    }
}

void PlotArea::setModel(const ModelPtr& model)
{
    if (!model) return;
    m_layout = drivelab::observableLayout(*model);
    m_model = model;
    std::vector<std::string> ids;
    for (const auto& r : m_layout) ids.push_back(r.subject + "." + r.name);
    m_duration = static_cast<double>(model->ticks) * model->h;
    // the derived channels against this layout (the same lab's ids: each compiles as before)
    std::vector<std::shared_ptr<DerivedChannel>> kept;
    QStringList lost;
    for (const auto& c : m_derived) {
        if (std::unique_ptr<DerivedChannel> again = DerivedChannel::compile(c->definition(), m_layout, nullptr))
            kept.push_back(std::move(again));
        else
            lost << c->definition().name;
    }
    if (ids != m_layoutIds) kept.clear(); // another lab: its own plots, no channels of the last one
    m_derived = std::move(kept);
    if (!lost.isEmpty() && ids == m_layoutIds) emit hint(tr("Derived channels dropped (their names are gone): %1").arg(lost.join(QStringLiteral(", "))));
    if (ids != m_layoutIds || m_panels.isEmpty()) {
        // another lab (or another set of observables): its default plots
        m_layoutIds = ids;
        for (PlotPanel* p : m_panels) delete p;
        m_panels.clear();
        m_current = nullptr;
        std::vector<ComponentRef> components;
        for (const auto& c : model->components) components.emplace_back(QString::fromStdString(c.id), c.desc);
        std::vector<QString> oilVolumes; // nodes with an oil-temperature state
        for (const auto& n : model->nodes) {
            if (n.tempIndex >= 0) oilVolumes.push_back(QString::fromStdString(n.id));
        }
        for (const DefaultPlot& d : defaultPlots(m_layout, components, oilVolumes)) addPanel(d.title, d.keys);
    }
    for (PlotPanel* p : m_panels) {
        p->setDerivedChannels(&m_derived);
        p->setObservableLayout(&m_layout);
    }
    if (m_picker) m_picker->setObservableLayout(m_layout, m_model.get());
    fit();
}

void PlotArea::addBranch(const BranchInfo& info)
{
    m_branches.push_back({info.id, info.label, info.store, info.markers});
    for (PlotPanel* p : m_panels) p->setBranches(m_branches);
    refresh(true);
    updateMarkers(true);
}

void PlotArea::clearBranches()
{
    m_branches.clear();
    for (PlotPanel* p : m_panels) p->setBranches(m_branches);
    updateMarkers(true);
}

void PlotArea::clearPlots()
{
    setLive(false);
    m_branches.clear();
    for (PlotPanel* p : m_panels) delete p;
    m_panels.clear();
    m_current = nullptr;
    m_layout.clear();
    m_labMarkers.clear();
    m_markerCount = 0;
    m_derived.clear();
    m_model.reset();
    m_layoutIds.clear();
    if (m_picker) m_picker->setObservableLayout(m_layout, m_model.get());
    relayout();
}

void PlotArea::setLive(bool live)
{
    if (!live && m_live) followNewest(); // the run's last samples, once, as it comes to rest
    m_live = live;
    if (live) {
        m_costMs = 0.0;
        for (PlotPanel* p : m_panels) p->view()->takePaintMs(); // paints at rest are not the run's
        m_timer->start(kMinLiveInterval);
    } else
        m_timer->stop();
    for (PlotPanel* p : m_panels) p->setLive(live);
}

void PlotArea::setMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color:#b3131f; font-weight:bold") : QStringLiteral("color:#8a5a00"));
    m_message->setVisible(!text.isEmpty());
}

QString PlotArea::message() const { return m_message->isHidden() ? QString() : m_message->text(); }

double PlotArea::latestTime() const
{
    double t = 0.0;
    for (const PlotBranch& b : m_branches) {
        const std::size_t n = b.store->size();
        if (n) t = std::max(t, b.store->time(n - 1));
    }
    return t;
}

void PlotArea::refresh(bool force)
{
    followNewest();
    updateMarkers(force);
    for (PlotPanel* p : m_panels) p->refresh(m_x0, m_x1, force);
}

void PlotArea::refreshNext()
{
    if (m_panels.isEmpty()) return;
    const int i = m_next++ % m_panels.size();
    // what the plots cost the UI thread since the last tick: their repaints (the last
    // refresh's among them, and any the user caused) and this refresh
    double ms = 0.0;
    for (PlotPanel* p : m_panels) ms += p->view()->takePaintMs();
    QElapsedTimer clock;
    clock.start();
    if (i == 0) {
        followNewest(); // the plots of one round share a time range
        updateMarkers(false);
    }
    m_panels[i]->refresh(m_x0, m_x1, false);
    ms += static_cast<double>(clock.nsecsElapsed()) * 1e-6;
    m_costMs = m_costMs > 0.0 ? 0.75 * m_costMs + 0.25 * ms : ms;
    const int interval = paceInterval(m_costMs, m_budget);
    if (m_timer->isActive() && interval != m_timer->interval()) m_timer->setInterval(interval);
}

int PlotArea::paceInterval(double costMs, double share)
{
    if (!(costMs > 0.0) || !(share > 0.0)) return kMinLiveInterval;
    const double ms = std::ceil(costMs / std::min(share, 1.0));
    return ms >= kMaxLiveInterval ? kMaxLiveInterval : std::max(kMinLiveInterval, static_cast<int>(ms));
}

bool PlotArea::setLiveBudget(double share)
{
    if (!(share > 0.0 && share <= 1.0)) return false; // NaN among them
    m_budget = share;
    return true;
}

int PlotArea::liveInterval() const { return m_timer->interval(); }

void PlotArea::followNewest()
{
    if (!m_follow || !m_live) return; // a finished or paused run stays where the user looks
    const double t = latestTime();
    const double w = m_x1 - m_x0;
    if (t > m_x1) {
        m_x1 = t;
        m_x0 = t - w;
    }
}

PlotPanel* PlotArea::addPanel(const QString& title, const QVector<ObservableKey>& keys)
{
    auto* p = new PlotPanel(title, m_grid);
    p->setDerivedChannels(&m_derived);
    p->setObservableLayout(m_layout.empty() ? nullptr : &m_layout);
    for (const auto& k : keys) p->addKey(k);
    p->setBranches(m_branches);
    m_panels.push_back(p);
    if (m_markersShown) p->view()->setMarkers(markers());
    wire(p);
    relayout();
    p->refresh(m_x0, m_x1, true);
    if (m_measuring) p->setMeasureTimes(m_measureA, m_measureB);
    return p;
}

void PlotArea::removePanel(PlotPanel* panel)
{
    if (!m_panels.removeOne(panel)) return;
    if (m_current == panel) m_current = nullptr;
    panel->deleteLater();
    relayout();
}

PlotPanel* PlotArea::currentPanel() const
{
    if (m_current && m_panels.contains(m_current)) return m_current;
    return m_panels.isEmpty() ? nullptr : m_panels.front();
}

void PlotArea::wire(PlotPanel* p)
{
    PlotView* v = p->view();
    connect(p, &PlotPanel::activated, this, [this](PlotPanel* x) {
        m_current = x;
    });
    connect(p->chart(), &QChart::plotAreaChanged, m_alignTimer, qOverload<>(&QTimer::start));
    connect(v, &PlotView::zoomRequested, this, &PlotArea::zoom);
    connect(v, &PlotView::measureCursorMoved, this, [this](int which, double t) {
        setMeasureTimes(which == 0 ? t : m_measureA, which == 1 ? t : m_measureB);
    });
    connect(v, &PlotView::panRequested, this, &PlotArea::pan);
    connect(v, &PlotView::fitRequested, this, &PlotArea::fit);
    connect(v, &PlotView::cursorMoved, this, &PlotArea::setCursorTime);
    connect(v, &PlotView::cursorLeft, this, [this] {
        setCursorTime(std::nan(""));
    });
    connect(v, &PlotView::observablesDropped, this, [this, p](const QStringList& s, const QStringList& n) {
        addObservables(p, s, n);
    });
    connect(v, &PlotView::itemDropped, this, [this, p](const QString& id, const QPoint& g) {
        itemDropped(p, id, g);
    });
    connect(v, &PlotView::contextMenuWanted, this, [this, p](const QPoint& g) {
        contextMenu(p, g);
    });
}

void PlotArea::alignPlotAreas()
{
    // the plots of one grid column share their plot area's left and right edges (times line up
    // down the column): each chart's margins make up for its narrower axis labels
    if (m_columns <= 0) return;
    for (int c = 0; c < m_columns; ++c) {
        double left = 0.0, right = 0.0;
        for (int i = c; i < m_panels.size(); i += m_columns) {
            const QMarginsF inset = m_panels[i]->naturalInsets();
            left = std::max(left, inset.left());
            right = std::max(right, inset.right());
        }
        for (int i = c; i < m_panels.size(); i += m_columns) {
            const QMarginsF inset = m_panels[i]->naturalInsets();
            m_panels[i]->setAlignPadding(qRound(left - inset.left()), qRound(right - inset.right()));
        }
    }
}

void PlotArea::relayout()
{
    const int columns = width() >= 1300 ? 3 : (width() >= 760 ? 2 : 1);
    m_columns = columns;
    while (m_gridLayout->count()) m_gridLayout->takeAt(0);
    for (int i = 0; i < m_panels.size(); ++i) m_gridLayout->addWidget(m_panels[i], i / columns, i % columns);
    for (int c = 0; c < 3; ++c) m_gridLayout->setColumnStretch(c, c < columns ? 1 : 0);
    m_alignTimer->start();
}

void PlotArea::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    const int columns = width() >= 1300 ? 3 : (width() >= 760 ? 2 : 1);
    if (columns != m_columns) relayout();
}

void PlotArea::setRange(double x0, double x1)
{
    if (!(x1 > x0)) return;
    m_x0 = x0;
    m_x1 = x1;
    refresh(false);
}

void PlotArea::fit() { setRange(0.0, m_duration > 0 ? m_duration : 1.0); }

void PlotArea::setFollow(bool on)
{
    m_follow = on;
    if (m_followButton->isChecked() != on) m_followButton->setChecked(on);
    refresh(false);
}

void PlotArea::zoom(double factor, double t)
{
    if (m_follow) setFollow(false); // the user's zoom: the window is theirs now
    const double w = std::clamp((m_x1 - m_x0) * factor, 1e-6, 10.0 * std::max(m_duration, 1e-6));
    if (!std::isfinite(t)) t = 0.5 * (m_x0 + m_x1);
    const double x0 = t - (t - m_x0) * (w / (m_x1 - m_x0));
    setRange(x0, x0 + w);
}

void PlotArea::pan(double dt)
{
    if (m_follow) setFollow(false);
    setRange(m_x0 + dt, m_x1 + dt);
}

void PlotArea::setCursorTime(double t)
{
    for (PlotPanel* p : m_panels) p->setCursorTime(t);
}

void PlotArea::setMeasuring(bool on)
{
    if (on == m_measuring) return;
    m_measuring = on;
    if (m_measureButton->isChecked() != on) m_measureButton->setChecked(on);
    if (on)
        setMeasureTimes(m_x0 + (m_x1 - m_x0) / 3.0, m_x0 + 2.0 * (m_x1 - m_x0) / 3.0);
    else {
        for (PlotPanel* p : m_panels) p->setMeasureTimes(std::nan(""), std::nan(""));
    }
}

void PlotArea::setMeasureTimes(double ta, double tb)
{
    if (!std::isfinite(ta) || !std::isfinite(tb)) return;
    m_measuring = true;
    if (!m_measureButton->isChecked()) {
        const QSignalBlocker quiet(m_measureButton);
        m_measureButton->setChecked(true);
    }
    m_measureA = ta;
    m_measureB = tb;
    for (PlotPanel* p : m_panels) p->setMeasureTimes(ta, tb);
}

} // namespace drivelab
