#pragma once
// Part definitions (issue 36, docs/FORMATS.md "Parts"): a named network with exposed ports and
// parameters, defined inline in a lab's `parts` or in a `NAME.part.json` file beside the lab.
// PartLibrary reads, checks and keeps each definition once per compile; partflatten.h places them.
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// `format` of a part file
constexpr const char* kPartFormat = "drivelab.part";
/// newest part file version this build reads
constexpr int kPartVersion = 1;

/// true when `n` may name a part parameter: [A-Za-z][A-Za-z0-9_]*, at most kMaxIdLength (a name
/// in muParser's expressions: no '-')
bool isParameterName(const std::string& n);

/// one exposed port: inside the part, a node name its components connect to; outside, the node
/// of the network the instance's `ports` connect it to
struct PartPort {
    std::string name;   ///< port name (a node id inside the part)
    std::string domain; ///< "rotational", "translational", "hydraulic" or "thermal"
};

/// one parameter of a part
struct PartParameter {
    std::string name;                                        ///< [A-Za-z][A-Za-z0-9_]* (a name in expressions)
    std::string unit;                                        ///< SI unit as DriveLab spells it ("" or "-": dimensionless)
    std::optional<double> defaultValue;                      ///< absent: every instance must give it
    double min = -std::numeric_limits<double>::infinity();   ///< smallest value an instance may give
    double max = std::numeric_limits<double>::infinity();    ///< largest value
};

/// one checked part definition
struct PartDefinition {
    std::string name;                      ///< part name
    std::string origin;                    ///< where it was defined: "the lab's parts" or the file's path
    std::vector<PartPort> ports;           ///< exposed ports in definition order
    std::vector<PartParameter> parameters; ///< parameters in definition order
    LabSpec body;                          ///< its nodes, components, signals and instances
    Json record;                           ///< the definition as a fingerprint covers it (no description, layout, format)

    const PartPort* port(const std::string& n) const;
    const PartParameter* parameter(const std::string& n) const;
};

/// the parts one lab can use: its inline parts, then NAME.part.json beside it (read on first use)
class PartLibrary {
public:
    /// checks every inline part of `lab` (errors into `d`)
    PartLibrary(const LabSpec& lab, Diagnostics& d);
    /// the part called `name`, or nullptr with `why` (not defined inline, file missing or invalid:
    /// its errors are reported once, into the constructor's diagnostics)
    const PartDefinition* find(const std::string& name, std::string& why);
    /// what a fingerprint covers: every inline part and every part file used, by name
    Json record() const;

private:
    const LabSpec& m_lab;
    Diagnostics& m_d;
    std::map<std::string, std::shared_ptr<PartDefinition>> m_parts; // null: a file that did not read
    std::map<std::string, std::string> m_failed;                     // name -> why it is not available
};

} // namespace drivelab
