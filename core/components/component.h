#pragma once
// The contract between a component type and the solver. A component type is one
// class with a descriptor, a compiled parameter block `Params`, and static hooks
// the solver calls on flat arrays. No virtual dispatch: the registry lists the
// types once and the solver loops over each type's Params vector.
#include <cstdint>

#include "util/compensated.h"

namespace drivelab {

class BondGraphReading; // analysis/bondgraphreading.h: how a type reads itself as a bond graph

/// most nodes in a lab (ground not counted): the product's limit (docs/FORMATS.md "Limits",
/// CompileLimits::maxNodes), the solver's capacity kMaxDyn
constexpr int kMaxNodes = 64;
/// most components in a model (issue 36: 200 components in 20 part instances)
constexpr int kMaxComponents = 256;
/// most torque converters in a model
constexpr int kMaxConverters = 8;
/// most states in a model (node states plus component histories: four per converter), so a lab
/// of kMaxNodes nodes and kMaxConverters converters fits exactly
constexpr int kMaxStates = kMaxNodes + 4 * kMaxConverters;
/// the solver's capacity in unknowns: the Newton system's (one per dynamic node; a thermal-liquid
/// volume adds its oil temperature) and thermal nodes, one bit each in the 64-bit row and column
/// masks. Compiles never exceed it
constexpr int kMaxDyn = 64;
/// most clutches in a model: one bit each in the 64-bit mode key (lockMask) and the tick's
/// breakaway and capture masks
constexpr int kMaxClutches = 64;
/// most constraint rows (gears, planetaries, locked clutches: at most one per component)
constexpr int kMaxRows = kMaxComponents;
/// node index meaning "the fixed reference" (speed 0, absorbs any reaction)
constexpr int kGround = -1;

/// how a dynamic state is integrated
enum class StateKind : std::uint8_t {
    Mechanical, ///< speed or velocity with an inertia or mass (implicit midpoint)
    Compliant,  ///< pressure with a compliance: volume and/or storage components (stiffness-adaptive theta)
    Algebraic,  ///< pressure of a pure junction, fixed by the attached elements (theta = 1)
    Fixed,      ///< pressure held by a reservoir or a pressure source (not an unknown)
    OilTemperature, ///< oil temperature of a thermal-liquid volume [K], its heat capacity as the mass (midpoint)
};

/// The oil at a component's hydraulic port: the state of its temperature when the node is a
/// thermal-liquid volume (the state holds the rise since t = 0, so small rises keep full
/// precision), else the fixed temperature of the oil there (a reservoir's, or the oil's
/// reference temperature for an isothermal node)
struct OilPort {
    int t = -1;          ///< dynamic-state index of the oil temperature rise, -1: fixed
    double fixedT = 0.0; ///< the temperature when fixed, else the volume's temperature at t = 0 [K]
    int p = -1;          ///< dynamic-state index of the node's pressure (the oil's pressure)

    bool thermal() const { return t >= 0; }
};

/// One Newton evaluation: component efforts at the stage point of an interval.
/// Indices are dynamic-state indices (kGround skips the entry).
struct EvalContext {
    const double* x0 = nullptr;          ///< states at the interval start [n]
    const double* xs = nullptr;          ///< stage states (interval midpoint) [n]
    const double* pos0 = nullptr;        ///< positions (angles [rad]) at the interval start [n]
    const double* real = nullptr;        ///< component real state (inputs, histories)
    const std::int32_t* flag = nullptr;  ///< component discrete state (clutch lock, slip direction)
    const double* dx = nullptr;          ///< increments x1 - x0 over the interval [n]
    const double* weight = nullptr;      ///< stage weights: xs = x0 + weight dx [n]
    const double* thermalT0 = nullptr;   ///< initial temperatures of the thermal nodes [K]
    const double* thermalRise = nullptr; ///< their rises at the interval start [K] (explicit coupling)
    double h = 0.0;                      ///< interval length [s]
    double tMidNs = 0.0;                 ///< absolute time of the interval midpoint [ns]
    double* f = nullptr;                 ///< generalized effort accumulator: torque, force, or net inflow [m^3/s] [n]
    double* stor = nullptr;              ///< fluid volume stored by storage components over the interval [m^3] [n]
    double* dstor = nullptr;             ///< d stor / d dx (their compliance at the end point) [m^3/Pa] [n]
    double* jac = nullptr;               ///< d f / d xs, row-major with leading dimension ld
    int ld = kMaxDyn;                    ///< leading dimension of jac
    bool wantJacobian = true;            ///< false when only efforts are needed
    double* scratch = nullptr;           ///< per-component scratch (efforts at the last evaluation)
    std::int64_t* shortcuts = nullptr;   ///< counts evaluations taken from a kept one by its tangents (SolverStats; may be null)
    /// position increments of the stage from the interval start [rad or m] [n], for components
    /// whose efforts depend on positions (springs); null: h/2 xs (the midpoint's stage). gauss2
    /// sets the collocation integral h sum_j a_ij X_j of stage i (docs/PHYSICS.md, "Gauss-Legendre")
    const double* dpos = nullptr;
    /// d f / d (stage position), row-major with leading dimension ld; null: folded into jac through
    /// d (stage position) / d xs = h/2 (the midpoint). gauss2 keeps it apart: stage i's position
    /// depends on every stage's speeds through a_ij
    double* jpos = nullptr;
    /// the run's method collocates (gauss2, radau3): every stage is a point of the interval's
    /// solution, so a component takes its efforts at the stage values xs (never at a point of its
    /// own between x0 and x0 + dx, as the tyre's stiffness-adaptive fraction does for the midpoint)
    bool collocation = false;
    /// the stage's time from the interval start as a fraction of h: gauss2, radau3 set c_i (0 or 1 at
    /// an instant of the interval's start or end); the midpoint's stage 1/2. Read by components whose
    /// efforts integrate over the interval up to the stage (the engine cylinder's wall heat)
    double stageFraction = 0.5;

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
    /// add d f_i / d xs_j = dv and d f_i / d (stage position)_j = dp [effort per rad or m] together
    /// (a component whose efforts read stageAngle): with jpos they go apart, else the position
    /// part folds into jac as dp h/2 + dv
    void addJ(int i, int j, double dv, double dp) const
    {
        if (i < 0 || j < 0) return;
        if (jpos) {
            jac[i * ld + j] += dv;
            jpos[i * ld + j] += dp;
        } else {
            jac[i * ld + j] += dp * 0.5 * h + dv;
        }
    }
    /// stage speed of a node (0 for ground)
    double speed(int i) const { return i >= 0 ? xs[i] : 0.0; }
    /// stage value of a node: speed, velocity or pressure (0 for ground)
    double value(int i) const { return i >= 0 ? xs[i] : 0.0; }
    /// end-of-interval value of a node
    double endValue(int i) const { return i >= 0 ? x0[i] + dx[i] : 0.0; }
    /// stage angle or displacement of a node [rad or m]: the angle at the start plus the stage's
    /// position increment (dpos; the midpoint's h/2 times the stage speed)
    double stageAngle(int i) const
    {
        if (i < 0) return 0.0;
        return dpos ? pos0[i] + dpos[i] : pos0[i] + 0.5 * h * xs[i];
    }
    /// stage oil temperature at a port [K]
    double oilT(const OilPort& o) const { return o.t >= 0 ? o.fixedT + xs[o.t] : o.fixedT; }
    /// stage oil pressure at a port [Pa]
    double oilP(const OilPort& o) const { return value(o.p); }
    /// temperature of a thermal node at the interval start [K] (a wall's side of a heat port)
    double wallT(int thermalNode) const { return thermalT0[thermalNode] + thermalRise[thermalNode]; }
};

/// Heat, work and history bookkeeping for one accepted interval.
struct CommitContext {
    const double* x0 = nullptr;               ///< states at the interval start [n]
    const double* x1 = nullptr;               ///< states at the interval end [n]
    const double* xs = nullptr;               ///< stage states [n]
    const double* scratch = nullptr;          ///< per-component scratch from the final evaluation
    const double* lambda = nullptr;           ///< constraint multipliers by component row slot (mean over the interval)
    const double* supply = nullptr;           ///< volume supplied to each fixed state over the interval [m^3] [n]; for a
                                              ///< prescribed state (a speed source's node) the reaction's impulse [N m s]
    const double* stor = nullptr;             ///< fluid stored by storage components over the interval [m^3] [n]
    const double* pos0 = nullptr;             ///< positions at the interval start [n]
    const std::int32_t* flag = nullptr;       ///< component discrete state
    double* real = nullptr;                   ///< component real state (cumulative heat, ...)
    double* acc = nullptr;                    ///< tick accumulators: integral of each mean quantity [unit*s]
    double* heatToThermal = nullptr;          ///< heat delivered to each thermal node this interval [J]
    CompensatedSum* heatToLedger = nullptr;   ///< external heat-rejection ledger [J]
    CompensatedSum* heatToNodes = nullptr;    ///< all heat delivered to thermal nodes [J]
    CompensatedSum* sourceWork = nullptr;     ///< work done by sources [J]
    double* sourceWorkGross = nullptr;        ///< the sum of |work| of the sources [J] (the books' scale)
    CompensatedSum* numerical = nullptr;      ///< numerical dissipation [J]
    CompensatedSum* volumeAbsorbed = nullptr; ///< fluid volume taken into moving geometry (chambers) [m^3]
    CompensatedSum* heatToOil = nullptr;      ///< dissipation that stayed in thermal-liquid oil [J] (reported)
    CompensatedSum* oilEnthalpyIn = nullptr;  ///< oil thermal energy flows brought in from outside the oil volumes [J]
    CompensatedSum* oilAbsorbed = nullptr;    ///< oil thermal energy taken into moving geometry and storage [J]
    double h = 0.0;                           ///< interval length [s]: the stage's weight b_i h with gauss2, radau3
    /// the stage's share b_i of the interval (1 for the midpoint): what a component books from the
    /// interval's start and end (x1 - x0) rather than from its stage values, it books times share,
    /// so the stages' commits add up to it once
    double share = 1.0;

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
    void work(double w) const
    {
        sourceWork->add(w);
        if (sourceWorkGross) *sourceWorkGross += w < 0.0 ? -w : w;
    }
    /// stage value of a node: speed, velocity or pressure (0 for ground)
    double value(int i) const { return i >= 0 ? xs[i] : 0.0; }
    /// end-of-interval value of a node
    double endValue(int i) const { return i >= 0 ? x1[i] : 0.0; }
    /// start-of-interval value of a node
    double startValue(int i) const { return i >= 0 ? x0[i] : 0.0; }
    /// book energy the integrator removed [J]
    void dissipate(double e) const { numerical->add(e); }
    /// book fluid taken into moving geometry [m^3]
    void absorb(double v) const { volumeAbsorbed->add(v); }
    /// stage oil temperature at a port [K]
    double oilT(const OilPort& o) const { return o.t >= 0 ? o.fixedT + xs[o.t] : o.fixedT; }
    /// stage oil pressure at a port [Pa]
    double oilP(const OilPort& o) const { return value(o.p); }
};

struct FmuSlot; // components/common/fmuhost.h: a session's instance of an imported FMU

/// A controller's sample at the start of a tick: the states there, its own real and discrete
/// state (the bound inputs already hold their means over the coming tick).
struct SampleContext {
    const double* x = nullptr;    ///< states at the tick start [n]
    double* real = nullptr;       ///< component real state (inputs, integrators, outputs)
    std::int32_t* flag = nullptr; ///< component discrete state
    double h = 0.0;               ///< tick [s]
    std::int64_t tick = 0;        ///< the tick starting (0 at t = 0)
    FmuSlot* fmus = nullptr;      ///< the session's imported-FMU instances (Model::fmus order)

    /// speed of a node (0 for ground)
    double speed(int i) const { return i >= 0 ? x[i] : 0.0; }
};

/// Where one observable of a component is read (a type's optional `sources` hook, the same values
/// its observe writes): one element of an ObserveContext array, or the sum or difference of two,
/// or a flag as a number. A reader that wants a few observables
/// (a study's every-tick metrics, solver/subsetreader.h) then reads only those, from pointers
/// bound once, instead of the component writing all of its observables.
struct ObservableSource {
    enum class Array : std::uint8_t { X, Pos, Real, Mean, Flag };
    enum class Op : std::uint8_t { Value, Sum, Difference }; ///< a; a + b; a - b
    Op op = Op::Value;
    Array a = Array::X, b = Array::X; ///< Flag: only as a Value
    int ia = -1, ib = -1;             ///< indices into the arrays; -1 in X: the ground (0)

    static constexpr ObservableSource value(Array a, int i) { return {Op::Value, a, Array::X, i, -1}; }
    static constexpr ObservableSource sum(Array a, int i, Array b, int j) { return {Op::Sum, a, b, i, j}; }
    static constexpr ObservableSource difference(Array a, int i, Array b, int j) { return {Op::Difference, a, b, i, j}; }
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
    /// current value of a node: speed, velocity or pressure (0 for ground)
    double value(int i) const { return i >= 0 ? x[i] : 0.0; }
    /// current angle or displacement since t = 0 of a node (0 for ground)
    double angle(int i) const { return i >= 0 ? pos[i] : 0.0; }
};

/// The thermal network of one interval: components add conductances and heat inputs to
/// the linear system for the temperature rises d1 (d = T - T0) of the thermal nodes.
struct ThermalContext {
    double h = 0.0;                            ///< interval length [s]
    const double* d0 = nullptr;                ///< rises at the interval start [K]
    const double* d1 = nullptr;                ///< rises at the interval end (after the solve) [K]
    const double* t0 = nullptr;                ///< initial temperatures [K]
    const double* real = nullptr;              ///< component real state (inputs)
    double* a = nullptr;                       ///< system matrix, leading dimension kMaxDyn
    double* rhs = nullptr;                     ///< right-hand side [J]
    double* acc = nullptr;                     ///< tick accumulators
    CompensatedSum* heatFromSources = nullptr; ///< ledger of heat injected by sources [J]

    /// conductance g between thermal nodes i and j (midpoint temperatures)
    void conduct(int i, int j, double g) const
    {
        const double half = 0.5 * h * g;
        const double drive = h * g * (t0[i] - t0[j] + 0.5 * (d0[i] - d0[j])); // heat i -> j from the start values
        a[i * kMaxDyn + i] += half;
        a[i * kMaxDyn + j] -= half;
        a[j * kMaxDyn + j] += half;
        a[j * kMaxDyn + i] -= half;
        rhs[i] -= drive;
        rhs[j] += drive;
    }
    /// heat q [J] into node i over the interval
    void inject(int i, double q) const { rhs[i] += q; }
};

/// One row of a rigid velocity constraint: sum_k coef_k * speed(node_k) = 0.
struct ConstraintRow {
    int node[3] = {kGround, kGround, kGround}; ///< dynamic node indices (kGround: absent)
    double coef[3] = {0.0, 0.0, 0.0};          ///< coefficients
};

} // namespace drivelab
