#pragma once
// The lab's oil (`"oil"` in a lab file, docs/FORMATS.md "Oil"): what a thermal-liquid model
// needs to know about the liquid.
//   density     rho(p, T) = rho_ref (1 + (p - p_ref) / beta - alpha (T - T_ref))   (linear)
//   viscosity   Walther (ASTM D341): log10(log10(nu + 0.7)) = A - B log10(T), nu in mm^2/s,
//               A and B from the kinematic viscosities at 40 and 100 degC
//   specific heat c [J/(kg K)], constant
// Laminar conductances are given at the reference temperature and scale with nu_ref / nu(T);
// the turbulent orifice uses rho(p, T) of its upstream oil.
//   flow energy  a reference volume of flowing oil carries rho_r c (T - T_r) - alpha p T beside
//               its flow work p: h = c (T - T_r) + (1 - alpha T) p / rho_r, the enthalpy whose
//               internal energy is c (T - T_r) - alpha p T / rho_r (throttling: dT = (1 - alpha T) dp / (rho c))
#include <cmath>
#include <span>
#include <string>

#include "spec/descriptor.h"
#include "util/jsonwrite.h"

namespace drivelab {

class Diagnostics;

/// the compiled oil model (present = false: an isothermal lab without an "oil" section)
struct OilModel {
    bool present = false;
    double rho = 0.0;   ///< density at the reference state [kg/m^3]
    double tRef = 0.0;  ///< reference temperature [K]
    double pRef = 0.0;  ///< reference pressure [Pa]
    double beta = 0.0;  ///< bulk modulus [Pa] (the density law outside node volumes)
    double alpha = 0.0; ///< volumetric thermal expansion [1/K]
    double c = 0.0;     ///< specific heat [J/(kg K)]
    double wA = 0.0;    ///< Walther A
    double wB = 0.0;    ///< Walther B
    double nuRef = 0.0; ///< kinematic viscosity at tRef [mm^2/s]

    /// the thermal energy a reference volume of flowing oil carries [J/m^3]: its enthalpy less
    /// the flow work p that the hydraulic books carry, rho_r c (T - T_r) - alpha p T (the pair of
    /// the internal energy c m (T - T_r) - V alpha p T; docs/PHYSICS.md, "Thermal-liquid oil")
    double flowEnergy(double p, double t) const { return rho * c * (t - tRef) - alpha * p * t; }
    /// d flowEnergy / dT at p [J/(m^3 K)]
    double flowEnergyPerK(double p) const { return rho * c - alpha * p; }
    /// density at (p, T) [kg/m^3]
    double density(double p, double t) const { return rho * (1.0 + (p - pRef) / beta - alpha * (t - tRef)); }
    /// kinematic viscosity at T [mm^2/s] and its derivative d nu / dT
    double viscosity(double t, double* dNu = nullptr) const
    {
        const double y = std::exp(kLn10 * wA - wB * std::log(t)); // log10(nu + 0.7) = 10^A T^-B
        const double nu07 = std::exp(kLn10 * y);                   // nu + 0.7 = 10^y
        if (dNu) *dNu = -nu07 * kLn10 * wB * y / t;
        return nu07 - 0.7;
    }
    /// nu_ref / nu(T): the factor on a laminar conductance given at tRef, and its derivative in T
    double fluidity(double t, double* dRatio = nullptr) const
    {
        double dNu = 0.0;
        const double nu = viscosity(t, dRatio ? &dNu : nullptr);
        if (dRatio) *dRatio = -nuRef * dNu / (nu * nu);
        return nuRef / nu;
    }

    static constexpr double kLn10 = 2.302585092994045684;
};

/// the fields of a lab's "oil" object (reader, compiler, editor)
std::span<const ParameterDescriptor> oilFields();
/// validate a lab's "oil" object and compile it; false with diagnostics (subject "oil"), and then
/// `out` holds a stand-in oil (the editor defaults) so that what depends on the oil compiles
/// as it would with a valid one and is not reported as a consequence
bool compileOil(const Json& oil, Diagnostics& d, OilModel& out);
/// the oil object with every default filled (normalized; fingerprinted)
Json normalizedOil(const Json& oil);

} // namespace drivelab
