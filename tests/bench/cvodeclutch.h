#pragma once
// The clutch-fill benchmark model (tests/bench/labs/clutch-fill.lab.json) written a second
// time, for SUNDIALS CVODE (issue 21: accuracy per unit of work). Its numbers are read from
// the lab file, so the two solvers integrate the same model; the equations are in
// cvodeclutch.cpp.
#include <cstdint>
#include <string>
#include <vector>

#include "util/jsonwrite.h"

namespace drivelab::bench {

/// an input change at a boundary (the lab's events)
struct InputStep {
    double time = 0.0; ///< [s]
    enum Target { EngineTorque, LoadTorque, Supply } target = EngineTorque;
    double value = 0.0; ///< N m or Pa
};

/// the lab's numbers
struct ClutchFill {
    double je = 0.0, jl = 0.0;              ///< engine and load inertia [kg m^2]
    double we0 = 0.0, wl0 = 0.0;            ///< initial speeds [rad/s]
    double compliance = 0.0;                ///< piston volume / bulk modulus [m^3/Pa]
    double p0 = 0.0;                        ///< initial piston pressure [Pa]
    double conductance = 0.0;               ///< laminar orifice [m^3/(s Pa)]
    double gain = 0.0;                      ///< mu n r_eff A_piston [m^3]
    double springTerm = 0.0;                ///< mu n r_eff F_spring [N m]
    double pEnv = 101325.0;                 ///< behind the piston [Pa]
    double kineticRatio = 1.0;              ///< kinetic / static capacity
    double te0 = 0.0, tl0 = 0.0, ps0 = 0.0; ///< initial engine torque, load torque [N m], supply [Pa]
    std::vector<InputStep> steps;           ///< sorted by time
    double duration = 0.0;                  ///< [s]
    double probe = -1.0;                    ///< the instant the piston's pressure is read at (Outcome::pProbe) [s], or < 0
};

/// read the model from the lab's JSON (ids as in clutch-fill.lab.json); throws on anything else
ClutchFill readClutchFill(const Json& lab);

/// a clutch event: lock, breakaway and release as DriveLab's ClutchEvent kinds, then the
/// return-spring threshold crossed upward (fill) or downward (drain), which DriveLab does not log
struct ModelEvent {
    enum Kind { Lock = 0, Breakaway = 1, Release = 2, SpringUp = 3, SpringDown = 4 } kind = Lock;
    double time = 0.0; ///< [s]
};
const char* eventName(int kind);

/// what one run gives
struct Outcome {
    double we = 0.0, wl = 0.0, heat = 0.0; ///< final speeds [rad/s], clutch friction heat [J]
    double heatLast = 0.0;                 ///< heat at the last input step (before the drain) [J]
    double p = 0.0, pProbe = 0.0;          ///< the piston's pressure at the end and at ClutchFill::probe [Pa]
    std::vector<ModelEvent> events;
    // CVODE's counters (summed over its restarts)
    std::int64_t steps = 0, rhs = 0, jac = 0, roots = 0, restarts = 0;
    bool ok = true;
    std::string error;
};

/// CVODE (BDF, dense Newton, analytic Jacobian, root-finding), relative tolerance rtol and
/// absolute tolerances rtol x (100 rad/s, 1 MPa, 100 J)
Outcome runCvode(const ClutchFill& m, double rtol);

} // namespace drivelab::bench
