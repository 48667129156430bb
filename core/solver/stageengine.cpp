#include "solver/stageengine.h"

#include <cmath>

#include "components/registry.h"
#include "solver/gauss2.h"
#include "solver/state.h"

namespace drivelab {

void stageCylinderWork(const Model& m, const EvalContext& c, Gauss2Work& g, const double* b, double h)
{
    using C = EngineCylinder;
    for (const C::Params& p : m.params->of<C>()) {
        const int k = p.crank;
        if (k < 0) continue;
        double* s0 = g.scratch[0].data() + p.scratch;
        double* s1 = g.scratch[1].data() + p.scratch;
        const double* memo = s0 + 7; // the start point (EngineCylinder::startMemo), the same at both stages
        // the positions advance by this (stepper.cpp commitGauss2): the same expression, the same bits
        const double travel = h * (b[0] * g.X[0][k] + b[1] * g.X[1][k]);
        const double t0 = c.real[p.real];
        if (travel >= 0.0 && travel < memo[7] && s0[0] == 0.0 && s1[0] == 0.0) {
            s0[5] = s1[5] = t0; // open throughout: no work, the charge at the intake state
            continue;
        }
        const C::StartPoint a{memo[2], memo[3], memo[4], memo[5], memo[6]};
        const double tWall = C::wallTemperature(p, c), fuel = c.real[p.fuelInput];
        C::Interval iv;
        double d0 = 0.0, d1 = 0.0;
        if (std::fabs(travel) > 1e-12) {
            C::integrate(p, a, t0, travel, h, tWall, fuel, false, iv);
            const double q = h * (b[0] * s0[0] * g.X[0][k] + b[1] * s1[0] * g.X[1][k]);
            d0 = d1 = (iv.work - q) / travel;
        } else {
            // standing: the instantaneous torque at phi_0 at both stages (meanTorque's standing branch)
            const double standing = C::meanTorque(p, a, t0, travel / h, h, tWall, fuel, iv);
            d0 = standing - s0[0];
            d1 = standing - s1[0];
        }
        g.F[0][k] += d0;
        g.F[1][k] += d1;
        s0[0] += d0;
        s1[0] += d1;
        // the interval's books once, with the last stage's commit; the end temperature at both
        s1[1] = iv.gasWork;
        s1[2] = iv.fuel;
        s1[3] = iv.wall;
        s1[4] = iv.exhaust;
        s1[6] = iv.envWork;
        s0[5] = s1[5] = iv.tEnd;
    }
}

void cylinderRadauBooks(const Model& m, State& s, const Gauss2Work& g, double hSec)
{
    using C = EngineCylinder;
    int st = 0;
    while (st < 2 && !g.positional[st]) ++st; // radauDissipation reads the first positional stage
    if (st == 2) return;
    double e = 0.0;
    for (const C::Params& p : m.params->of<C>()) {
        if (p.crank < 0) continue;
        const double d = g.X[0][p.crank] - g.X[1][p.crank];
        e -= d * g.scratch[st][static_cast<std::size_t>(p.scratch + C::kKept)] * d;
    }
    if (e != 0.0) s.ledger.numerical.add(-0.5 * Radau3::kDissipation * hSec * hSec * e);
}

} // namespace drivelab
