#pragma once
// modelDescription.xml of a DriveLab FMU, FMI 3.0 or FMI 2.0 (docs/FMI.md): a co-simulation
// interface, the variables of fmuvariables.h with their units, start values and descriptions,
// the unit definitions in SI base units, the log categories and the default experiment (the
// lab's run, stepped at its report interval). No date or host in it: the same lab and choices
// give the same bytes.
#include <string>

#include "compile/model.h"
#include "fmuvariables.h"

namespace drivelab::fmi {

/// what names the FMU
struct FmuIdentity {
    std::string modelIdentifier; ///< C identifier; the binary is binaries/PLATFORM/<modelIdentifier>.so
    std::string modelName;       ///< the lab's name
    std::string description;     ///< one line
};

/// the document for `v.selection.fmiVersion`
std::string modelDescriptionXml(const Model& model, const FmuVariables& v, const FmuIdentity& id);

/// text escaped for an XML attribute value
std::string xmlEscape(const std::string& s);

} // namespace drivelab::fmi
