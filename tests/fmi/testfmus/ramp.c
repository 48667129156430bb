/* A torque ramp with more outputs than a lab maps (docs/FMI.md, "Import": every real output is an
   observable of its fmu component). At every communication point T (the step's end t + h; the
   start time at initialization), from the parameters a = torque_initial and b = torque_rate:
     torque       = a + b T          [N m]    (vr 0, output: what a lab maps)
     impulse      = a T + b T^2 / 2  [N m s]  (vr 3, output: the torque's integral from 0)
     der(impulse) = a + b T          [N m]    (vr 4, output: a Modelica-style name)
     output       = T                [s]      (vr 5, output: a name the fmu component already has)
     steps        = steps taken      [-]      (vr 6, local)
   vr 1 torque_initial (parameter, N m), vr 2 torque_rate (parameter, N m/s). */
#include "testmodel.h"

const unsigned testModelVarCount = 7;

void testModelStart(TestModel* m)
{
    for (unsigned i = 0; i < testModelVarCount; ++i) m->v[i] = 0.0;
    m->v[1] = 2.0;
}

static void rampOutputs(TestModel* m, double t)
{
    const double a = m->v[1], b = m->v[2];
    m->v[0] = a + b * t;
    m->v[3] = a * t + 0.5 * b * t * t;
    m->v[4] = a + b * t;
    m->v[5] = t;
}

void testModelInit(TestModel* m, double t0) { rampOutputs(m, t0); }

int testModelStep(TestModel* m, double t, double h)
{
    rampOutputs(m, t + h);
    m->v[6] += 1.0;
    return 0;
}
