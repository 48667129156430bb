#pragma once
// fmu: a co-simulation FMU imported from another tool (FMI 3.0 or 2.0; docs/FMI.md, "Import"),
// coupled explicitly as a controller. Every step_ticks = N ticks (or N = sample_period / h: a
// communication step in seconds, a whole number of ticks, that stays the same at every tick;
// components/common/sampleperiod.h), at the start t_k of a tick k with k mod N = 0 (after the
// other samplers), DriveLab
//
//   sets   speed_input <- w_a(t_k)                 (node_a's speed there: the end value of tick k-1)
//   steps  the FMU from t_k over H = N h            (the speed held over the step)
//   reads  y(t_k + H) of `output`, held (and every real output of the FMU, its observables)
//
// and the inputs bound to the component ({"controller": id}, e.g. a torque_source's torque) hold
// it over the ticks of that step, so over tick m
//
//   u_m = y(t_{N (floor(m/N) + 1)})                (computed by the FMU from w_a(t_{N floor(m/N)}))
//
// the explicit coupling, FMU first: the FMU sees the lab's speed one communication step late
// (held at the step's start), the lab sees the FMU's output at the step's end over the step.
// With N = 1 this is the timing of a speed_controller (its output from the tick's start speed,
// held over the tick).
// The FMU exerts no effort itself: the torque_source its output drives books the work, so the
// FMU's power crosses the lab's boundary as source work and the books close as for any source.
// The FMU's own state lives outside DriveLab's State: each session runs its own instance
// (Workspace::fmus); a reset session starts a fresh one; a rolled-back batch sets the FMU's state
// back and a fork hands it to its own instance where the FMU can (get/set, serialize FMU state;
// fmuhost.h), and otherwise the next tick fails with a message instead of continuing a wrong instance.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class ImportedFmu {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: a signal element (no power bond) reading node_a
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround;        ///< measured node (its speed feeds speed_input)
        int fmu = 0;            ///< index in Model::fmus and the session's FmuSlots
        unsigned outVr = 0;     ///< value reference of `output`
        unsigned inVr = 0;      ///< value reference of `speed_input`
        bool hasInput = false;  ///< speed_input is given
        std::int64_t steps = 1; ///< step_ticks N
        int state = 0;          ///< real slots: held output (y(t_0) before the first step), speed fed at the last step
        int observed = 0;       ///< real slots: the FMU's real outputs at its last communication point (FmuBinding::observed)
        int nObserved = 0;      ///< how many
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// the FMU's step at a tick start (importedfmu.cpp); false with why on an FMU error or a non-finite output
    static bool stepExternal(const Params& p, const SampleContext& c, std::string& why);

    static int outputSlot(const Params& p) { return p.state; }

    /// output, speed_in, then the FMU's real outputs (the component's own list: fmuObservables)
    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.real[p.state];
        out[1] = c.real[p.state + 1];
        for (int i = 0; i < p.nObserved; ++i) out[2 + i] = c.real[p.observed + i];
    }
};

} // namespace drivelab
