#pragma once
// The lab's numeric values as a sweep's factors can name them (spec/labpath.h): every node
// field, number parameter, initial input (or a bound input's scale and offset), oil field,
// event value and run setting, each with its value now. The sweep form's "Pick from Lab"
// menu lists them by item, so a factor's path need not be typed by hand.
#include <QString>

#include <functional>
#include <string>
#include <vector>

#include "spec/labspec.h"

class QMenu;

namespace drivelab {

/// one numeric value of a lab
struct LabValue {
    std::string group; ///< the item ("engine"), "oil", "events" or "run"
    std::string path;  ///< its value path ("engine.inertia", "events[2].value")
    double value = 0.0; ///< its value now (SI; a field left out reads as its file default)
    std::string unit;   ///< its SI unit ("" when none)
};

/// every numeric value of the lab a factor can vary, in the lab's order
std::vector<LabValue> labValues(const LabSpec& lab);
/// fill `menu` with the lab's values, one submenu per item ("inertia = 0.3 kg·m²"), each action's
/// data its path; `chosen` is called with the path picked
void fillValueMenu(QMenu* menu, const LabSpec& lab, const std::function<void(const QString& path)>& chosen);

} // namespace drivelab
