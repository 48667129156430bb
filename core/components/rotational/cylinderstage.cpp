// The engine cylinder at a stage of the two-stage methods (run.method gauss2, radau3;
// docs/PHYSICS.md, "The engine cylinder at the stages").
//
// Stage i of an interval [t0, t0 + h] from crank angle phi_0 sits at the crank travel
// dpos_i = h sum_j a_ij X_j (the collocation's integral of the stage speeds) and the time c_i h.
// The charge is integrated over crank angle from phi_0 to phi_i = phi_0 + dpos_i exactly as the
// midpoint integrates it over the interval (EngineCylinder::integrate: the valve and burn events
// on the way, Strang sub-steps of at most 0.01 rad, the wall heat over c_i h seconds), and the
// stage's torque is the gas torque there,
//   tau_i = (p_i - p_int) V'(phi_i),   p_i = m R T_i / V(phi_i) while closed, p_int while open.
// The interval's work is closed by solver/stageengine.h (a uniform torque added to both stages so
// that h sum_i b_i T_i X_i is the charge's crank work over the interval's travel).
// Newton's Jacobian: d tau / d phi at the stage as a position Jacobian (EvalContext::addJ(i, j, dv,
// dp): the collocation's h a_ij on every stage's speed; kept in scratch[kKept], so radau3's books can
// tell it from a spring's, solver/stageengine.h), d/dphi [(p - p_int) V'] from the charge's energy balance without the wall term
// (m c_v dT = Q_f dx_b - p dV), dp/dphi = (R / V) (Q_f x_b' - p V') / c_v - p V' / V, and V'' by a
// central difference; it only steers Newton (the residual decides convergence).
#include <cmath>

#include "components/rotational/enginecylinder.h"

namespace drivelab {

void EngineCylinder::evalStage(const Params& p, const EvalContext& c)
{
    const double* memo = startMemo(p, c);
    double* s = c.scratch + p.scratch;
    const double t0 = c.real[p.real];
    const double travel = c.dpos ? c.dpos[p.crank] : 0.5 * c.h * c.speed(p.crank);
    s[1] = s[2] = s[3] = s[4] = s[6] = 0.0; // the interval's books come from solver/stageengine
    if (travel >= 0.0 && travel < memo[7]) {
        if (c.wantJacobian) s[kKept] = 0.0;
        // open and staying open up to the stage: no torque, the charge at the intake state
        s[0] = 0.0;
        s[5] = t0;
        return;
    }
    const StartPoint a{memo[2], memo[3], memo[4], memo[5], memo[6]};
    const double fuel = c.real[p.fuelInput];
    Interval iv;
    integrate(p, a, t0, travel, c.stageFraction * c.h, wallTemperature(p, c), fuel, false, iv);
    const double phi = cycleAngle(p, c.pos0[p.crank] + travel);
    const double sn = std::sin(phi), cs = std::cos(phi);
    const bool isClosed = closed(p, phi);
    const double v = volumeAt(p, sn, cs), dv = volumeSlopeAt(p, sn, cs);
    const double pGas = isClosed ? p.charge * p.gasR * iv.tEnd / v : p.pInt;
    const double torque = (pGas - p.pInt) * dv;
    c.addF(p.crank, torque);
    if (c.wantJacobian) s[kKept] = 0.0; // the position Jacobian this evaluation gives (solver/stageengine.h)
    if (c.wantJacobian && isClosed) {
        double slope = 0.0;
        if (travel > 0.0) burnedSlope(p, phi, slope); // nothing burns turning backwards
        const double dp = p.gasR / v * (p.fuel * fuel * slope - pGas * dv) / p.cv - pGas * dv / v;
        constexpr double e = 1e-6;
        const double d2v = (volumeSlopeAt(p, std::sin(phi + e), std::cos(phi + e)) - volumeSlopeAt(p, std::sin(phi - e), std::cos(phi - e))) /
                           (2.0 * e);
        const double dTorque = dp * dv + (pGas - p.pInt) * d2v;
        c.addJ(p.crank, p.crank, 0.0, dTorque);
        s[kKept] = dTorque;
    }
    s[0] = torque;
    s[5] = iv.tEnd;
}

} // namespace drivelab
