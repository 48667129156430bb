#pragma once
// PlotPanel's private parts shared by its two sources (plotpanel.cpp: series, axes, refresh;
// plotpanelreadout.cpp: cursor readout, measurement, CSV): one drawn series and small helpers.
#include <QLineSeries>
#include <QList>
#include <QPointF>

#include <limits>
#include <vector>

#include "document/displayunits.h"
#include "plots/decimator.h"
#include "plots/derivedchannel.h"
#include "plots/measurement.h"
#include "plots/plotpanel.h"

namespace drivelab {

inline constexpr double kPlotNaN = std::numeric_limits<double>::quiet_NaN();

/// the axis title (and CSV header suffix) of a unit: "[rpm]", nothing for a dimensionless quantity (not "[]")
inline QString unitTitle(const QString& unit) { return unit.isEmpty() ? QString() : QStringLiteral("[%1]").arg(unit); }

/// one series of a plot: key × branch
struct PlotPanel::Line {
    int key = 0;
    int branch = 0; // index into m_branches
    QLineSeries* series = nullptr;
    std::size_t obs = 0;
    const DerivedChannel* derived = nullptr; // a derived channel instead of observable obs
    std::vector<double> values;              // the derived channel's samples so far (room for the whole run)
    UnitView unit;
    bool step = false;
    bool right = false;
    bool mean = false; // a tick mean: none at tick 0 (firstSample)
    std::size_t lastCount = std::numeric_limits<std::size_t>::max();
    double lastX0 = kPlotNaN, lastX1 = kPlotNaN;
    int lastColumns = 0;
    double yMin = kPlotNaN, yMax = kPlotNaN;
    IntervalMeasure measure; // between the measurement cursors
    QList<QPointF> points; // the last decimation (its closed columns are reused by the next)
    DecimationCache cache;
};

} // namespace drivelab
