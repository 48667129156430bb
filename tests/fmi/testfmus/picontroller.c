/* A discrete PI speed controller: over a step from t to t + h with the speed input w held,
     e = target - w,  I <- I + h e,  torque = kp e + ki I  (the output at t + h);
   at the start time torque = kp (target - w) with I = 0.
   vr 0 speed (input, rad/s), vr 1 torque (output, N m), vr 2 target (parameter, rad/s),
   vr 3 kp (parameter, N m s/rad), vr 4 ki (parameter, N m/rad), vr 5 integral (local, rad) */
#include "testmodel.h"

const unsigned testModelVarCount = 6;

void testModelStart(TestModel* m)
{
    m->v[0] = 0.0;
    m->v[1] = 0.0;
    m->v[2] = 100.0;
    m->v[3] = 0.5;
    m->v[4] = 2.0;
    m->v[5] = 0.0;
}

void testModelInit(TestModel* m, double t0)
{
    (void)t0;
    m->v[5] = 0.0;
    m->v[1] = m->v[3] * (m->v[2] - m->v[0]);
}

int testModelStep(TestModel* m, double t, double h)
{
    (void)t;
    const double e = m->v[2] - m->v[0];
    m->v[5] += h * e;
    m->v[1] = m->v[3] * e + m->v[4] * m->v[5];
    return 0;
}
