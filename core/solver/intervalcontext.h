#pragma once
// The evaluation context an interval's solve starts from: the midpoint's Newton (newton.cpp), the
// Gauss-Legendre stages and the multipliers at an instant (gauss2.cpp), the failure path's search
// for the dominant component (stepper.cpp).
#include "compile/model.h"
#include "components/component.h"
#include "solver/state.h"

namespace drivelab {

/// set the start state's slots of `c` (speeds, positions, real and discrete state, thermal
/// rises), the increments `dx`, the model's stage weights and the interval length h, in place (a
/// solve's context is a member: no copy of the whole context per solve); the caller sets the stage
/// values, the outputs (efforts, storage, Jacobian, scratch), the time and any other weights
inline void setIntervalContext(EvalContext& c, const Model& m, const State& s, const double* dx, double h)
{
    c.x0 = s.x.data();
    c.pos0 = s.pos.data();
    c.real = s.real.data();
    c.flag = s.flag.data();
    c.dx = dx;
    c.weight = m.stageWeight.data();
    c.thermalT0 = m.temp0.data();
    c.thermalRise = s.temp.data();
    c.h = h;
    c.collocation = twoStage(m.method);
}

} // namespace drivelab
