#pragma once
// State: everything that changes during a run, and nothing else. Copying a State
// is a fork; restoring a saved State is a rollback; hashing it gives final_state_hash.
#include <cstdint>
#include <vector>

#include "compile/model.h"
#include "util/compensated.h"

namespace drivelab {

/// the energy books of a run
struct Ledger {
    double kineticInitial = 0.0;    ///< kinetic energy at t = 0 [J]
    double storedInitial = 0.0;     ///< kinetic + elastic energy at t = 0 [J]
    CompensatedSum sourceWork;      ///< work done by sources [J]
    CompensatedSum heatToNodes;     ///< heat delivered to thermal nodes [J]
    CompensatedSum heatToLedger;    ///< heat rejected to the external ledger [J]
    CompensatedSum numerical;       ///< numerical dissipation of the integrator [J]
    CompensatedSum heatToAmbient;   ///< heat thermal nodes lost to their ambient [J]
    CompensatedSum heatFromSources; ///< heat injected by heat sources [J]
    CompensatedSum volumeSupplied;  ///< fluid supplied by reservoirs and pressure sources [m^3]
    CompensatedSum volumeStored;    ///< fluid stored: compression of node volumes and storage elements [m^3]
    CompensatedSum volumeAbsorbed;  ///< fluid taken into moving geometry (displacement chambers) [m^3]
    CompensatedSum heatToOil;       ///< losses that stayed in thermal-liquid oil [J] (reported; inside the oil energy)
    CompensatedSum oilEnthalpyIn;   ///< oil thermal energy flows brought into the thermal-liquid volumes from outside [J]
    CompensatedSum oilAbsorbed;     ///< oil thermal energy taken into moving geometry and storage elements [J]
    /// the sum of |work| of every source over every interval [J]: the scale the energy check
    /// measures the residual against when sources both give and take (a sine torque); derived
    /// from the trajectory, so not part of the state hash
    double sourceWorkGross = 0.0;
    /// the sum of |volume| every reservoir and pressure source supplied or took back over every
    /// interval [m^3]: the scale the volume check measures the residual against when oil flows
    /// through a volume (in at one reservoir, out at another) and the net supply is small; not
    /// part of the state hash, as sourceWorkGross
    double volumeSuppliedGross = 0.0;
};

/// The mutable state of one run.
struct State {
    std::int64_t tick = 0;          ///< ticks completed
    std::vector<double> x;          ///< [nDyn] speeds [rad/s], velocities [m/s], pressures [Pa]
    std::vector<double> pos;        ///< [nDyn] angle [rad] or displacement [m] since t = 0
    std::vector<double> rate;       ///< [nDyn] predictor: last accepted dx/dt
    std::vector<double> temp;       ///< [nTherm] temperature rise since t = 0 (T - T0, full precision) [K]
    std::vector<double> real;       ///< [nReal] component real state (inputs, cumulative heats)
    std::vector<std::int32_t> flag; ///< [nFlag] component discrete state (clutch lock, slip direction)
    std::vector<double> mean;       ///< [nMean] last complete tick's means
    std::vector<double> theta;      ///< [nTheta] stage weights of compliant states (1/2 .. 1)
    /// two-stage methods (gauss2, radau3; empty for the midpoint): the last interval's collocation
    /// polynomial, the next stage solve's start (Hairer-Wanner IV.8) [2 nDyn + 3]: its rate at the
    /// interval's end [nDyn], the rate's slope [nDyn] (per s), then the interval's length [s] (0: none,
    /// start from the rate) and the constraint mode it was solved in (ModeBasis::key, two 32-bit halves)
    std::vector<double> stagePoly;
    /// two-stage methods: the Newton matrix a stage solve kept for the next (simplified Newton)
    /// [4 + N^2 + 2 N, N = 2 nDyn]: its size 2 m (0: none), the interval's length [s], the mode
    /// (two 32-bit halves), then its factors (denseFactor, leading dimension N), the row swaps
    /// and the matrix's diagonal
    std::vector<double> stageNewton;
    std::int64_t nextEvent = 0;     ///< index of the next event to apply
    Ledger ledger;                  ///< energy books
};

/// the initial state of a model
State initialState(const Model& model);
/// copy src into dst without allocating when dst already has the model's shape
void copyState(const State& src, State& dst);
/// stable 64-bit hash of the complete state
std::uint64_t hashState(const State& s);
/// kinetic energy of the mechanical states [J]
double kineticEnergy(const Model& model, const State& s);
/// kinetic, elastic and fluid-compression energy [J]
double storedEnergy(const Model& model, const State& s);
/// change since t = 0 of the thermal-liquid oil's internal energy beyond its compression energy
/// [J]: of the sum over the volumes of c m (T - T_ref) - V alpha p T (docs/PHYSICS.md,
/// "Thermal-liquid oil"), computed from the differences to the initial state
double oilEnergy(const Model& model, const State& s);
/// mask of locked clutches (bit per clutch in file order among clutches)
std::uint64_t lockMask(const Model& model, const State& s);

} // namespace drivelab
