#pragma once
// The Plots panel: the run's plots in a grid that share one time axis, a tool row (add
// plot, observables, follow, fit, CSV and PNG export) and a message line (stale results,
// solver failures). While the run is live the plots drain new samples in turn, one plot per
// tick, and re-decimate only what changed; the tick (10 ms at least) is spaced so that the
// plots' measured refresh and repaint stay within a share of the UI thread (the live budget:
// the worker and the X server need the rest of a two-core machine). Drops of observables and
// canvas items add series.
#include <QWidget>

#include <memory>
#include <vector>

#include "plots/derivedchannel.h"
#include "plots/plotpanel.h"
#include "plots/plotview.h"
#include "simulation/runtypes.h"

class QTimer;
class QLabel;
class QGridLayout;
class QToolButton;

namespace drivelab {

class ObservablePicker;
struct EventSpec;

/// the plot dock's contents
class PlotArea : public QWidget {
    Q_OBJECT
public:
    explicit PlotArea(QWidget* parent = nullptr);
    ~PlotArea() override;

    /// the run's model: keys resolve against its observables; a lab with another set of
    /// observables gets its default plots
    void setModel(const ModelPtr& model);
    /// a branch started (main or fork)
    void addBranch(const BranchInfo& info);
    /// forget every branch (plots stay, empty)
    void clearBranches();
    /// another lab: no plots, no observables, until it runs (its default plots come then)
    void clearPlots();
    /// drain samples on the timer while live
    void setLive(bool live);
    /// redraw now (force: every series, not only what changed)
    void refresh(bool force = false);
    /// what the live timer does on each tick: refresh the next plot (one plot, in turn), then
    /// space the next tick by what the plots cost
    void refreshNext();
    /// the share of the UI thread's time live plots may take, in (0, 1] (default
    /// kDefaultLiveBudget); 1 refreshes every 10 ms whatever it costs. A share outside (0, 1]
    /// is refused (false) and the budget stays as it was
    bool setLiveBudget(double share);
    double liveBudget() const { return m_budget; }
    /// the live tick now [ms]
    int liveInterval() const;
    /// the running mean of one tick's cost (refresh and the repaints since the last tick) [ms]
    double liveCost() const { return m_costMs; }
    static constexpr double kDefaultLiveBudget = 0.25;
    static constexpr int kMinLiveInterval = 10;  // ms
    static constexpr int kMaxLiveInterval = 100; // ms: each of five plots at least every half second
    /// the tick that keeps a mean cost of costMs within the budget share, in [kMin, kMax]
    static int paceInterval(double costMs, double share);
    /// a line above the plots ("" hides it)
    void setMessage(const QString& text, bool error);
    QString message() const;

    /// add a plot with these observables
    PlotPanel* addPanel(const QString& title, const QVector<ObservableKey>& keys);
    /// remove a plot
    void removePanel(PlotPanel* panel);
    QList<PlotPanel*> panels() const { return m_panels; }
    PlotPanel* currentPanel() const;
    const QVector<PlotBranch>& branches() const { return m_branches; }
    const std::vector<ObservableRef>& observableLayout() const { return m_layout; }

    /// the shared time range
    double rangeStart() const { return m_x0; }
    double rangeEnd() const { return m_x1; }
    void setRange(double x0, double x1);
    /// the whole run
    void fit();
    /// keep the newest sample at the right edge
    void setFollow(bool on);
    bool follow() const { return m_follow; }
    /// zoom the time axis by `factor` around time t
    void zoom(double factor, double t);
    /// move the time axis by dt seconds (turns follow off)
    void pan(double dt);
    /// show the cursor readout at time t in every plot (NaN hides it)
    void setCursorTime(double t);
    /// the run's lab events, drawn as markers on the time axis (with the clutch events)
    void setLabEvents(const std::vector<EventSpec>& events);
    /// show the event markers: lab events, clutch locks, breakaways and releases (on by default)
    void setMarkersShown(bool on);
    bool markersShown() const { return m_markersShown; }
    /// the markers the plots draw now
    QVector<TimeMarker> markers() const;
    /// measure between two cursors in every plot (on: A and B at a third and two thirds of the shown range)
    void setMeasuring(bool on);
    bool measuring() const { return m_measuring; }
    /// place the measurement cursors A and B [s] (turns measuring on)
    void setMeasureTimes(double ta, double tb);
    double measureStart() const { return m_measureA; }
    double measureEnd() const { return m_measureB; }

    /// the current plot's shown series as CSV over the shown range (every plot when none)
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    /// the plots as a PNG
    bool exportPng(const QString& path) const;
    /// the open lab's file ("" when untitled): CSV exports are named after it
    void setLabPath(const QString& path);
    /// the file the CSV dialog proposes: LAB-PLOT.csv beside the lab
    QString defaultCsvPath() const;
    /// ask for a file and export
    void exportCsvDialog();
    void exportPngDialog();
    /// open the observable picker
    void showPicker();
    /// add observables to a plot (nullptr: a new plot); false when none was added
    bool addObservables(PlotPanel* panel, const QStringList& subjects, const QStringList& names);
    /// define a derived channel and add it to a plot (nullptr: a new plot); false with the reason
    /// in `error` (a bad or taken name, an unknown name or a syntax error in the expression)
    bool addDerivedChannel(PlotPanel* panel, const DerivedDefinition& d, QString* error = nullptr);
    /// the derived channels defined (for this lab's plots)
    const std::vector<std::shared_ptr<DerivedChannel>>& derivedChannels() const { return m_derived; }

    /// line up the plot areas of the plots in each grid column (left and right edges)
    void alignPlotAreas();

    /// the latest sample time of any branch [s]
    double latestTime() const;

signals:
    /// the user asked for a CSV/PNG path or similar status text
    void hint(const QString& text);

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void followNewest();
    /// hand the markers to the plots when there are new clutch events (or always: force)
    void updateMarkers(bool force);
    void wire(PlotPanel* p);
    void relayout();
    void itemDropped(PlotPanel* p, const QString& id, const QPoint& globalPos);
    void contextMenu(PlotPanel* p, const QPoint& globalPos);

    QTimer* m_timer;
    QTimer* m_alignTimer;
    QLabel* m_message;
    QWidget* m_grid;
    QGridLayout* m_gridLayout;
    QToolButton* m_followButton;
    QToolButton* m_measureButton;
    QToolButton* m_markersButton;
    QVector<TimeMarker> m_labMarkers;
    std::size_t m_markerCount = 0; // clutch events handed to the plots (all branches)
    bool m_markersShown = true;
    QList<PlotPanel*> m_panels;
    PlotPanel* m_current = nullptr;
    ObservablePicker* m_picker = nullptr;
    QVector<PlotBranch> m_branches;
    std::vector<ObservableRef> m_layout;
    std::vector<std::shared_ptr<DerivedChannel>> m_derived; // the panels hold a pointer to this list
    ModelPtr m_model;                     // kept while m_layout lives: a signal's unit points into it
    std::vector<std::string> m_layoutIds; // subjects and names that decide "another lab"
    double m_duration = 1.0;
    double m_x0 = 0.0, m_x1 = 1.0;
    bool m_follow = true;
    bool m_live = false; // follow moves the window only while the run is live
    bool m_measuring = false;
    double m_measureA = 0.0, m_measureB = 0.0; // the measurement cursors [s]
    QString m_labPath;
    int m_columns = 0;
    int m_next = 0; // the plot refreshNext refreshes (modulo the plot count)
    double m_budget = kDefaultLiveBudget;
    double m_costMs = 0.0; // running mean of a tick's cost (0: none measured since going live)
};

} // namespace drivelab
