#pragma once
// The physically meaningful ranges shared by several node fields and component parameters.
// Every value a lab gives is checked against one (docs/FORMATS.md, "Parameter ranges"):
// the bounds are generous (many decades beyond any real drivetrain or hydraulic circuit)
// but finite, so that every product the compiler and the solver form (energies, swept
// volumes, torques at speed, squared speeds) stays far inside the double range and a
// value at the edge of the double range (1e308, 2^64, 5e-324) is refused with the field
// named instead of overflowing into the normalized lab, the fingerprint or a report.
#include "spec/descriptor.h"

namespace drivelab::ranges {

/// rotational inertia [kg m^2]: a watch wheel (1e-9) to a ship's shaft line (1e9)
inline constexpr Range kInertia = Range::closed(1e-9, 1e9);
/// translational mass [kg]: a milligram to a million tonnes
inline constexpr Range kMass = Range::closed(1e-6, 1e9);
/// angular speed [rad/s]: |w| <= 1e5 (about a million rpm, beyond any turbine)
inline constexpr Range kSpeed = Range::closed(-1e5, 1e5);
/// translational velocity [m/s]: |v| <= 1e5 (beyond orbital speed)
inline constexpr Range kVelocity = Range::closed(-1e5, 1e5);
/// position or deflection [m]: |x| <= 1e6
inline constexpr Range kPosition = Range::closed(-1e6, 1e6);
/// angle [rad]: |angle| <= 1e6 (some 160 000 turns)
inline constexpr Range kAngle = Range::closed(-1e6, 1e6);
/// torque [N m]: |T| <= 1e9 (a ship's propeller shaft is about 1e7)
inline constexpr Range kTorque = Range::closed(-1e9, 1e9);
/// non-negative torque capacity [N m]: up to 1e9
inline constexpr Range kCapacity = Range::closed(0.0, 1e9);
/// force [N]: |F| <= 1e10 (the largest presses are about 1e9)
inline constexpr Range kForce = Range::closed(-1e10, 1e10);
/// non-negative force [N]: up to 1e10
inline constexpr Range kForceNonNegative = Range::closed(0.0, 1e10);
/// rotational or translational damping [N m s/rad or N s/m]: 0 to 1e9
inline constexpr Range kDamping = Range::closed(0.0, 1e9);
/// rotational or translational stiffness [N m/rad or N/m]: 0 to 1e12
inline constexpr Range kStiffness = Range::closed(0.0, 1e12);
/// a signed ratio (gear, transformer): 1e-6 <= |ratio| <= 1e6
inline constexpr Range kRatio = Range::magnitude(1e-6, 1e6);
/// time of a step [s]: 0 to 1e9 (longer than any run: at most 1e10 ticks of at most 1000 s each,
/// but a step that late never happens)
inline constexpr Range kStartTime = Range::closed(0.0, 1e9);
/// absolute temperature [K]: 1 K (liquid helium) to 1e4 K (beyond any combustion gas)
inline constexpr Range kTemperature = Range::closed(1.0, 1e4);
/// heat capacity [J/K]: a milligram of oil (1e-6) to a lake (1e12)
inline constexpr Range kHeatCapacity = Range::closed(1e-6, 1e12);
/// thermal conductance [W/K]: 0 to 1e9
inline constexpr Range kThermalConductance = Range::closed(0.0, 1e9);
/// heat power [W]: |P| <= 1e12 (a terawatt)
inline constexpr Range kPower = Range::closed(-1e12, 1e12);
/// absolute pressure [Pa]: 0 to 1e10 (10 GPa; waterjet cutters run at 0.6 GPa)
inline constexpr Range kPressure = Range::closed(0.0, 1e10);
/// a positive absolute pressure [Pa]: 1 Pa to 1e10
inline constexpr Range kPressurePositive = Range::closed(1.0, 1e10);
/// oil or chamber volume [m^3]: 1e-12 (a cubic millimetre is 1e-9) to 1e6
inline constexpr Range kVolume = Range::closed(1e-12, 1e6);
/// bulk modulus [Pa]: 1e3 (a gas at very low pressure) to 1e12 (stiffer than diamond)
inline constexpr Range kBulkModulus = Range::closed(1e3, 1e12);
/// area [m^2]: 1e-12 to 1e3
inline constexpr Range kArea = Range::closed(1e-12, 1e3);
/// an area that may be zero [m^2]: 0 to 1e3
inline constexpr Range kAreaNonNegative = Range::closed(0.0, 1e3);
/// displacement of a pump or motor [m^3/rad]: 1e-12 to 1
inline constexpr Range kDisplacement = Range::closed(1e-12, 1.0);
/// a signed displacement [m^3/rad]: 1e-12 <= |D| <= 1
inline constexpr Range kDisplacementSigned = Range::magnitude(1e-12, 1.0);
/// volumetric flow [m^3/s]: |Q| <= 1e3
inline constexpr Range kFlow = Range::closed(-1e3, 1e3);
/// laminar hydraulic conductance [m^3/(s Pa)]: up to 1 (a free pipe is about 1e-6)
inline constexpr Range kHydraulicConductance = Range::closed(0.0, 1.0);
/// fluid density [kg/m^3]: 1e-3 (a thin gas) to 1e5 (denser than any metal)
inline constexpr Range kDensity = Range::closed(1e-3, 1e5);
/// a length [m]: 1e-4 to 100 (cylinder bore, stroke, rod; clutch radius)
inline constexpr Range kLength = Range::closed(1e-4, 100.0);
/// energy [J]: 0 to 1e12
inline constexpr Range kEnergy = Range::closed(0.0, 1e12);

} // namespace drivelab::ranges
