#pragma once
// An independent reference for rotational networks, written only for the tests: it shares
// no code with the solver (no Newton, no projection basis, no stepper). Explicit classical
// Runge-Kutta (fourth order) at a small fixed step on the index-1 form
//
//   M dw/dt = f(w, d, t) + G^T lambda,   G dw/dt = 0        (KKT solve per evaluation)
//   dd/dt   = w_a - w_b                                    (spring deflections)
//   C dp/dt = G (p_source - p)                             (volumes fed through orifices)
//
// with its own event location by bisection: a slipping clutch whose slip reaches zero locks
// (speeds projected mass-weighted onto the new constraint), a locked clutch whose multiplier
// exceeds its static capacity breaks away (at the exact instant, unlike the solver, which
// decides on interval means). Dense linear algebra by Eigen.
#include <vector>

namespace drivelab::reference {

constexpr int kGround = -1;

/// a rotational network (SI units; node -1 is ground)
struct Network {
    struct Damper {
        int a, b;
        double c;
    }; ///< T_a = -c (w_a - w_b)
    struct Spring {
        int a, b;
        double k, c;
    }; ///< T_a = -k d - c (w_a - w_b), d(0) = 0
    struct Source {
        int a;
        double offset, step, t0;
    }; ///< T_a = offset (+ step from t0 on)
    struct Gear {
        int a, b;
        double ratio;
    }; ///< w_a = ratio w_b
    struct Planetary {
        int sun, ring, carrier;
        double zs, zr;
    }; ///< zs w_s + zr w_r = (zs + zr) w_c
    struct CapacityEvent {
        double t, value;
    }; ///< an input from t on (capacity [N m], pressure [Pa])
    struct Clutch {
        int a, b;                          ///< b = kGround: a brake
        double kinetic;                    ///< kinetic / static capacity
        double capacity0;                  ///< static capacity at t = 0 [N m] (capacity input)
        std::vector<CapacityEvent> events; ///< ascending times
        int volume = -1;                   ///< applied by this volume's pressure (-1: the capacity input)
        double gain = 0.0;                 ///< mu n r A [m^3]: capacity = max(0, gain (p - pEnv) - spring)
        double pEnv = 0.0;                 ///< [Pa]
        double spring = 0.0;               ///< mu n r F_spring [N m]
    };
    struct Volume {
        double c, p0;
    };                                     ///< compliance V / beta [m^3/Pa], initial pressure [Pa]
    struct Feed {                          ///< pressure source --orifice--> volume
        int volume;                        ///< index in volumes
        double g;                          ///< laminar conductance [m^3/(s Pa)]
        double p0;                         ///< source pressure at t = 0 [Pa]
        std::vector<CapacityEvent> events; ///< source pressure changes
    };
    std::vector<double> inertia, speed0; ///< per node [kg m^2], [rad/s]
    std::vector<Damper> dampers;
    std::vector<Spring> springs;
    std::vector<Source> sources;
    std::vector<Gear> gears;
    std::vector<Planetary> planetaries;
    std::vector<Clutch> clutches;
    std::vector<Volume> volumes;
    std::vector<Feed> feeds;
};

/// a lock or breakaway of one clutch
struct Transition {
    int clutch;          ///< index in Network::clutches
    double t;            ///< instant [s]
    bool locked;         ///< the state after it
    double excess = 0.0; ///< a breakaway: |lambda| / capacity - 1 when it broke (0 when located at the crossing)
};

/// the reference trajectory at report instants
struct Trajectory {
    std::vector<double> times;                  ///< report instants [s]
    std::vector<std::vector<double>> speeds;    ///< per report: node speeds [rad/s]
    std::vector<std::vector<int>> locked;       ///< per report: clutch lock states
    std::vector<std::vector<double>> pressures; ///< per report: volume pressures [Pa]
    std::vector<Transition> transitions;        ///< every lock and breakaway, in time order
    double maxAccel = 0.0;                      ///< largest |dw/dt| of any node over the run [rad/s^2]
    double maxPressureRate = 0.0;               ///< largest |dp/dt| of any volume over the run [Pa/s]
    bool ok = true;                             ///< false when the event search gave up (chatter)
};

/// simulate to `duration` with step `dt`, reporting every `reportEvery` seconds
Trajectory simulate(const Network& net, double duration, double reportEvery, double dt);

} // namespace drivelab::reference
