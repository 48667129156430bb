#include "components/vehicle/shiftschedule.h"

#include <cmath>

#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

/// a gear number in a table: 1 .. kMaxShiftGears (whole; checked by the compile)
constexpr Range kGearNumber = Range::closed(1.0, kMaxShiftGears);
/// a throttle position [-]
constexpr Range kThrottleRange = Range::closed(0.0, 1.0);
/// a vehicle speed on a shift line [m/s]: 0 to 1e4
constexpr Range kLineSpeed = Range::closed(0.0, 1e4);
/// a fill, release or overlap time [s]: 0 (at once) to 1000
constexpr Range kRampTime = Range::closed(0.0, 1e3);
/// the least time in a gear [s]: 0 to 1e6
constexpr Range kDwell = Range::closed(0.0, 1e6);
/// an offset added to every shift line [m/s]: -1e4 to 1e4
constexpr Range kLineOffset = Range::closed(-1e4, 1e4);

constexpr TableColumn kLineColumns[] = {
    {"from_gear", "", kGearNumber, "the gear the line shifts from (upshift: to the next, downshift: to the one below)"},
    {"throttle", "", kThrottleRange, "throttle position, strictly increasing within a gear"},
    {"speed", "m/s", kLineSpeed, "vehicle speed of the line at that throttle"},
};
constexpr TableColumn kElementColumns[] = {
    {"element", "", Range::any(), "id of the clutch or brake whose capacity input binds to this schedule", true},
    {"capacity", "N m", ranges::kCapacity, "its full capacity C"},
    {"fill_time", "s", kRampTime, "time of its fill ramp from 0 to C (0: at once)"},
    {"release_time", "s", kRampTime, "time of its release ramp from C to 0 (0: at once)"},
};
constexpr TableColumn kGearColumns[] = {
    {"gear", "", kGearNumber, "a gear (1 .. N, every one listed)"},
    {"element", "", Range::any(), "an element applied in that gear (one of `elements`)", true},
};
constexpr TableColumn kLockupColumns[] = {
    {"element", "", Range::any(), "the lockup clutch (one of `elements`, in no gear of `gears`)", true},
    {"gear", "", kGearNumber, "a gear it locks in"},
    {"on_speed", "m/s", kLineSpeed, "applied at or above this vehicle speed"},
    {"off_speed", "m/s", kLineSpeed, "released at or below this vehicle speed (below on_speed)"},
};

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "the wheels' shaft: vehicle speed = wheel_radius x its speed"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "wheel_radius", .unit = "m", .range = ranges::kLength, .editorDefault = "0.3", .doc = "vehicle speed per rad/s of node_a"},
    {.name = "elements",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = R"([{"element": "brake1", "capacity": 600, "fill_time": 0.2, "release_time": 0.1},
                          {"element": "clutch2", "capacity": 600, "fill_time": 0.2, "release_time": 0.1}])",
     .doc = "the shift elements it drives: each clutch or brake binds its capacity input to it",
     .columns = kElementColumns,
     .minRows = 1,
     .maxRows = ShiftSchedule::kMaxElements},
    {.name = "gears",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = R"([{"gear": 1, "element": "brake1"}, {"gear": 2, "element": "clutch2"}])",
     .doc = "the gear table: one row per element applied in a gear",
     .columns = kGearColumns,
     .minRows = 2,
     .maxRows = 4 * kMaxShiftGears},
    {.name = "upshift",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = R"([{"from_gear": 1, "throttle": 0, "speed": 5}, {"from_gear": 1, "throttle": 1, "speed": 12}])",
     .doc = "upshift lines: from from_gear to the next when the vehicle speed reaches the line",
     .columns = kLineColumns,
     .minRows = 1,
     .maxRows = kMaxShiftGears * kMaxShiftLineKnots},
    {.name = "downshift",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = R"([{"from_gear": 2, "throttle": 0, "speed": 3}, {"from_gear": 2, "throttle": 1, "speed": 8}])",
     .doc = "downshift lines: from from_gear to the one below when the vehicle speed falls to the line",
     .columns = kLineColumns,
     .minRows = 1,
     .maxRows = kMaxShiftGears * kMaxShiftLineKnots},
    {.name = "min_time_in_gear",
     .unit = "s",
     .range = kDwell,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "1",
     .doc = "least time between two shifts (absent: 0)"},
    {.name = "overlap_time",
     .unit = "s",
     .range = kRampTime,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0.05",
     .doc = "how long the off-going release runs together with the end of the on-coming fill (absent: 0)"},
    {.name = "shift_speed_offset",
     .unit = "m/s",
     .range = kLineOffset,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "added to the speed of every upshift and downshift line (a calibration offset; the lockup speeds stay; absent: 0)",
     .omitWhenAbsent = true},
    {.name = "initial_gear",
     .unit = "",
     .kind = ParamKind::WholeNumber,
     .range = kGearNumber,
     .required = false,
     .fileDefault = 1.0,
     .editorDefault = "1",
     .doc = "the gear at t = 0 (its elements start applied; absent: 1)"},
    {.name = "lockup",
     .unit = "",
     .kind = ParamKind::Table,
     .required = false,
     .editorDefault = "[]",
     .doc = "the lockup schedule: an element applied in a gear above on_speed, released below off_speed",
     .columns = kLockupColumns,
     .minRows = 0,
     .maxRows = ShiftSchedule::kMaxElements,
     .omitWhenAbsent = true},
    kSamplePeriodParameter,
};
constexpr InputDescriptor kInputs[] = {
    {.name = "throttle",
     .unit = "",
     .range = kThrottleRange,
     .initialDefault = 0.0,
     .doc = "throttle position the lines are read at; bind it to a signal or a driver's output"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "gear", .unit = "state code", .integer = true, .doc = "the gear held over the last tick"},
    {.name = "shifting", .unit = "state code", .integer = true, .doc = "1 while an element's capacity ramps, else 0"},
    {.name = "vehicle_speed", .unit = "m/s", .doc = "vehicle speed at the last sample"},
    {.name = "throttle", .unit = "", .doc = "throttle at the last sample"},
    {.name = "time_in_gear", .unit = "s", .doc = "time since the last shift (or t = 0) at the last sample"},
    {.name = "shifts", .unit = "state code", .integer = true, .doc = "shifts so far"},
    {.name = "lockup", .unit = "state code", .integer = true, .doc = "1 while a lockup element is commanded on"},
};
constexpr PlotSeriesDescriptor kGearSeries[] = {{"gear"}, {"lockup"}};
constexpr DefaultPlotDescriptor kPlots[] = {{"Gear", kGearSeries}};
constexpr ComponentDescriptor kDesc{
    .type = "shift_schedule",
    .label = "Shift schedule (TCU)",
    .group = PaletteGroup::Control,
    .keywords = "TCU transmission automatic gearbox shift map upshift downshift lockup hysteresis controller",
    .fieldPrefix = "shift_schedule",
    .doc = "An automatic transmission's shift schedule sampled once per tick (or per its sample_period): upshift and downshift lines of vehicle speed over "
           "throttle with hysteresis, a least time in gear, a gear table of applied elements, fill and release ramps with overlap, "
           "and a lockup schedule. Each clutch or brake it drives binds its capacity input to it ({\"controller\": id}).",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = kInputs,
    .observables = kObs,
    .idStem = "tcu",
    .defaultPlots = kPlots};

using S = ShiftSchedule;

// an element's capacity at sample n under its ramp (the law in the header)
double level(const S::Element& e, const double* er, std::int32_t mode, double n, double h)
{
    const double c0 = er[S::kLevel0];
    if (mode == 0) return c0;
    const double t = (n - er[S::kStart]) * h - er[S::kDelay];
    // a ramp of zero time is a step at its start; a ramp of time T moves C per T from it
    const double time = mode > 0 ? e.fill : e.release;
    if (!(time > 0.0)) return t >= 0.0 ? (mode > 0 ? e.capacity : 0.0) : c0;
    if (!(t > 0.0)) return c0;
    if (mode > 0) {
        const double v = c0 + e.capacity * t / e.fill;
        return v < e.capacity ? v : e.capacity;
    }
    const double v = c0 - e.capacity * t / e.release;
    return v > 0.0 ? v : 0.0;
}

// a new target for element k from sample n (period T [s]): its ramp starts from its present capacity
void retarget(const S::Params& p, const SampleContext& c, int k, int target, double delay, double n, double T)
{
    double* er = c.real + p.real + S::kRealBase + S::kRealPerElement * k;
    std::int32_t* ef = c.flag + p.flag + S::kFlagBase + S::kFlagPerElement * k;
    er[S::kLevel0] = level(p.element[k], er, ef[S::kMode], n, T);
    er[S::kStart] = n;
    er[S::kDelay] = delay;
    ef[S::kTarget] = target;
    ef[S::kMode] = target ? 1 : -1;
}

// a schedule that did not compile drives nothing (its own errors say why; InputBinder stays quiet)
bool refused(S::Params& p)
{
    p.ids.clear();
    p.nElements = 0;
    return false;
}

int elementIndex(const S::Params& p, const std::string& id)
{
    for (int k = 0; k < p.nElements; ++k) {
        if (p.ids[static_cast<std::size_t>(k)] == id) return k;
    }
    return -1;
}

std::string elementList(const S::Params& p)
{
    std::string s;
    for (const auto& id : p.ids) s += (s.empty() ? "" : ", ") + id;
    return s;
}

} // namespace

const ComponentDescriptor& ShiftSchedule::descriptor() { return kDesc; }

void ShiftSchedule::sample(const Params& p, const SampleContext& c)
{
    if (!p.period.samplesAt(c.tick)) return; // held between samples
    const double T = p.period.seconds(c.h);
    double* r = c.real + p.real;
    std::int32_t* f = c.flag + p.flag;
    const double n = r[kSamples];
    const double v = p.radius * c.speed(p.a);
    const double th = c.real[p.throttle];
    const int g = f[kGear];
    // the gear: one step per sample, once the least time in gear is over
    int next = g;
    const std::int64_t periodNs = std::llround(T * 1e9);
    if (static_cast<std::int64_t>(n - r[kShiftTick]) * periodNs >= p.dwellNs) {
        if (g < p.gears && v >= p.up[g].at(th))
            next = g + 1;
        else if (g > 1 && v <= p.down[g].at(th))
            next = g - 1;
    }
    if (next != g) {
        const std::uint32_t on = p.applied[next] & ~p.applied[g], off = p.applied[g] & ~p.applied[next];
        double fill = 0.0;
        for (int k = 0; k < p.nElements; ++k) {
            if (on >> k & 1u && p.element[k].fill > fill) fill = p.element[k].fill;
        }
        const double delay = fill > p.overlap ? fill - p.overlap : 0.0;
        for (int k = 0; k < p.nElements; ++k) {
            if (on >> k & 1u) retarget(p, c, k, 1, 0.0, n, T);
            if (off >> k & 1u) retarget(p, c, k, 0, delay, n, T);
        }
        f[kGear] = next;
        f[kShifts] += 1;
        r[kShiftTick] = n;
    }
    // the lockup schedule in the gear now held
    int lockupOn = 0;
    for (int i = 0; i < p.nLockup; ++i) {
        const Lockup& l = p.lockup[i];
        const std::int32_t target = f[kFlagBase + kFlagPerElement * l.element + kTarget];
        int want = 0;
        bool listed = false;
        for (int j = 0; j < p.nLockup; ++j) {
            const Lockup& row = p.lockup[j];
            if (row.element != l.element || row.gear != next) continue;
            listed = true;
            want = target ? (v > row.off ? 1 : 0) : (v >= row.on ? 1 : 0);
        }
        if (!listed) want = 0;
        if (want != target) retarget(p, c, l.element, want, 0.0, n, T);
        lockupOn |= want;
    }
    // the outputs held until the next sample
    int shifting = 0;
    for (int k = 0; k < p.nElements; ++k) {
        double* er = r + kRealBase + kRealPerElement * k;
        const std::int32_t* ef = f + kFlagBase + kFlagPerElement * k;
        er[kOutput] = level(p.element[k], er, ef[kMode], n, T);
        if (er[kOutput] != (ef[kTarget] ? p.element[k].capacity : 0.0)) shifting = 1;
    }
    f[kShifting] = shifting;
    f[kLockupOn] = lockupOn;
    r[kSpeed] = v;
    r[kThrottle] = th;
    r[kTimeInGear] = (n - r[kShiftTick]) * T;
    r[kSamples] = n + 1.0;
}

int ShiftSchedule::outputFor(const Params& p, std::string_view id)
{
    for (int k = 0; k < p.nElements; ++k) {
        if (p.ids[static_cast<std::size_t>(k)] == id) return p.real + kRealBase + kRealPerElement * k + kOutput;
    }
    return -1;
}

bool ShiftSchedule::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.radius = ctx.real("wheel_radius");
    p.throttle = ctx.inputSlot("throttle");
    const double dwell = ctx.real("min_time_in_gear");
    p.dwellNs = std::llround(dwell * 1e9);
    p.overlap = ctx.real("overlap_time");
    p.period = compileSamplePeriod(ctx, true);
    // the elements
    const Json& elements = ctx.table("elements");
    for (std::size_t k = 0; k < elements.size(); ++k) {
        const std::string id = elements[k]["element"].get<std::string>();
        if (elementIndex(p, id) >= 0) {
            ctx.error("elements[" + std::to_string(k) + "].element", "'" + id + "' is listed twice: list each element once");
            continue;
        }
        p.ids.push_back(id);
        p.element[p.nElements++] = {elements[k]["capacity"].get<double>(), elements[k]["fill_time"].get<double>(),
                                    elements[k]["release_time"].get<double>()};
    }
    // the gear table
    const Json& gears = ctx.table("gears");
    std::uint32_t shifted = 0;
    for (std::size_t i = 0; i < gears.size(); ++i) {
        const std::string at = "gears[" + std::to_string(i) + "]";
        const double gv = gears[i]["gear"].get<double>();
        const std::string id = gears[i]["element"].get<std::string>();
        const int k = elementIndex(p, id);
        if (gv != std::floor(gv)) {
            ctx.error(at + ".gear", "must be a whole number (got " + formatDouble(gv) + ")");
            continue;
        }
        if (k < 0) {
            ctx.error(at + ".element", "'" + id + "' is not one of this schedule's elements (" + elementList(p) +
                                           "): add it to elements, or correct the id");
            continue;
        }
        const int g = static_cast<int>(gv);
        if (p.applied[g] >> k & 1u) ctx.error(at, "gear " + std::to_string(g) + " lists '" + id + "' twice");
        p.applied[g] |= 1u << k;
        shifted |= 1u << k;
        if (g > p.gears) p.gears = g;
    }
    if (ctx.failed()) return refused(p);
    for (int g = 1; g <= p.gears; ++g) {
        if (!p.applied[g]) ctx.error("gears", "lists no element for gear " + std::to_string(g) + ": every gear 1 .. " +
                                                  std::to_string(p.gears) + " applies at least one");
    }
    if (p.gears < 2) ctx.error("gears", "has one gear: a shift schedule needs two or more");
    for (int g = 1; g <= p.gears; ++g) {
        for (int h = g + 1; h <= p.gears; ++h) {
            if (p.applied[g] && p.applied[g] == p.applied[h])
                ctx.error("gears", "gears " + std::to_string(g) + " and " + std::to_string(h) + " apply the same elements");
        }
    }
    const int initial = static_cast<int>(ctx.real("initial_gear"));
    if (!ctx.failed() && initial > p.gears)
        ctx.error("initial_gear", "is " + std::to_string(initial) + " but the gear table has " + std::to_string(p.gears) + " gears");
    if (ctx.failed()) return refused(p);
    // the lines and their hysteresis
    if (readShiftLines(ctx, "upshift", ctx.table("upshift"), p.gears, true, p.up) &&
        readShiftLines(ctx, "downshift", ctx.table("downshift"), p.gears, false, p.down) &&
        offsetShiftLines(ctx, ctx.real("shift_speed_offset"), p.up, p.down, p.gears))
        checkShiftLines(ctx, p.up, p.down, p.gears);
    // the lockup schedule
    const Json& lockup = ctx.table("lockup");
    std::uint32_t locking = 0;
    for (std::size_t i = 0; lockup.is_array() && i < lockup.size(); ++i) {
        const std::string at = "lockup[" + std::to_string(i) + "]";
        const Json& row = lockup[i];
        const std::string id = row["element"].get<std::string>();
        const int k = elementIndex(p, id);
        const double gv = row["gear"].get<double>();
        const double on = row["on_speed"].get<double>(), off = row["off_speed"].get<double>();
        if (k < 0) {
            ctx.error(at + ".element", "'" + id + "' is not one of this schedule's elements (" + elementList(p) + ")");
            continue;
        }
        locking |= 1u << k; // named by a lockup row (refused or not)
        if (shifted >> k & 1u) {
            ctx.error(at + ".element", "'" + id + "' is a shift element (the gear table applies it): a lockup element is in no gear of `gears`");
            continue;
        }
        if (gv != std::floor(gv) || gv > p.gears) {
            ctx.error(at + ".gear", "must be a gear from 1 to " + std::to_string(p.gears) + " (got " + formatDouble(gv) + ")");
            continue;
        }
        if (!(off < on)) {
            ctx.error(at + ".off_speed", "must be below on_speed (" + formatDouble(on) + " m/s): the gap is the lockup's hysteresis");
            continue;
        }
        for (int j = 0; j < p.nLockup; ++j) {
            if (p.lockup[j].element == k && p.lockup[j].gear == static_cast<int>(gv))
                ctx.error(at, "'" + id + "' has a row for gear " + formatDouble(gv) + " already");
        }
        p.lockup[p.nLockup++] = {k, static_cast<int>(gv), on, off};
    }
    for (int k = 0; k < p.nElements; ++k) {
        if (!((shifted | locking) >> k & 1u))
            ctx.error("elements[" + std::to_string(k) + "].element",
                      "'" + p.ids[static_cast<std::size_t>(k)] + "' is applied in no gear and has no lockup row: use it or remove it");
    }
    // state: the initial gear's elements applied at full capacity, the lockup released
    p.real = ctx.allocReal(kRealBase + kRealPerElement * p.nElements);
    p.flag = ctx.allocFlag(kFlagBase + kFlagPerElement * p.nElements);
    if (ctx.failed()) return refused(p);
    ctx.setFlagInit(p.flag + kGear, initial);
    for (int k = 0; k < p.nElements; ++k) {
        if (!(p.applied[initial] >> k & 1u)) continue;
        ctx.setRealInit(p.real + kRealBase + kRealPerElement * k + kLevel0, p.element[k].capacity);
        ctx.setRealInit(p.real + kRealBase + kRealPerElement * k + kOutput, p.element[k].capacity);
        ctx.setFlagInit(p.flag + kFlagBase + kFlagPerElement * k + kTarget, 1);
    }
    return true;
}

void ShiftSchedule::bondGraph(BondGraphReading& r)
{
    r.signalOnly("a controller: reads the speed of node_a, drives its elements' capacity inputs by signal (no power bond)", "node_a");
}

} // namespace drivelab
