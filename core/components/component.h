#pragma once
// The contract between a component type and the solver. A component type is one
// class with a descriptor, a compiled parameter block `Params`, and static hooks
// the solver calls on flat arrays. No virtual dispatch: the registry lists the
// types once and the solver loops over each type's Params vector.
#include <cstdint>

#include "util/compensated.h"

namespace drivelab {

/// most nodes in a model (ground not counted)
constexpr int kMaxNodes = 32;
/// most components in a model
constexpr int kMaxComponents = 64;
/// most solver states in a model (node states plus component histories)
constexpr int kMaxStates = 64;
/// most torque converters in a model
constexpr int kMaxConverters = 8;
/// most unknowns of the Newton system (one per dynamic node)
constexpr int kMaxDyn = kMaxNodes;
/// most constraint rows (gears, planetaries, locked clutches)
constexpr int kMaxRows = kMaxComponents;
/// node index meaning "the fixed reference" (speed 0, absorbs any reaction)
constexpr int kGround = -1;

/// One Newton evaluation: component efforts at the stage point of an interval.
/// Indices are dynamic-state indices (kGround skips the entry).
struct EvalContext {
    const double* x0 = nullptr;    ///< states at the interval start [n]
    const double* xs = nullptr;    ///< stage states (interval midpoint) [n]
    const double* pos0 = nullptr;  ///< positions (angles [rad]) at the interval start [n]
    const double* real = nullptr;  ///< component real state (inputs, histories)
    const std::int32_t* flag = nullptr; ///< component discrete state (clutch lock, slip direction)
    double h = 0.0;                ///< interval length [s]
    double tMidNs = 0.0;           ///< absolute time of the interval midpoint [ns]
    double* f = nullptr;           ///< generalized effort accumulator (torque on node) [n]
    double* jac = nullptr;         ///< d f / d xs, row-major with leading dimension ld
    int ld = kMaxDyn;              ///< leading dimension of jac
    bool wantJacobian = true;      ///< false when only efforts are needed
    double* scratch = nullptr;     ///< per-component scratch (efforts at the last evaluation)

    /// add an effort on a node
    void addF(int i, double v) const
    {
        if (i >= 0) f[i] += v;
    }
    /// add a Jacobian entry d f_i / d xs_j
    void addJ(int i, int j, double v) const
    {
        if (i >= 0 && j >= 0) jac[i * ld + j] += v;
    }
    /// stage speed of a node (0 for ground)
    double speed(int i) const { return i >= 0 ? xs[i] : 0.0; }
    /// stage angle of a node: angle at the start plus h/2 times the stage speed
    double stageAngle(int i) const { return i >= 0 ? pos0[i] + 0.5 * h * xs[i] : 0.0; }
};

/// Heat, work and history bookkeeping for one accepted interval.
struct CommitContext {
    const double* x0 = nullptr;      ///< states at the interval start [n]
    const double* x1 = nullptr;      ///< states at the interval end [n]
    const double* xs = nullptr;      ///< stage states [n]
    const double* scratch = nullptr; ///< per-component scratch from the final evaluation
    const double* lambda = nullptr;  ///< constraint multipliers by component row slot (mean over the interval)
    const std::int32_t* flag = nullptr; ///< component discrete state
    double* real = nullptr;          ///< component real state (cumulative heat, ...)
    double* acc = nullptr;           ///< tick accumulators: integral of each mean quantity [unit*s]
    double* heatToThermal = nullptr; ///< heat delivered to each thermal node this interval [J]
    CompensatedSum* heatToLedger = nullptr; ///< external heat-rejection ledger [J]
    CompensatedSum* heatToNodes = nullptr;  ///< all heat delivered to thermal nodes [J]
    CompensatedSum* sourceWork = nullptr;   ///< work done by sources [J]
    double h = 0.0;                  ///< interval length [s]

    /// stage speed of a node (0 for ground)
    double speed(int i) const { return i >= 0 ? xs[i] : 0.0; }
    /// route dissipated heat [J] to a thermal node, or to the external ledger when node < 0
    void heat(int thermalNode, double q) const
    {
        if (thermalNode >= 0) {
            heatToThermal[thermalNode] += q;
            heatToNodes->add(q);
        } else {
            heatToLedger->add(q);
        }
    }
    /// book work done by a source [J]
    void work(double w) const { sourceWork->add(w); }
};

/// Read-only view for observables at a report boundary.
struct ObserveContext {
    const double* x = nullptr;          ///< states [n]
    const double* pos = nullptr;        ///< positions [n]
    const double* real = nullptr;       ///< component real state
    const std::int32_t* flag = nullptr; ///< component discrete state
    const double* mean = nullptr;       ///< last complete tick's means

    /// current speed of a node (0 for ground)
    double speed(int i) const { return i >= 0 ? x[i] : 0.0; }
    /// current angle of a node (0 for ground)
    double angle(int i) const { return i >= 0 ? pos[i] : 0.0; }
};

/// One row of a rigid velocity constraint: sum_k coef_k * speed(node_k) = 0.
struct ConstraintRow {
    int node[3] = {kGround, kGround, kGround}; ///< dynamic node indices (kGround: absent)
    double coef[3] = {0.0, 0.0, 0.0};          ///< coefficients
};

} // namespace drivelab
