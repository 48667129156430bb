#pragma once
// speed_source: prescribes the speed of node_a (relative to ground) from its `speed` input, a
// kinematic constraint (a flow source, Sf). The node becomes a fixed state with a prescribed
// increment: over every interval its speed moves linearly from its start value w0 to the
// input's value w1 (bound to a signal: the signal's value at the interval END, so the node
// follows the signal at every boundary; an event or a live edit: the new value, reached at the
// end of the next interval, with a finite reaction). Its stage speed is (w0 + w1) / 2 and its
// angle advances by h (w0 + w1) / 2; its inertia keeps its kinetic energy.
//
// The reaction the source applies to the node over an interval is what the node's balance
// lacks: impulse = J (w1 - w0) - h (f + drawn), f the other components' torques on the node at
// the stage point and drawn what rigid constraints (gears, locked clutches) draw from it. The
// stepper forms it for every prescribed state (CommitContext::supply) and books its work
// impulse * stage speed as source work; the component turns it into its means.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class SpeedSource {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: an Sf on the node's 1-junction (a moving ground)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround; ///< driven node
        int speed = 0;   ///< real slot of the speed input [rad/s]
        int mean = 0;    ///< means: reaction torque on a, power
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// the node's increment over the interval: to the input's value at its end
    static void prescribe(const Params& p, const double* x0, const double* real, double* dxFixed)
    {
        dxFixed[p.a] = real[p.speed] - x0[p.a];
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double impulse = c.supply[p.a]; // the reaction's impulse over the interval [N m s]
        c.acc[p.mean] += impulse;
        c.acc[p.mean + 1] += impulse * c.speed(p.a);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
    }
};

} // namespace drivelab
