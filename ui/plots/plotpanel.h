#pragma once
// One plot: a chart of chosen observables (subject.name) for every branch of the run,
// the main branch drawn solid and each fork in its own dash style, in the display units.
// Each refresh decimates the visible time range of the full series (SampleStore) to the
// plot's pixel columns (while the range stays, only the samples since the last refresh:
// DecimationCache) and replaces the series' points. Integer observables are drawn as
// steps; the converter drive mode gets an axis with its five named states. A second unit
// gets the right axis.
#include <QFrame>
#include <QList>
#include <QMarginsF>
#include <QPointF>
#include <QVector>

#include <memory>
#include <vector>

#include "document/displayunits.h"
#include "plots/measurement.h"
#include "simulation/runtypes.h"

class QChart;
class QLineSeries;
class QValueAxis;
class QCategoryAxis;
class QAbstractAxis;

namespace drivelab {

/// one observable of the model's layout (solver/session.h; the plots header sees only its name)
struct ObservableRef;

class PlotView;
class SampleStore;

class DerivedChannel;

/// the subject of a derived channel's key (its name is the channel's; no id has this subject)
inline constexpr const char* kDerivedSubject = "=";

/// an observable by name (stable across recompiles), or a derived channel (subject kDerivedSubject)
struct ObservableKey {
    QString subject;
    QString name;
    QString alias; ///< legend text ("" = subject.name); not part of the identity
    bool operator==(const ObservableKey& o) const { return subject == o.subject && name == o.name; }
    QString text() const
    {
        if (!alias.isEmpty()) return alias;
        return subject == QLatin1String(kDerivedSubject) ? name : subject + QLatin1Char('.') + name;
    }
};

/// a branch as the plots see it
struct PlotBranch {
    int id = 0;
    QString label;
    StorePtr store;
    std::shared_ptr<MarkerLog> markers = nullptr; ///< its clutch events (nullptr: none)
};

/// one chart of the plot area
class PlotPanel : public QFrame {
    Q_OBJECT
public:
    explicit PlotPanel(const QString& title, QWidget* parent = nullptr);
    ~PlotPanel() override;

    QString title() const { return m_title; }
    PlotView* view() const { return m_view; }
    QChart* chart() const { return m_chart; }
    const QVector<ObservableKey>& keys() const { return m_keys; }

    /// the observable layout of the run (keys resolve against it); nullptr: none
    void setObservableLayout(const std::vector<ObservableRef>* layout);
    /// the derived channels keys may name (owned by the plot area; nullptr: none)
    void setDerivedChannels(const std::vector<std::shared_ptr<DerivedChannel>>* channels);
    /// the branches to draw
    void setBranches(const QVector<PlotBranch>& branches);
    /// add an observable (false when present or unknown to the layout)
    bool addKey(const ObservableKey& key);
    /// remove the observable at index i
    void removeKey(int i);
    /// re-decimate what changed (or everything) for the time range [x0, x1]
    void refresh(double x0, double x1, bool force);
    /// while live, paint without antialiasing
    void setLive(bool live);
    /// the cursor readout at time t (NaN hides it)
    void setCursorTime(double t);
    /// measure every shown series between cursors A (ta) and B (tb); NaN: no measurement
    void setMeasureTimes(double ta, double tb);
    /// the last measurement of key i in branch b (invalid when none)
    IntervalMeasure measurement(int key, int branch) const;
    /// the series of key i in branch b (nullptr when absent)
    QLineSeries* series(int key, int branch) const;
    /// the shown (visible) series as CSV: time and one column each, full resolution, in [x0, x1]
    QString csv(double x0, double x1) const;
    /// number of series a refresh drew from
    int visibleSeriesCount() const;
    /// the plot area's distance from the chart's left and right edges, less the alignment padding [px]
    QMarginsF naturalInsets() const;
    /// extra room left and right of the plot area, so stacked plots line up [px]
    void setAlignPadding(int left, int right);
    /// the first sample of a series with a value: 1 for a tick mean in a store from tick 0, else 0
    static std::size_t firstSample(bool tickMean, const SampleStore& s);

signals:
    /// the user clicked into the panel (it becomes the current one)
    void activated(drivelab::PlotPanel* panel);

protected:
    void mousePressEvent(QMouseEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Line;
    void rebuild();
    void styleLine(Line& l, int keyIndex, int branchIndex);
    void autoscale(double x0, double x1);
    /// the time axis' ticks for the range and the plot's width
    void updateTimeTicks();
    /// the plot area changed size: redo the ticks when their density would change
    void plotAreaResized();
    void updateMeasurement();
    const DerivedChannel* derivedChannel(const QString& name) const;
    /// the display value of line l's sample i
    double displayValue(const Line& l, std::size_t i) const;

    QString m_title;
    QChart* m_chart;
    PlotView* m_view;
    QValueAxis* m_axisX;
    QAbstractAxis* m_axisLeft = nullptr;
    QCategoryAxis* m_axisRight = nullptr;
    QString m_unitLeft, m_unitRight;
    bool m_driveAxis = false;
    bool m_live = false;
    QVector<ObservableKey> m_keys;
    QVector<PlotBranch> m_branches;
    const std::vector<ObservableRef>* m_layout = nullptr;
    const std::vector<std::shared_ptr<DerivedChannel>>* m_derived = nullptr;
    std::vector<Line> m_lines;
    double m_x0 = 0.0, m_x1 = 1.0;
    int m_padLeft = 0, m_padRight = 0;
    double m_tickWidth = 0.0, m_tickHeight = 0.0; // the plot area's size the ticks were made for
    double m_measureA, m_measureB; // the measurement cursors [s] (NaN: off)
    double m_lastLo[2] = {0.0, 0.0}, m_lastHi[2] = {0.0, 0.0}; // the range autoscale last set per side (NaN: none yet)
};

} // namespace drivelab
