#pragma once
// The plots a run starts with, chosen from the model's observables: for a lab holding types
// that name default plots in their descriptors (torque converters: pump/turbine/stator
// torques, speed ratio, drive mode and heat) those plots, then the node speeds; otherwise
// node speeds, component torques, heat, clutch locks, pressures and temperatures (whichever
// the lab has); the oil temperatures of a thermal-liquid lab's volumes on a plot of their own
// (with either choice); and the lab's time signals on a plot of their own.
#include <QString>
#include <QVector>

#include <utility>
#include <vector>

#include "plots/plotpanel.h"
#include "spec/descriptor.h"

namespace drivelab {

/// one default plot
struct DefaultPlot {
    QString title;
    QVector<ObservableKey> keys;
};

/// a component of the model: its id and its type's descriptor
using ComponentRef = std::pair<QString, const ComponentDescriptor*>;

/// the default plots for an observable layout, the model's components (in model order) and its
/// thermal-liquid volumes (node ids: their `temperature` is the oil's)
std::vector<DefaultPlot> defaultPlots(const std::vector<ObservableRef>& layout, const std::vector<ComponentRef>& components,
                                      const std::vector<QString>& oilVolumes = {});

} // namespace drivelab
