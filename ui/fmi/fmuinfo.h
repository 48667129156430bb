#pragma once
// What the editor knows of an `fmu` component's archive (docs/FMI.md, "In the editor"): its model
// description, read through the core's FMU loader (fmuhost.h: the one the compile uses; the
// platform's loader unpacks the archive once into the FMU cache keyed by its content hash and
// shares the open library), or why it cannot be read (a missing file, not a zip, an invalid
// model description, no binary for this platform: the loader's message, naming the file).
// The property form's pick lists and parameter rows, the canvas's port captions and the
// observable picker's FMU entries all read it here.
#include <QString>

#include <memory>
#include <vector>

#include "components/common/fmuhost.h"
#include "spec/labspec.h"

namespace drivelab {

/// an fmu component's archive as the editor sees it: the loaded FMU, or the error
struct FmuInfo {
    std::shared_ptr<const LoadedFmu> fmu; ///< null when it cannot be read
    QString file;                         ///< the file as the lab names it ("" when the component names none)
    QString error;                        ///< why it cannot be read ("" when fmu is set)

    /// its description (fmu must be set)
    const FmuDescription& description() const { return fmu->description(); }
    /// its real variables of one causality ("input", "output", "parameter"), in file order
    std::vector<const FmuVariable*> realVariables(const char* causality) const;
    /// "'torque', 'speed'" of realVariables(causality), or "none"
    QString names(const char* causality) const;
};

/// the archive component `c` of `lab` names in its `file` (kept while the file's size and time
/// stamp stay the same, so a form refresh does not read it again)
FmuInfo fmuInfo(const LabSpec& lab, const ComponentSpec& c);

/// the real variable `name` of `causality`, or null
const FmuVariable* findRealVariable(const FmuInfo& info, const QString& name, const char* causality);

/// the refusal of `name` for field `field` of fmu component `component` ("" when the FMU has the
/// real variable or cannot be read: then the compile says what is wrong)
QString fmuVariableRefusal(const FmuInfo& info, const QString& component, const QString& field, const QString& name,
                           const char* causality);

/// "speed [rad/s]: measured speed" (name, unit when given, description when given)
QString fmuVariableText(const FmuVariable& v);

} // namespace drivelab
