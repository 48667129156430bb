#pragma once
// The SI base-unit exponents of a DriveLab unit string (the descriptors' "N m", "m^3/(s Pa)",
// "J/(kg K)", "1/(rad/s)", "km/h"), for the <Unit><BaseUnit .../></Unit> definitions of
// modelDescription.xml (FMI 3.0 and 2.0 section 2.2.2: exponents of kg, m, s, A, K, mol, cd, rad,
// a factor and an offset: value_SI = factor * value + offset).
#include <array>
#include <string>

namespace drivelab::fmi {

/// a unit in SI base units
struct BaseUnit {
    std::array<int, 8> exponent{}; ///< kg, m, s, A, K, mol, cd, rad
    double factor = 1.0;           ///< value in base units per value in this unit
};

/// the base units of `unit`; false when it holds a symbol the parser does not know (then the
/// unit is declared by name only, which the standard allows)
bool parseUnit(const std::string& unit, BaseUnit& out);

/// the names of the exponents in modelDescription.xml's order
const std::array<const char*, 8>& baseUnitNames();

} // namespace drivelab::fmi
