/* A faulty FMU: a damper torque = -0.1 speed until the step that ends after fail_time; that step
   returns an error status (failure = 1) or gives a NaN torque (failure = 2); failure = 0 never fails.
   vr 0 speed (input, rad/s), vr 1 torque (output, N m), vr 2 fail_time (parameter, s),
   vr 3 failure (parameter: 0 none, 1 error status, 2 NaN output). modelDescription.xml also
   declares a Boolean `enabled` (vr 7) that no skeleton reads: a variable of another type. */
#include <math.h>
#include <stdio.h>

#include "testmodel.h"

const unsigned testModelVarCount = 4;

void testModelStart(TestModel* m)
{
    m->v[0] = 0.0;
    m->v[1] = 0.0;
    m->v[2] = 1.0;
    m->v[3] = 1.0;
}

void testModelInit(TestModel* m, double t0)
{
    (void)t0;
    m->v[1] = -0.1 * m->v[0];
}

int testModelStep(TestModel* m, double t, double h)
{
    if (t + h > m->v[2] && m->v[3] == 1.0) {
        snprintf(m->message, sizeof m->message, "the faulty model fails on purpose at t = %g s", t + h);
        return 1;
    }
    m->v[1] = t + h > m->v[2] && m->v[3] == 2.0 ? NAN : -0.1 * m->v[0];
    return 0;
}
