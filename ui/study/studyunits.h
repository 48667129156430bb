#pragma once
// The units of a study's results (docs/EDITOR.md, "Studies"): each factor's from its value
// path, each metric's from its observable and reduction (a maximum of a speed is a speed, the
// time of it is in s, an integral of a torque is in N m s), the energy residual in J. The
// results table and plot show them in the display units; the CSV file stays SI.
#include <string>
#include <vector>

#include "study/study.h"

namespace drivelab {

/// the SI unit of an observable `subject.name` of a lab ("rad/s"; "" when unknown), from the
/// descriptors (a signal's from its `unit` field)
std::string observableUnit(const LabSpec& lab, const std::string& observable);
/// the SI unit of a metric's values
std::string metricUnit(const LabSpec& lab, const study::MetricSpec& metric);
/// the SI unit of every results column, in `s.columns` order ("" for the index, hashes and error)
std::vector<std::string> resultUnits(const study::Study& s);

} // namespace drivelab
