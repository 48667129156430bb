#pragma once
// speed_controller: a discrete PI(D) driver. Once per sample period T, at t_n = n T, it reads
// the speed w_n of node_a and its `target` input r_n (bound to a signal: the signal's mean over
// the coming period [t_n, t_n + T]), and sets its output, which other components' inputs are
// bound to (`{"controller": ID}`), for the whole period:
//
//   e_n = r_n - w_n
//   I   = I_{n-1} + T e_n                         (integral of the error)
//   D   = -(w_n - w_{n-1}) / T                     (derivative on the measurement; 0 at n = 0)
//   u_n = kp e_n + ki I + kd D, limited to [output_min, output_max]
//   anti-windup: while u_n is at a limit and e_n pushes further into it, I keeps I_{n-1}
//
// T is `sample_period` (a whole number of ticks; components/common/sampleperiod.h), absent: the
// run's tick h, a sample at the start of every tick. Between samples the output is held.
//
// Its integral, last speed and output are component state: they roll back with a batch and
// enter the state hash. It exerts no effort itself: no power, no energy books.
#include "compile/compilecontext.h"
#include "components/common/sampleperiod.h"
#include "components/component.h"

namespace drivelab {

class SpeedController {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: a signal element (no power bond) reading node_a
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround; ///< measured node
        int target = 0;  ///< real slot of the target input [rad/s]
        int state = 0;   ///< real slots: integral, last speed, output, last error
        int flag = 0;    ///< discrete slots: sampled once (0/1), saturation (-1, 0, 1)
        double kp = 0.0, ki = 0.0, kd = 0.0;
        double lo = 0.0, hi = 0.0; ///< output limits
        SamplePeriod period;       ///< its sample period (N ticks)
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void sample(const Params& p, const SampleContext& c)
    {
        if (!p.period.samplesAt(c.tick)) return; // held between samples
        const double T = p.period.seconds(c.h);
        double* st = c.real + p.state;
        const double w = c.speed(p.a);
        const double e = c.real[p.target] - w;
        const double d = c.flag[p.flag] ? -(w - st[1]) / T : 0.0;
        const double integral = st[0] + T * e;
        double u = p.kp * e + p.ki * integral + p.kd * d;
        int sat = 0;
        if (u > p.hi) {
            u = p.hi;
            sat = 1;
        } else if (u < p.lo) {
            u = p.lo;
            sat = -1;
        }
        // anti-windup: integrate only when the error does not push further into the limit
        if (!((sat > 0 && e > 0.0) || (sat < 0 && e < 0.0))) st[0] = integral;
        st[1] = w;
        st[2] = u;
        st[3] = e;
        c.flag[p.flag] = 1;
        c.flag[p.flag + 1] = sat;
    }

    static int outputSlot(const Params& p) { return p.state + 2; }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.real[p.state + 2];
        out[1] = c.real[p.state + 3];
        out[2] = c.real[p.state];
        out[3] = c.flag[p.flag + 1];
    }
};

} // namespace drivelab
