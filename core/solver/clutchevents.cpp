#include "solver/clutchevents.h"

#include <bit>
#include <cmath>

#include "compile/signalcompile.h"
#include "solver/constraints.h"
#include "solver/gauss2.h"

namespace drivelab {

namespace {
constexpr double kStepEps = 2.220446049250313e-16;

// the coefficient of x_i (ground: i < 0) on unknown q in x = P q + PF x_fixed
double basisCoef(const ModeBasis& b, int i, int q) { return i < 0 ? 0.0 : b.P[i * kMaxDyn + q]; }

// clutch p's slip is held at zero by the basis's other rows (both its sides held still, or tied
// together, by other locked clutches, gears and brakes): w_a - w_b has no coefficient on any
// unknown or fixed state of x = P q + PF x_fixed, so it stays zero whatever the clutch does
bool slipHeld(const ModeBasis& b, const Clutch::Params& p)
{
    if (b.identity) return false;
    for (int q = 0; q < b.m; ++q)
        if (std::fabs(basisCoef(b, p.a, q) - basisCoef(b, p.b, q)) > 1e-9) return false;
    for (std::uint64_t bf = b.fixedMask; bf; bf &= bf - 1) {
        const int f = std::countr_zero(bf);
        double c = 0.0;
        for (int t = 0; t < 2; ++t) {
            const int i = t == 0 ? p.a : p.b;
            const double sign = t == 0 ? 1.0 : -1.0;
            if (i == f) c += sign;
            else if (i >= 0 && b.isDependent[i]) c += sign * b.PF[i * kMaxDyn + f];
        }
        if (std::fabs(c) > 1e-9) return false;
    }
    return true;
}
} // namespace

ClutchEvents::ClutchEvents(const Model& m, State& s, Workspace& w, IntervalSolve& solver) : m(m), s(s), w(w), m_solver(solver) { }

// constraint multipliers of the solved interval (mean constraint efforts); computed once per
// solve (the breakaway check and the commit of the same interval share them)
void ClutchEvents::multipliers(double hSec)
{
    if (w.stats.solves == m_lambdaSolve && hSec == m_lambdaH && w.basis.key == m_lambdaKey) return;
    m_lambdaSolve = w.stats.solves;
    m_lambdaH = hSec;
    m_lambdaKey = w.basis.key;
    for (double& l : w.lambda) l = 0.0;
    if (w.basis.identity) return;
    for (int i = 0; i < m.nDyn; ++i) w.effort[i] = m.mass[static_cast<std::size_t>(i)] * w.dx[i] / hSec - w.f[i];
    constraintMultipliers(w.basis, w.effort, w.lambda.data());
}

// the locked clutch whose torque exceeds its static capacity the most, or -1
int ClutchEvents::breakaway(double hSec, std::uint64_t noBreak)
{
    multipliers(hSec);
    int best = -1, k = 0;
    double bestRatio = 1.0;
    for (const auto& p : m.params->of<Clutch>()) {
        if (Clutch::locked(p, s.flag.data()) && !(noBreak >> k & 1)) {
            const double l = w.lambda[static_cast<std::size_t>(p.row)];
            const double cap = Clutch::staticCapacity(p, s.real.data(), w.xs);
            double scale = 0.0;
            for (int i : {p.a, p.b}) {
                if (i >= 0) scale += std::fabs(m.mass[static_cast<std::size_t>(i)] * w.dx[i] / hSec) + std::fabs(w.f[i]);
            }
            const double tol = 64.0 * kStepEps * scale + 1e-12;
            if (std::fabs(l) > cap + tol) {
                const double ratio = std::fabs(l) / (cap + tol);
                if (ratio > bestRatio) {
                    bestRatio = ratio;
                    best = k;
                }
            }
        }
        ++k;
    }
    return best;
}

// the slipping clutch whose slip reaches zero first within the solved interval, or -1;
// `immediate` when its slip already moved the wrong way from zero
int ClutchEvents::crossing(bool& immediate, std::uint64_t exclude)
{
    int best = -1, k = 0;
    double bestFrac = 2.0;
    immediate = false;
    for (const auto& p : m.params->of<Clutch>()) {
        const int dir = Clutch::direction(p, s.flag.data());
        if (!Clutch::locked(p, s.flag.data()) && dir != 0 && Clutch::kineticCapacity(p, s.real.data(), w.xs) > 0.0 &&
            !(exclude >> k & 1)) {
            const double g0 = dir * slipOf(p, s.x.data());
            const double g1 = dir * slipOf(p, w.x1);
            // a slip the other rows hold at zero is no crossing: the clutch, broken away (its share
            // of a torque other rows can carry too was over its capacity), slips at zero slip
            // instead of relocking at once at every interval (zero-slip chatter; docs/PHYSICS.md)
            if (g1 <= 0.0 && !slipHeld(w.basis, p)) {
                const double frac = g0 > 0.0 ? g0 / (g0 - g1) : 0.0;
                if (frac < bestFrac) {
                    bestFrac = frac;
                    best = k;
                    immediate = !(g0 > 0.0);
                }
            }
        }
        ++k;
    }
    return best;
}

// Illinois regula falsi on the interval length for the first zero of g(x, t, tol), a function
// of the end state `x` of the interval of length t [s] (t = 0: the start state) that also gives
// its rounding tolerance: g > 0 at the start, and the workspace holds the solve at `hi` with
// g <= 0. On return it holds the solve at `tau`.
template <class G>
bool ClutchEvents::findZero(G g, double hi, double tStartNs, double& tau)
{
    double tol = 0.0;
    double lo = 0.0;
    double glo = g(s.x.data(), 0.0, tol);
    double ghi = g(w.x1, hi, tol);
    tau = hi;
    if (ghi == 0.0) return true;
    int side = 0;
    const double H = hi;
    for (int it = 0; it < 80; ++it) {
        double t = lo + (hi - lo) * glo / (glo - ghi);
        if (!(t > lo && t < hi)) t = 0.5 * (lo + hi);
        tau = t;
        if (!m_solver.solve(t, tStartNs + 0.5 * t * 1e9, tStartNs)) return false;
        const double v = g(w.x1, t, tol);
        if (std::fabs(v) <= tol) break;
        if (v > 0.0) {
            lo = t;
            glo = v;
            if (side == 1) ghi *= 0.5;
            side = 1;
        } else {
            hi = t;
            ghi = v;
            if (side == -1) glo *= 0.5;
            side = -1;
        }
        if (hi - lo <= 4.0 * kStepEps * H) break;
    }
    return true;
}

// the slip of clutch k reaches zero
bool ClutchEvents::findSlipZero(int k, double hi, double tStartNs, double& tau)
{
    const Clutch::Params& p = clutch(k);
    const int dir = Clutch::direction(p, s.flag.data());
    return findZero(
        [&](const double* x, double, double& tol) {
            tol = 2e-12 + 64.0 * kStepEps * (std::fabs(speedOf(x, p.a)) + std::fabs(speedOf(x, p.b)));
            return dir * slipOf(p, x);
        },
        hi, tStartNs, tau);
}

// the apply force of pressure-applied clutch k reaches its return spring's
bool ClutchEvents::findKink(int k, double hi, double tStartNs, double& tau)
{
    const Clutch::Params& p = clutch(k);
    const double sign = Clutch::applyMargin(p, s.x.data()) > 0.0 ? 1.0 : -1.0;
    return findZero(
        [&](const double* x, double, double& tol) {
            tol = 64.0 * kStepEps * (std::fabs(p.gain * (x[p.pressure] - p.pEnv)) + std::fabs(p.springTerm));
            return sign * Clutch::applyMargin(p, x);
        },
        hi, tStartNs, tau);
}

// the unlocked pressure-applied clutch whose apply force crosses its return spring's first
// inside the solved interval (its capacity's kink: zero below, linear in the pressure above),
// by the linear estimate of the fraction; -1 when none
int ClutchEvents::kink(std::uint64_t exclude, double& frac)
{
    int best = -1, k = 0;
    frac = 2.0;
    for (const auto& p : m.params->of<Clutch>()) {
        if (p.pressure >= 0 && !Clutch::locked(p, s.flag.data()) && !(exclude >> k & 1)) {
            const double c0 = Clutch::applyMargin(p, s.x.data());
            const double c1 = Clutch::applyMargin(p, w.x1);
            if ((c0 > 0.0) != (c1 > 0.0)) {
                const double f = c0 / (c0 - c1);
                if (f < frac) {
                    frac = f;
                    best = k;
                }
            }
        }
        ++k;
    }
    return best;
}

// |torque| - static capacity of locked clutch k on the solved interval of hSec: its mean
// torque against the capacity at the stage (both about their values at mid-interval)
double ClutchEvents::overload(int k, double hSec)
{
    multipliers(hSec);
    const Clutch::Params& p = clutch(k);
    return std::fabs(w.lambda[static_cast<std::size_t>(p.row)]) - Clutch::staticCapacity(p, s.real.data(), w.xs);
}

// the locked clutch whose torque, extrapolated to the end of the solved interval, exceeds
// its capacity there (capacityAt) while its mean does not (the multipliers hold this interval's): the
// line through the previous tick's mean torque (State::mean, at that tick's middle) and this
// interval's (at its middle); a trigger only, the instant is found by locateBreakaway; -1 if none.
// gauss2: the line only preselects the clutches within two ticks' change (and 1e-3 of the
// capacity) of it, the multipliers at the end state decide (docs/PHYSICS.md, "Breakaway timing")
int ClutchEvents::overloadAtEnd(double atNs, double tStartNs, double hSec, std::uint64_t noBreak)
{
    const bool exact = twoStage(m.method);
    if (s.tick == 0 && !exact) return -1;
    const double tPrev = -0.5 * static_cast<double>(m.tickNs);
    const double tMid = atNs + 0.5 * hSec * 1e9;
    const double tEnd = atNs + hSec * 1e9;
    int k = 0;
    for (const auto& p : m.params->of<Clutch>()) {
        if (Clutch::locked(p, s.flag.data()) && !(noBreak >> k & 1)) {
            const double l = w.lambda[static_cast<std::size_t>(p.row)];
            const double lPrev = s.mean[static_cast<std::size_t>(p.mean)];
            const double lEnd = l + (l - lPrev) * (tEnd - tMid) / (tMid - tPrev);
            if (!exact) {
                if (std::fabs(lEnd) > capacityAt(k, w.x1, tStartNs + hSec * 1e9)) return k;
                ++k;
                continue;
            }
            const double cap = capacityAt(k, w.x1, tStartNs + hSec * 1e9);
            if (s.tick == 0 || std::fabs(lEnd) + 2.0 * std::fabs(l - lPrev) + 1e-3 * cap > cap) {
                double tol = 0.0;
                const double g = instantMargin(k, w.x1, hSec, tStartNs, tol);
                if (std::isnan(g) ? std::fabs(lEnd) > cap : g < -tol) return k;
            }
        }
        ++k;
    }
    return -1;
}

// the static capacity of clutch k at the instant tNs from t = 0 whose state is x (the end of a
// solved interval, or its start): its pressure's in x, or its capacity input's value at tNs when a
// signal drives it (the interval holds the input's mean: a capacity falling on a ramp is lower at
// the end by half the interval's fall, which hid a breakaway in the interval's last part until the
// next boundary; issue 37: the midpoint's end trigger, and gauss2's and radau3's margin at an instant)
double ClutchEvents::capacityAt(int k, const double* x, double tNs) const
{
    const Clutch::Params& p = clutch(k);
    const int b = w.capacityBinding[static_cast<std::size_t>(k)];
    if (b < 0) return Clutch::staticCapacity(p, s.real.data(), x);
    const InputBinding& bd = m.bindings[static_cast<std::size_t>(b)];
    if (!s.flag[static_cast<std::size_t>(bd.flag)]) return s.real[static_cast<std::size_t>(p.capacity)]; // an event ended it
    return bindingValue(bd, m.timeSignals[static_cast<std::size_t>(bd.signal)], tNs * 1e-9);
}

// The instant inside the solved interval of hSec at which locked clutch k reaches its
// capacity: the midpoint's rule on the line (second order), gauss2's at the interval's end
// (the method's order)
bool ClutchEvents::locateBreakaway(int k, double hSec, double tStartNs, std::uint64_t noBreak, bool overMean, ClutchEvents::Break& result, double& tau)
{
    if (twoStage(m.method)) return locateAtEnd(k, hSec, tStartNs, noBreak, overMean, result, tau);
    return locateOnLine(k, hSec, tStartNs, noBreak, overMean, result, tau);
}

// The midpoint's rule: the overload g(t) is known near h/2 (this solve) and near h/4 (a solve
// of the first half); the line through them gives its zero t*. The interval [0, t*] is solved
// again and stays locked when no clutch is over its capacity on it (Inside: the workspace
// holds that solve, tau = t*). `overMean`: the interval's mean torque is over the capacity,
// and when the line cannot place the zero inside (a torque step at the boundary), or a clutch
// is over its capacity on [0, t*], it breaks away at the start (AtStart). Otherwise (only the
// end was estimated over it) a zero beyond the interval, or a clutch over its capacity on
// [0, t*], decides nothing: None, with the whole interval solved again.
bool ClutchEvents::locateOnLine(int k, double hSec, double tStartNs, std::uint64_t noBreak, bool overMean, ClutchEvents::Break& result, double& tau)
{
    tau = 0.0;
    result = overMean ? Break::AtStart : Break::None;
    const double gHalf = overload(k, hSec);
    const double lMean = std::fabs(w.lambda[static_cast<std::size_t>(clutch(k).row)]);
    if (!m_solver.solve(0.5 * hSec, tStartNs + 0.25 * hSec * 1e9, tStartNs)) return false;
    const double gQuarter = overload(k, 0.5 * hSec);
    double t = HUGE_VAL;
    if (gHalf > gQuarter) t = 0.25 * hSec - gQuarter * 0.25 * hSec / (gHalf - gQuarter);
    if (t > 1e-9 * hSec && t < hSec) {
        if (!m_solver.solve(t, tStartNs + 0.5 * t * 1e9, tStartNs)) return false;
        return settleInside(t, hSec, tStartNs, noBreak, result, tau);
    }
    if (overMean && gQuarter > 0.0 && !twoStage(m.method)) return locateCollapse(k, hSec, tStartNs, noBreak, lMean, result, tau);
    if (result == Break::None) return m_solver.solve(hSec, tStartNs + 0.5 * hSec * 1e9, tStartNs);
    return true;
}

// A pressure-applied clutch's capacity collapsing inside the interval (a drain far faster than
// the tick; issue 37): the line through the two mean overloads puts the zero at or before the
// start, yet at the start the capacity, at the start state's pressure, is above the interval's
// mean torque lMean. The capacity falls through the torque inside [0, h/2] (whose solve the
// workspace holds, its mean over): the interval length t at which the capacity at the end
// state of [0, t] equals the mean torque over [0, t] is root-found (findZero). Else (an input
// capacity, or over at the start already) it breaks away at the start as before.
bool ClutchEvents::locateCollapse(int k, double hSec, double tStartNs, std::uint64_t noBreak, double lMean, Break& result, double& tau)
{
    const Clutch::Params& p = clutch(k);
    const auto margin = [&](const double* x, double len, double& tol) {
        double l = lMean;
        if (len > 0.0) {
            multipliers(len);
            l = std::fabs(w.lambda[static_cast<std::size_t>(p.row)]);
        }
        const double cap = Clutch::staticCapacity(p, s.real.data(), x);
        tol = 64.0 * kStepEps * (cap + l) + 1e-12;
        return cap - l;
    };
    double tol = 0.0;
    if (p.pressure < 0 || !(margin(s.x.data(), 0.0, tol) > tol) || !(margin(w.x1, 0.5 * hSec, tol) < -tol)) return true;
    double t = 0.5 * hSec;
    if (!findZero(margin, 0.5 * hSec, tStartNs, t)) return false;
    if (t <= 1e-9 * hSec) return true;
    return settleInside(t, hSec, tStartNs, noBreak, result, tau);
}

// |torque| - static capacity of locked clutch k at the end of the interval of length t [s] from
// tStartNs whose end state is x (t = 0: the start state): capacity(x) - |lambda_k(x, t)| with
// the instantaneous multipliers (instantMultipliers); tol [N m] its rounding; NaN when they
// cannot be had. Inputs are taken at the instant from the side inside the interval (a source
// step at the interval's end has not happened yet, one at its start has): 16 ulp before the end.
double ClutchEvents::instantMargin(int k, const double* x, double t, double tStartNs, double& tol)
{
    const double tEndNs = tStartNs + t * 1e9;
    const double tNs = t > 0.0 ? tEndNs - 16.0 * kStepEps * std::fabs(tEndNs) : tStartNs;
    if (!instantMultipliers(m, s, w, x, tNs, t)) return std::nan("");
    const Clutch::Params& p = clutch(k);
    const Gauss2Work& g = *w.g2;
    double scale = 0.0;
    for (int i : {p.a, p.b}) {
        if (i >= 0) scale += g.scaleE[i];
    }
    tol = 64.0 * kStepEps * scale + 1e-12;
    return capacityAt(k, x, tNs) - std::fabs(g.lambdaEnd[static_cast<std::size_t>(p.row)]);
}

// gauss2 (docs/PHYSICS.md, "Breakaway timing"): the margin capacity - |torque| of clutch k at the
// start and at the end of the solved interval of hSec, each from the state there. Under at the
// start and over at the end: the interval length at which it is zero is root-found on the solve
// (findZero), so the instant has the method's order; the interval up to it stays locked when no
// clutch's mean torque is over its capacity on it (Inside). Over at the start: with the mean
// over too (or the end over) it breaks away at the start. Under at both ends: a mean over the
// capacity (a torque peak inside the interval) is left to the line rule, else nothing (None).
bool ClutchEvents::locateAtEnd(int k, double hSec, double tStartNs, std::uint64_t noBreak, bool overMean, ClutchEvents::Break& result, double& tau)
{
    tau = 0.0;
    result = overMean ? Break::AtStart : Break::None;
    double tol0 = 0.0, tol1 = 0.0;
    const double g0 = instantMargin(k, s.x.data(), 0.0, tStartNs, tol0);
    const double g1 = instantMargin(k, w.x1, hSec, tStartNs, tol1);
    if (std::isnan(g0) || std::isnan(g1)) return locateOnLine(k, hSec, tStartNs, noBreak, overMean, result, tau);
    // over its capacity at the start already (a torque step at the boundary)
    if (g0 <= tol0) {
        if (g1 < -tol1) result = Break::AtStart;
        return true;
    }
    // under it at both ends
    if (g1 >= -tol1) return overMean ? locateOnLine(k, hSec, tStartNs, noBreak, overMean, result, tau) : true;
    // the instant: the zero of the margin at the end of [0, t]
    double t = hSec;
    const bool ok = findZero(
        [&](const double* x, double len, double& tol) {
            const double v = instantMargin(k, x, len, tStartNs, tol);
            return std::isnan(v) ? -1.0 : v;
        },
        hSec, tStartNs, t);
    if (!ok) return false;
    if (t <= 1e-9 * hSec) {
        result = Break::AtStart;
        return true;
    }
    return settleInside(t, hSec, tStartNs, noBreak, result, tau);
}

// [0, t] of the interval of hSec is solved up to a located breakaway instant t: it stays locked
// (Inside, tau = t) unless a clutch is over its capacity on it already; then, with the
// interval's mean over it (result AtStart) the clutch breaks away at the start, and on the end
// estimate alone (None) nothing is decided here: the whole interval is solved again
bool ClutchEvents::settleInside(double t, double hSec, double tStartNs, std::uint64_t noBreak, Break& result, double& tau)
{
    if (breakaway(t, noBreak) >= 0) {
        if (result == Break::None) return m_solver.solve(hSec, tStartNs + 0.5 * hSec * 1e9, tStartNs);
        return true;
    }
    tau = t;
    result = Break::Inside;
    return true;
}

} // namespace drivelab
