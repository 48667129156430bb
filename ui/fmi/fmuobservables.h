#pragma once
// The FMU variables behind an `fmu` component's observables, for the plots' observable picker
// (docs/EDITOR.md, "FMU components"): `ID.output` is the FMU output the component maps (its
// name, unit and description from the model description), `ID.speed_in` the speed fed to the
// FMU input it maps, and every further observable one real output of the FMU (named by
// fmuObservableName, core/components/common/fmuhost.h). Ids are the compiled ones (`gearbox/pi`
// for an fmu inside an instance).
#include <QHash>
#include <QString>

namespace drivelab {

struct Model;

/// what the picker shows beside one observable
struct FmuObservableNote {
    QString unit; ///< the FMU variable's unit as it declares it ("" when none)
    QString text; ///< "FMU output torque [N m]: torque of pi.fmu"
};

/// the notes of a model's fmu components by "SUBJECT\tNAME" (empty for a model without any)
QHash<QString, FmuObservableNote> fmuObservableNotes(const Model& model);

} // namespace drivelab
