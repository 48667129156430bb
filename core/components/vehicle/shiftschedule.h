#pragma once
// shift_schedule: an automatic transmission's shift schedule (a TCU), sampled like the
// speed_controller once per sample period T (`sample_period`, a whole number of ticks; absent:
// the run's tick h; components/common/sampleperiod.h). At every sample t_n = n T it reads the
// vehicle speed v_n = wheel_radius * w_a(t_n) (node_a: the wheels' shaft) and its `throttle`
// input th_n (bound to a signal: the signal's mean over the coming period; or to a controller's
// output), decides the gear and sets one output per shift element, held until the next sample;
// each element (a clutch or a brake) binds its `capacity` input to it with {"controller": ID}.
//
//   gear: in gear g, once the time in gear (n - n_s) T >= min_time_in_gear (n_s: the last shift's
//         sample, 0 at the start; compared in whole nanoseconds):
//           v_n >= U_g(th_n) and g < N  ->  g + 1        (upshift line from g)
//           v_n <= D_g(th_n) and g > 1  ->  g - 1        (downshift line from g)
//         one gear per sample; the lines are checked to keep D_{g+1} < U_g (hysteresis: no hunting)
//   elements: gear g applies the elements the `gears` table lists for it. A shift at sample n_s
//         fills every on-coming element from t = t_{n_s} and releases every off-going one from
//         t = t_{n_s} + d, d = max(0, T_f - overlap_time) (T_f: the longest fill among the
//         on-coming elements), so the ramps run together for overlap_time:
//           fill:    c(t) = min(C, c0 + C (t - t0) / fill_time)        (fill_time 0: C from t0)
//           release: c(t) = max(0, c0 - C (t - t0 - d) / release_time)  (c0 until t0 + d; release_time 0: 0 from t0 + d)
//         c0: the element's capacity at the ramp's start (C or 0 unless a ramp was still running)
//   lockup: an element in the `lockup` table is applied in the gears it lists once v_n >= on_speed
//         and released when v_n <= off_speed (off < on) or in any other gear, with its own ramps
//   output: element capacity u_n = c(t_n), held over [t_n, t_n + T) (the clutch's capacity there)
//
// Its tick count, gear, ramps and outputs are component state: they roll back with a batch and
// enter the state hash. It exerts no effort itself: no power, no energy books.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compile/compilecontext.h"
#include "components/common/sampleperiod.h"
#include "components/component.h"
#include "components/vehicle/shiftlines.h"

namespace drivelab {

class ShiftSchedule {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: a signal element (no power bond) reading node_a
    static void bondGraph(BondGraphReading& r);

    /// most shift elements (clutches, brakes, the lockup clutch) of one schedule
    static constexpr int kMaxElements = 16;

    /// one shift element
    struct Element {
        double capacity = 0.0; ///< full capacity C [N m]
        double fill = 0.0;     ///< fill time: 0 to C [s]
        double release = 0.0;  ///< release time: C to 0 [s]
    };
    /// one row of the lockup schedule
    struct Lockup {
        int element = 0;   ///< the element
        int gear = 0;      ///< the gear it locks in
        double on = 0.0;   ///< applied at or above [m/s]
        double off = 0.0;  ///< released at or below [m/s]
    };

    // state layout: real slots from Params::real, discrete slots from Params::flag
    static constexpr int kSamples = 0, kShiftTick = 1, kSpeed = 2, kThrottle = 3, kTimeInGear = 4, kRealBase = 5;
    static constexpr int kLevel0 = 0, kStart = 1, kDelay = 2, kOutput = 3, kRealPerElement = 4;
    static constexpr int kGear = 0, kShifts = 1, kLockupOn = 2, kShifting = 3, kFlagBase = 4;
    static constexpr int kTarget = 0, kMode = 1, kFlagPerElement = 2;

    /// compiled parameters
    struct Params {
        int a = kGround;           ///< the wheels' node
        double radius = 0.0;       ///< wheel radius [m]: v = radius w_a
        int throttle = 0;          ///< real slot of the throttle input [-]
        int real = 0;              ///< real state (layout above)
        int flag = 0;              ///< discrete state (layout above)
        int gears = 0;             ///< N
        std::int64_t dwellNs = 0;  ///< min_time_in_gear [ns]
        double overlap = 0.0;      ///< overlap_time [s]
        ShiftLine up[kMaxShiftGears + 1];   ///< up[g]: the upshift line from g (1..N-1)
        ShiftLine down[kMaxShiftGears + 1]; ///< down[g]: the downshift line from g (2..N)
        std::uint32_t applied[kMaxShiftGears + 1] = {}; ///< applied[g]: elements applied in g (bit k: element k)
        int nElements = 0;
        Element element[kMaxElements];
        std::vector<std::string> ids; ///< the elements' component ids
        int nLockup = 0;
        Lockup lockup[kMaxElements];
        SamplePeriod period; ///< its sample period (N ticks)
    };

    static bool compile(CompileContext& ctx, Params& p);
    static void sample(const Params& p, const SampleContext& c);

    /// the output slot driving component `id` (one of its elements), or -1
    static int outputFor(const Params& p, std::string_view id);
    /// the ids of the components it drives, in its `elements` order (each must bind to it);
    /// empty when it did not compile
    static const std::vector<std::string>& driven(const Params& p) { return p.ids; }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        const double* r = c.real + p.real;
        const std::int32_t* f = c.flag + p.flag;
        out[0] = f[kGear];
        out[1] = f[kShifting];
        out[2] = r[kSpeed];
        out[3] = r[kThrottle];
        out[4] = r[kTimeInGear];
        out[5] = f[kShifts];
        out[6] = f[kLockupOn];
    }
};

} // namespace drivelab
