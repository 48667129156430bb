#pragma once
// The plots a run starts with, chosen from the model's observables: for a lab with torque
// converters their pump/turbine/stator torques, speed ratio, drive mode and heat, then the
// node speeds; otherwise node speeds, component torques, heat, clutch locks, pressures
// and temperatures (whichever the lab has).
#include <QString>
#include <QVector>

#include <vector>

#include "plots/plotpanel.h"

namespace drivelab {

/// one default plot
struct DefaultPlot {
    QString title;
    QVector<ObservableKey> keys;
};

/// the default plots for an observable layout
std::vector<DefaultPlot> defaultPlots(const std::vector<ObservableRef>& layout, const std::vector<QString>& converterIds);

} // namespace drivelab
