/* A torque source: torque(t) = torque_initial + torque_rate t at every communication point.
   vr 0 torque (output, N m), vr 1 torque_initial (parameter, N m), vr 2 torque_rate (parameter, N m/s) */
#include "testmodel.h"

const unsigned testModelVarCount = 3;

void testModelStart(TestModel* m)
{
    m->v[0] = 2.0;
    m->v[1] = 2.0;
    m->v[2] = 0.0;
}

void testModelInit(TestModel* m, double t0) { m->v[0] = m->v[1] + m->v[2] * t0; }

int testModelStep(TestModel* m, double t, double h)
{
    m->v[0] = m->v[1] + m->v[2] * (t + h);
    return 0;
}
