#pragma once
// The small chart of one time signal over the lab's run: SignalModel::value sampled on a
// uniform grid plus every breakpoint (table points, a step's time, a ramp's ends, a sine's
// start) on both sides, so corners and jumps are drawn where they are. A signal that does
// not compile shows why instead of a curve.
#include <QChartView>

#include <optional>

#include "signals/signal.h"

class QLineSeries;
class QValueAxis;

namespace drivelab {

/// chart of one signal
class SignalPlot : public QChartView {
    Q_OBJECT
public:
    explicit SignalPlot(QWidget* parent = nullptr);

    /// plot a signal over [0, duration] [s] (nullopt: nothing to plot, `why` says why)
    void setSignal(const std::optional<SignalModel>& signal, double duration, const QString& why = {});
    /// the plotted curve (tests read it)
    QLineSeries* series() const { return m_series; }
    QValueAxis* timeAxis() const { return m_x; }
    QValueAxis* valueAxis() const { return m_y; }

    /// the (time, value) points drawn for a signal over [0, duration]
    static QList<QPointF> samples(const SignalModel& s, double duration, int count = 400);

private:
    QLineSeries* m_series;
    QValueAxis* m_x;
    QValueAxis* m_y;
};

} // namespace drivelab
