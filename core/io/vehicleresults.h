#pragma once
// The vehicle results of a run (issue 35; docs/FORMATS.md "Vehicle results"): what a powertrain
// engineer reads off a drive cycle or a launch, computed from the observables sampled at t = 0 and
// at the end of every tick (t_k, h = t_k - t_{k-1}) of a lab with a vehicle body. With the
// vehicle's speed v_k [m/s] (instantaneous), its tick means F_road, P_road = mean F v, a, F_grade,
// F_aero, F_roll, m_e = m + rotating_inertia / r^2:
//
//   tractive energy of tick k   E_k = P_road h + 1/2 m_e (v_k^2 - v_{k-1}^2)   (exact: the road load's
//                                     work and the vehicle's kinetic energy; the driveline's work on it)
//   positive tractive energy    sum max(0, E_k)           net: sum E_k
//   trace error                 e_k = v_k - v_ref(t_k), v_ref = scale x signal + offset,
//                               e linear over each tick:  rms = sqrt(sum h (e0^2 + e0 e1 + e1^2)/3 / T),
//                               worst = max |e_k|,  outside = the time |e| > 2 km/h (exact for linear e)
//   0-100 km/h                  the first time v reaches 100 km/h (linear between samples) minus the
//                               last sample before it at which v <= 0 (the launch from rest)
//   top speed                   max v_k
//   gradeability                the excess force F_x = F_grade + m_e a (the tractive force less aero and
//                               rolling) at its largest over the ticks: 100 tan(asin(F_x / (m g))) [%]
//   fuel                        sum over mapped engines of fuel_mass [g]; litres = sum m_i / rho_i;
//                               L/100 km = litres / (distance / 100 km); g CO2/km = sum m_i c_i (M_CO2/M_C) / km
//   energy split                every cumulative loss observable whose descriptor names a split category
//                               (aero, rolling, brakes, clutches, converter, engine, ...), summed by category;
//                               grade = m g z; other_heat = (heat to nodes + ledger) - the categorised losses;
//                               stored_change = the books' stored change - grade; with numerical_dissipation
//                               they sum to source_work - residual
#include <string>
#include <utility>
#include <vector>

#include "solver/session.h"
#include "util/jsonwrite.h"

namespace drivelab {

/// molar mass ratio CO2 / C: (12.011 + 2 x 15.999) / 12.011 (IUPAC conventional atomic weights)
inline constexpr double kCo2PerCarbon = (12.011 + 2.0 * 15.999) / 12.011;
/// the trace-following band [m/s]: +-2 km/h
inline constexpr double kTraceBand = 2.0 / 3.6;
/// the launch target [m/s]: 100 km/h
inline constexpr double kLaunchTarget = 100.0 / 3.6;

/// one component's share of the energy split
struct SplitPart {
    std::string id;       ///< component id
    std::string category; ///< split category
    double energy = 0.0;  ///< [J]
};

/// the results of a run, as the report's "vehicle" section lists them
struct VehicleSummary {
    std::string vehicle;                                   ///< the vehicle body's id
    std::string reference;                                 ///< the reference speed's signal ("": none)
    std::vector<std::pair<std::string, double>> scalars;   ///< name, value (NaN: none), report order
    std::vector<std::pair<std::string, double>> split;     ///< category, energy [J], report order
    std::vector<SplitPart> parts;                          ///< per component, model order
    /// a scalar or `energy_split.CATEGORY` by name; false when the name is not one
    bool value(const std::string& name, double& out) const;
    /// as JSON (null for NaN)
    Json toJson() const;
};

/// the accumulating results of one run (no allocation per sample)
class VehicleResults {
public:
    /// the model's vehicle (the `results` section's, or the only vehicle body); present() false without one
    explicit VehicleResults(const Model& m);
    /// true when the model has the vehicle to compute results for
    bool present() const { return m_vehicle >= 0; }
    /// the observables (observableLayout order) at time t: t = 0 first, then the end of every tick
    void sample(const double* values, double t);
    /// the results, with the run's books
    VehicleSummary finish(const EnergyReport& e) const;
    /// the scalar names, in report order (the sweep's `vehicle` metric names them)
    static const std::vector<std::string>& scalarNames();

private:
    struct Loss {
        int obs = -1;
        std::string id, category;
    };
    struct Engine {
        int fuel = -1;                                 ///< fuel_mass observable [g]
        double density = 0.0, carbon = 0.0;           ///< [kg/m^3], [-] (NaN: not given)
    };
    int m_vehicle = -1;                                ///< the vehicle's component index
    std::string m_vehicleId, m_reference;
    int m_speed = -1, m_acc = -1, m_power = -1, m_gradeF = -1, m_distance = -1, m_height = -1, m_ref = -1;
    double m_mass = 0.0, m_massEq = 0.0, m_scale = 1.0, m_offset = 0.0;
    std::vector<Engine> m_engines;
    std::vector<Loss> m_losses;
    // running values
    bool m_started = false;
    double m_t0 = 0.0, m_tPrev = 0.0, m_vPrev = 0.0, m_ePrev = 0.0;
    double m_positive = 0.0, m_net = 0.0, m_errSq = 0.0, m_worst = 0.0, m_worstT = 0.0, m_outside = 0.0;
    double m_top = 0.0, m_topT = 0.0, m_restT = 0.0, m_t100 = -1.0, m_excess = -1e300;
    bool m_atRest = false;
    std::vector<double> m_final; ///< the last sample's loss, fuel and distance values
};

/// the unit of a vehicle result by name ("km/h", "J", "g", "L/100km", ...; "" when unknown)
const char* vehicleResultUnit(const std::string& name);

/// the time over [0, h] that e(s) = e0 + (e1 - e0) s / h lies outside [-band, band] [s]
double timeOutsideBand(double e0, double e1, double band, double h);

} // namespace drivelab
