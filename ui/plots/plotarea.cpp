#include "plots/plotarea.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QPixmap>
#include <QResizeEvent>
#include <QScrollArea>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "compile/model.h"
#include "plots/defaultplots.h"
#include "plots/observablepicker.h"
#include "plots/plotview.h"
#include "simulation/samplestore.h"
#include "solver/session.h"

namespace drivelab {

PlotArea::PlotArea(QWidget* parent) : QWidget(parent), m_timer(new QTimer(this))
{
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
    connect(csv, &QToolButton::clicked, this, &PlotArea::exportCsvDialog);
    connect(png, &QToolButton::clicked, this, &PlotArea::exportPngDialog);
}

PlotArea::~PlotArea()
{
    // the panels reference the layout: drop them first
    for (PlotPanel* p : m_panels) p->setObservableLayout(nullptr);
}

void PlotArea::setModel(const ModelPtr& model)
{
    if (!model) return;
    m_layout = drivelab::observableLayout(*model);
    m_model = model;
    std::vector<std::string> ids;
    for (const auto& r : m_layout) ids.push_back(r.subject + "." + r.name);
    m_duration = static_cast<double>(model->ticks) * model->h;
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
    for (PlotPanel* p : m_panels) p->setObservableLayout(&m_layout);
    if (m_picker) m_picker->setObservableLayout(m_layout);
    fit();
}

void PlotArea::addBranch(const BranchInfo& info)
{
    m_branches.push_back({info.id, info.label, info.store});
    for (PlotPanel* p : m_panels) p->setBranches(m_branches);
    refresh(true);
}

void PlotArea::clearBranches()
{
    m_branches.clear();
    for (PlotPanel* p : m_panels) p->setBranches(m_branches);
}

void PlotArea::clearPlots()
{
    setLive(false);
    m_branches.clear();
    for (PlotPanel* p : m_panels) delete p;
    m_panels.clear();
    m_current = nullptr;
    m_layout.clear();
    m_model.reset();
    m_layoutIds.clear();
    if (m_picker) m_picker->setObservableLayout(m_layout);
    relayout();
}

void PlotArea::setLive(bool live)
{
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
    if (i == 0) followNewest(); // the plots of one round share a time range
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
    if (!m_follow) return;
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
    p->setObservableLayout(m_layout.empty() ? nullptr : &m_layout);
    for (const auto& k : keys) p->addKey(k);
    p->setBranches(m_branches);
    m_panels.push_back(p);
    wire(p);
    relayout();
    p->refresh(m_x0, m_x1, true);
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
    connect(v, &PlotView::zoomRequested, this, &PlotArea::zoom);
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

void PlotArea::relayout()
{
    const int columns = width() >= 1300 ? 3 : (width() >= 760 ? 2 : 1);
    m_columns = columns;
    while (m_gridLayout->count()) m_gridLayout->takeAt(0);
    for (int i = 0; i < m_panels.size(); ++i) m_gridLayout->addWidget(m_panels[i], i / columns, i % columns);
    for (int c = 0; c < 3; ++c) m_gridLayout->setColumnStretch(c, c < columns ? 1 : 0);
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

bool PlotArea::exportCsv(const QString& path, QString* error) const
{
    QString text;
    if (PlotPanel* p = currentPanel()) text = p->csv(m_x0, m_x1);
    QFile f(path);
    if (text.isEmpty() || !f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error) *error = text.isEmpty() ? tr("There is no plot to export.") : f.errorString();
        return false;
    }
    return f.write(text.toUtf8()) >= 0;
}

bool PlotArea::exportPng(const QString& path) const { return m_grid->grab().save(path, "PNG"); }

void PlotArea::exportCsvDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Series"), QStringLiteral("series.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QString error;
    emit hint(exportCsv(path, &error) ? tr("Series written to %1").arg(path) : tr("Could not write %1: %2").arg(path, error));
}

void PlotArea::exportPngDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Plots"), QStringLiteral("plots.png"), tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    emit hint(exportPng(path) ? tr("Plots written to %1").arg(path) : tr("Could not write %1").arg(path));
}

void PlotArea::showPicker()
{
    if (!m_picker) {
        m_picker = new ObservablePicker(this);
        connect(m_picker, &ObservablePicker::picked, this, [this](const QStringList& s, const QStringList& n, bool newPlot) {
            addObservables(newPlot ? nullptr : currentPanel(), s, n);
        });
    }
    m_picker->setObservableLayout(m_layout);
    m_picker->show();
    m_picker->raise();
}

bool PlotArea::addObservables(PlotPanel* panel, const QStringList& subjects, const QStringList& names)
{
    if (subjects.isEmpty()) return false;
    if (!panel) panel = addPanel(subjects.front() + QLatin1Char('.') + names.front(), {});
    bool any = false;
    for (int i = 0; i < subjects.size() && i < names.size(); ++i) any = panel->addKey({subjects[i], names[i], {}}) || any;
    m_current = panel;
    refresh(true);
    return any;
}

void PlotArea::itemDropped(PlotPanel* p, const QString& id, const QPoint& globalPos)
{
    QMenu menu(this);
    QStringList names;
    for (const auto& r : m_layout) {
        if (QString::fromStdString(r.subject) == id) names << QString::fromStdString(r.name);
    }
    if (names.isEmpty()) {
        emit hint(tr("%1 has no observables in this run (run the lab first)").arg(id));
        return;
    }
    for (const QString& n : names)
        menu.addAction(n, this, [this, p, id, n] {
            addObservables(p, {id}, {n});
        });
    menu.addSeparator();
    menu.addAction(tr("All of %1").arg(id), this, [this, p, id, names] {
        addObservables(p, QStringList(names.size(), id), names);
    });
    menu.exec(globalPos);
}

void PlotArea::contextMenu(PlotPanel* p, const QPoint& globalPos)
{
    m_current = p;
    QMenu menu(this);
    QMenu* add = menu.addMenu(tr("Add Observable"));
    QMenu* sub = nullptr;
    QString subject;
    for (const auto& r : m_layout) {
        const QString s = QString::fromStdString(r.subject), n = QString::fromStdString(r.name);
        if (!sub || s != subject) {
            sub = add->addMenu(s);
            subject = s;
        }
        sub->addAction(n, this, [this, p, s, n] {
            addObservables(p, {s}, {n});
        });
    }
    QMenu* remove = menu.addMenu(tr("Remove Observable"));
    for (int i = 0; i < p->keys().size(); ++i)
        remove->addAction(p->keys()[i].text(), this, [p, i] {
            p->removeKey(i);
        });
    menu.addAction(tr("Remove Plot"), this, [this, p] {
        removePanel(p);
    });
    menu.addSeparator();
    menu.addAction(tr("Fit Whole Run"), this, &PlotArea::fit);
    QAction* follow = menu.addAction(tr("Follow"), this, &PlotArea::setFollow);
    follow->setCheckable(true);
    follow->setChecked(m_follow);
    menu.addSeparator();
    menu.addAction(tr("Export CSV…"), this, &PlotArea::exportCsvDialog);
    menu.addAction(tr("Export PNG…"), this, &PlotArea::exportPngDialog);
    menu.exec(globalPos);
}

} // namespace drivelab
