#include "components/rotational/torqueconverter.h"
#include "analysis/bondgraphreading.h"
#include "util/jsonwrite.h"
#include "spec/ranges.h"

#include <cmath>

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "pump (impeller)"},
    {.name = "node_b", .domain = Domain::Rotational, .doc = "turbine"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true,
     .doc = "takes the fluid heat (absent: external ledger)"},
};
constexpr TableColumn kMapColumns[] = {
    {.name = "speed_ratio", .unit = "", .range = Range::closed(-1.0, 1.0),
     .doc = "s = follower speed / driver speed"},
    {.name = "torque_ratio", .unit = "", .range = Range::closed(0.0, 1e3), .doc = "R(s) = |T_follower| / |T_driver|"},
    {.name = "capacity_coefficient", .unit = "N m s^2/rad^2", .range = Range::closed(0.0, 1e6),
     .doc = "C(s): driver torque = C w_D^2 (not a K-factor)"},
};

// A plausible passenger-car converter: stall torque ratio 2, coupling near s = 0.85,
// coast maps without multiplication, counter-rotation pairs matched at s = -1.
#define DRIVE_MAP                                                                                                  \
    R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},)"                                  \
    R"( {"speed_ratio": 0, "torque_ratio": 2, "capacity_coefficient": 0.007},)"                                   \
    R"( {"speed_ratio": 0.2, "torque_ratio": 1.8, "capacity_coefficient": 0.007},)"                               \
    R"( {"speed_ratio": 0.4, "torque_ratio": 1.6, "capacity_coefficient": 0.0069},)"                              \
    R"( {"speed_ratio": 0.6, "torque_ratio": 1.35, "capacity_coefficient": 0.0066},)"                             \
    R"( {"speed_ratio": 0.8, "torque_ratio": 1.1, "capacity_coefficient": 0.0055},)"                              \
    R"( {"speed_ratio": 0.85, "torque_ratio": 1, "capacity_coefficient": 0.0048},)"                               \
    R"( {"speed_ratio": 0.9, "torque_ratio": 1, "capacity_coefficient": 0.0038},)"                                \
    R"( {"speed_ratio": 0.95, "torque_ratio": 1, "capacity_coefficient": 0.0022},)"                               \
    R"( {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])"
#define COAST_MAP                                                                                                  \
    R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},)"                                  \
    R"( {"speed_ratio": 0, "torque_ratio": 1, "capacity_coefficient": 0.003},)"                                   \
    R"( {"speed_ratio": 0.5, "torque_ratio": 1, "capacity_coefficient": 0.0025},)"                                \
    R"( {"speed_ratio": 0.8, "torque_ratio": 1, "capacity_coefficient": 0.0015},)"                                \
    R"( {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])"

constexpr ParameterDescriptor kParams[] = {
    {.name = "pump_positive", .unit = "", .kind = ParamKind::Table, .editorDefault = DRIVE_MAP,
     .doc = "map used while the pump drives forward (drive 1)", .columns = kMapColumns, .minRows = 2,
     .maxRows = TorqueConverter::kMaxPoints},
    {.name = "pump_negative", .unit = "", .kind = ParamKind::Table, .editorDefault = DRIVE_MAP,
     .doc = "map used while the pump drives backward (drive 2)", .columns = kMapColumns, .minRows = 2,
     .maxRows = TorqueConverter::kMaxPoints},
    {.name = "turbine_positive", .unit = "", .kind = ParamKind::Table, .editorDefault = COAST_MAP,
     .doc = "map used while the turbine drives forward (drive 3)", .columns = kMapColumns, .minRows = 2,
     .maxRows = TorqueConverter::kMaxPoints},
    {.name = "turbine_negative", .unit = "", .kind = ParamKind::Table, .editorDefault = COAST_MAP,
     .doc = "map used while the turbine drives backward (drive 4)", .columns = kMapColumns, .minRows = 2,
     .maxRows = TorqueConverter::kMaxPoints},
};
#undef DRIVE_MAP
#undef COAST_MAP

constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .doc = "mean pump torque over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .doc = "mean turbine torque over the last tick"},
    {.name = "torque_at_c", .unit = "N m", .doc = "mean stator reaction over the last tick"},
    {.name = "heat_flow", .unit = "W", .doc = "mean fluid heat power over the last tick"},
    {.name = "fluid_heat", .unit = "J", .doc = "accepted fluid heat since t = 0"},
    {.name = "speed_ratio", .unit = "", .doc = "follower / driver speed now (0 when stopped)"},
    {.name = "converter_drive", .unit = "state code", .integer = true,
     .doc = "0 stopped, 1 pump positive, 2 pump negative, 3 turbine positive, 4 turbine negative"},
};
constexpr ComponentDescriptor kDesc{
    .type = "torque_converter", .label = "Torque converter", .group = "rotational", .fieldPrefix = "converter",
    .bondGraph = "R (two-port, quasi-steady; grounded stator)",
    .doc = "A quasi-steady hydrodynamic torque converter with four signed maps; the stator is grounded.",
    .ports = kPorts, .parameters = kParams, .inputs = {}, .observables = kObs,
    .historyStates = 4, .maxInstances = kMaxConverters, .capability = "quasisteady_converter_powertrain"};

constexpr double kEps = 2.220446049250313e-16;

std::string point(const char* map, int i, const char* col)
{
    return std::string(map) + "[" + std::to_string(i) + "]." + col;
}

// build one map from a shape-validated table; false on a rule violation
bool buildMap(CompileContext& ctx, const char* name, const Json& t, TorqueConverter::Map& m)
{
    bool ok = true;
    m.n = static_cast<int>(t.size());
    for (int i = 0; i < m.n; ++i) {
        const Json& row = t[static_cast<std::size_t>(i)];
        m.s[i] = row["speed_ratio"].get<double>();
        m.r[i] = row["torque_ratio"].get<double>();
        m.c[i] = row["capacity_coefficient"].get<double>();
    }
    if (m.s[0] != -1.0) {
        ctx.error(point(name, 0, "speed_ratio"), "the first point must be at speed_ratio -1 exactly (got " +
                                                     formatDouble(m.s[0]) + "); a map spans [-1, 1]");
        ok = false;
    }
    if (m.s[m.n - 1] != 1.0) {
        ctx.error(point(name, m.n - 1, "speed_ratio"), "the last point must be at speed_ratio 1 exactly (got " +
                                                           formatDouble(m.s[m.n - 1]) + "); a map spans [-1, 1]");
        ok = false;
    }
    for (int i = 1; i < m.n; ++i) {
        if (!(m.s[i] > m.s[i - 1])) {
            ctx.error(point(name, i, "speed_ratio"), "speed ratios must increase strictly (" + formatDouble(m.s[i]) +
                                                         " follows " + formatDouble(m.s[i - 1]) + "); reorder or remove the point");
            ok = false;
        }
    }
    if (!ok) return false;
    for (int k = 0; k + 1 < m.n; ++k) {
        const double ds = m.s[k + 1] - m.s[k];
        m.dr[k] = (m.r[k + 1] - m.r[k]) / ds;
        m.dc[k] = (m.c[k + 1] - m.c[k]) / ds;
        if (!std::isfinite(m.dr[k]) || !std::isfinite(m.dc[k])) {
            ctx.error(point(name, k + 1, "speed_ratio"), "the slope between points " + std::to_string(k) + " and " +
                                                             std::to_string(k + 1) + " is not finite; spread the points apart");
            ok = false;
        }
    }
    m.dr[m.n - 1] = m.dr[m.n - 2];
    m.dc[m.n - 1] = m.dc[m.n - 2];
    if (m.c[m.n - 1] != 0.0) {
        ctx.error(point(name, m.n - 1, "capacity_coefficient"),
                  "must be 0 at speed_ratio 1 (got " + formatDouble(m.c[m.n - 1]) + "): equal speeds transmit no fluid torque");
        ok = false;
    }
    if (m.r[m.n - 1] != 1.0) {
        ctx.error(point(name, m.n - 1, "torque_ratio"),
                  "must be 1 at speed_ratio 1 (got " + formatDouble(m.r[m.n - 1]) + ")");
        ok = false;
    }
    // efficiency s R(s) <= 1 on every segment: R is linear, so s R(s) is a quadratic
    // whose interior maximum must be checked as well as the knots
    for (int k = 0; k < m.n && ok; ++k) {
        const double e = m.s[k] * m.r[k];
        if (e > 1.0) {
            ctx.error(point(name, k, "torque_ratio"), "efficiency s*R = " + formatDouble(e) + " exceeds 1 at speed_ratio " +
                                                          formatDouble(m.s[k]) + "; lower torque_ratio to at most " +
                                                          formatDouble(1.0 / m.s[k]));
            ok = false;
        }
    }
    for (int k = 0; k + 1 < m.n && ok; ++k) {
        const double slope = m.dr[k];
        if (!(slope < 0.0)) continue;
        // e(s) = slope s^2 + (R_k - slope s_k) s; vertex at s* = -(R_k - slope s_k) / (2 slope)
        const double b = m.r[k] - slope * m.s[k];
        const double sv = -b / (2.0 * slope);
        if (sv > m.s[k] && sv < m.s[k + 1]) {
            const double ev = sv * (m.r[k] + slope * (sv - m.s[k]));
            if (ev > 1.0 + 4.0 * kEps) {
                ctx.error(point(name, k, "torque_ratio"),
                          "efficiency s*R(s) peaks at " + formatDouble(ev) + " at speed_ratio " + formatDouble(sv) +
                              " between points " + std::to_string(k) + " and " + std::to_string(k + 1) +
                              " (the knots pass, the segment does not); lower torque_ratio on this segment or add a point");
                ok = false;
            }
        }
    }
    return ok;
}

// counter-rotation: at s = -1 the driver map and its partner must give the same
// physical pump and turbine torques (R1 R2 = 1, C2 = C1 R1)
void checkPair(CompileContext& ctx, const TorqueConverter::Map& m1, const char* n1, const TorqueConverter::Map& m2,
               const char* n2)
{
    const double r1 = m1.r[0], c1 = m1.c[0], r2 = m2.r[0], c2 = m2.c[0];
    // unit driver speed: map 1 gives (driver, follower) = (-C1, R1 C1), map 2 seen from the
    // other member gives (follower, driver) = (-R2 C2, C2)
    const double a1 = -c1, b1 = -r2 * c2;
    const double a2 = r1 * c1, b2 = c2;
    const bool ok1 = std::fabs(a1 - b1) <= 64.0 * kEps * (std::fabs(a1) + std::fabs(b1));
    const bool ok2 = std::fabs(a2 - b2) <= 64.0 * kEps * (std::fabs(a2) + std::fabs(b2));
    if (ok1 && ok2) return;
    // the partner values this pair needs; a reciprocal that overflows (R1 at the edge of the
    // double range) is named instead of written
    const double r2Want = 1.0 / r1;
    const std::string r2Text = r1 != 0.0 && std::isfinite(r2Want) ? formatDouble(r2Want) : std::string("1/R");
    ctx.error("counter_rotation",
              std::string("at speed_ratio -1, ") + n1 + " (R " + formatDouble(r1) + ", C " + formatDouble(c1) + ") and " + n2 +
                  " (R " + formatDouble(r2) + ", C " + formatDouble(c2) +
                  ") give different torques when the reference member changes; set " + n2 +
                  "[0] to capacity_coefficient " + formatDouble(c1 * r1) + " and torque_ratio " +
                  r2Text + " (R1*R2 = 1, C2 = C1*R1)");
}

} // namespace

const ComponentDescriptor& TorqueConverter::descriptor() { return kDesc; }

bool TorqueConverter::compile(CompileContext& ctx, Params& p)
{
    p.pump = ctx.port("node_a");
    p.turbine = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    if (ctx.portNode("node_a") == ctx.portNode("node_b"))
        ctx.errorAt("node_b", "pump and turbine must be two different rotational nodes");
    bool mapsOk = true;
    for (int i = 0; i < 4; ++i) mapsOk = buildMap(ctx, kMapNames[i], ctx.table(kMapNames[i]), p.map[i]) && mapsOk;
    if (mapsOk) {
        checkPair(ctx, p.map[0], kMapNames[0], p.map[3], kMapNames[3]);
        checkPair(ctx, p.map[1], kMapNames[1], p.map[2], kMapNames[2]);
    }
    p.scratch = ctx.allocScratch(2);
    p.mean = ctx.allocMean(3);
    p.real = ctx.allocReal(2);
    return !ctx.failed();
}

// a quasi-steady two-port R: both torques follow from the two speeds, so it sets the effort on
// both of its bonds
void TorqueConverter::bondGraph(BondGraphReading& r)
{
    const auto a = r.port("node_a"), b = r.port("node_b");
    if (!r.is(a, Domain::Rotational) || !r.is(b, Domain::Rotational)) return r.skip("pump and turbine must be rotational nodes");
    const std::string note = "quasi-steady two-port R (torques from the two speeds; stator grounded, no work)";
    const int e = r.addParts({{BgKind::R, "r", note}}, note, Domain::Rotational).front();
    for (const auto& p : {a, b}) r.effortOut(e, r.bond(r.junction(p), e));
}

bool TorqueConverter::reject(const Params& p, const CommitContext& c, std::string& why)
{
    double q = 0.0, bound = 0.0;
    if (!rejects(p, c, q, bound)) return false;
    why = "negative fluid heat " + formatDouble(q) + " J in an interval (rounding allows " + formatDouble(bound) +
          " J); the interval is rejected: check the map's efficiency or refine the tick";
    return true;
}

} // namespace drivelab
