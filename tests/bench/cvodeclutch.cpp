// CVODE's side of the clutch-fill benchmark (issue 21): the model of
// tests/bench/labs/clutch-fill.lab.json written with the same equations as DriveLab's
// components (docs/PHYSICS.md; core/components/rotational/clutch.h, hydraulic/orifice.h).
//
//      engine_torque Te                                        load_torque TL
//            |                                                       |
//         [ Je ] ----------------- clutch -------------------- [ Jl ]
//                                   ^ capacity Cs(p)
//      valve ps --- feed G ---> piston volume C = V/beta, pressure p
//
//   C dp/dt = G (ps - p)                              laminar orifice, time constant tau = C/G
//   Cs(p) = max(0, g (p - p_env) - s)                 g = mu n r A, s = mu n r F_spring
//   slipping, direction d = sign(we - wl):
//     Je dwe/dt = Te - d k Cs(p),  Jl dwl/dt = TL + d k Cs(p),  dQ/dt = d k Cs(p) (we - wl)
//   locked, one speed w:
//     (Je + Jl) dw/dt = Te + TL,   torque the clutch passes to the load Tc = Jl dw/dt - TL
//
// Mode changes (CVODE's roots, then CVodeReInit of the memory of the other mode: a slipping
// memory with 4 states we, wl, p, Q and a locked one with 3, w, p, Q):
//   slipping -> locked   the slip reaches 0 and |Tc| <= Cs(p): an inelastic lock at equal speeds
//                        w = (Je we + Jl wl)/(Je + Jl), the kinetic energy lost booked as heat
//                        (DriveLab's lock projection); |Tc| > Cs(p) there: the slip reverses
//   locked -> slipping   Cs(p) falls to |Tc| (root of g (p - p_env) - s - |Tc|), or an input
//                        step leaves |Tc| > Cs(p) (breakaway at the step), direction sign(Tc)
//   the return-spring threshold (p - p_env) A - F_spring = 0 (root of g (p - p_env) - s) is a
//   kink of Cs: located and restarted from, like the input steps (CVodeSetStopTime).
#include "cvodeclutch.h"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace drivelab::bench {

namespace {

const Json& byId(const Json& list, const std::string& id)
{
    for (const auto& e : list)
        if (e.value("id", "") == id) return e;
    throw std::runtime_error("clutch-fill lab: no '" + id + "'");
}

// the present inputs and the slip direction, shared by the callbacks
struct Sim {
    const ClutchFill* m = nullptr;
    double te = 0.0, tl = 0.0, ps = 0.0;
    int dir = 0;

    double capacity(double p) const { return std::max(0.0, m->gain * (p - m->pEnv) - m->springTerm); }
    double lockedRate() const { return (te + tl) / (m->je + m->jl); }
    double lockedTorque() const { return m->jl * lockedRate() - tl; }
    double fill(double p) const { return m->conductance * (ps - p) / m->compliance; }
};

Sim& sim(void* ud) { return *static_cast<Sim*>(ud); }

// slipping: y = (we, wl, p, Q)
int rhsSlip(sunrealtype, N_Vector y, N_Vector yd, void* ud)
{
    const Sim& s = sim(ud);
    const double* v = N_VGetArrayPointer(y);
    double* d = N_VGetArrayPointer(yd);
    const double tk = s.dir * s.m->kineticRatio * s.capacity(v[2]);
    d[0] = (s.te - tk) / s.m->je;
    d[1] = (s.tl + tk) / s.m->jl;
    d[2] = s.fill(v[2]);
    d[3] = tk * (v[0] - v[1]);
    return 0;
}

int jacSlip(sunrealtype, N_Vector y, N_Vector, SUNMatrix J, void* ud, N_Vector, N_Vector, N_Vector)
{
    const Sim& s = sim(ud);
    const double* v = N_VGetArrayPointer(y);
    SUNMatZero(J);
    const double tk = s.dir * s.m->kineticRatio * s.capacity(v[2]);
    const double dtk = s.capacity(v[2]) > 0.0 ? s.dir * s.m->kineticRatio * s.m->gain : 0.0; // d tk / dp
    SM_ELEMENT_D(J, 0, 2) = -dtk / s.m->je;
    SM_ELEMENT_D(J, 1, 2) = dtk / s.m->jl;
    SM_ELEMENT_D(J, 2, 2) = -s.m->conductance / s.m->compliance;
    SM_ELEMENT_D(J, 3, 0) = tk;
    SM_ELEMENT_D(J, 3, 1) = -tk;
    SM_ELEMENT_D(J, 3, 2) = dtk * (v[0] - v[1]);
    return 0;
}

// roots while slipping: the slip, the spring threshold
int rootsSlip(sunrealtype, N_Vector y, sunrealtype* g, void* ud)
{
    const Sim& s = sim(ud);
    const double* v = N_VGetArrayPointer(y);
    g[0] = v[0] - v[1];
    g[1] = s.m->gain * (v[2] - s.m->pEnv) - s.m->springTerm;
    return 0;
}

// locked: y = (w, p, Q)
int rhsLocked(sunrealtype, N_Vector y, N_Vector yd, void* ud)
{
    const Sim& s = sim(ud);
    const double* v = N_VGetArrayPointer(y);
    double* d = N_VGetArrayPointer(yd);
    d[0] = s.lockedRate();
    d[1] = s.fill(v[1]);
    d[2] = 0.0;
    return 0;
}

int jacLocked(sunrealtype, N_Vector, N_Vector, SUNMatrix J, void* ud, N_Vector, N_Vector, N_Vector)
{
    const Sim& s = sim(ud);
    SUNMatZero(J);
    SM_ELEMENT_D(J, 1, 1) = -s.m->conductance / s.m->compliance;
    return 0;
}

// roots while locked: the capacity falling to the transmitted torque, and to zero
int rootsLocked(sunrealtype, N_Vector y, sunrealtype* g, void* ud)
{
    const Sim& s = sim(ud);
    const double* v = N_VGetArrayPointer(y);
    g[1] = s.m->gain * (v[1] - s.m->pEnv) - s.m->springTerm;
    g[0] = g[1] - std::fabs(s.lockedTorque());
    return 0;
}

// one mode's CVODE memory
struct Mode {
    void* mem = nullptr;
    N_Vector y = nullptr, atol = nullptr;
    SUNMatrix a = nullptr;
    SUNLinearSolver ls = nullptr;

    Mode(SUNContext ctx, int n, CVRhsFn f, CVLsJacFn jac, CVRootFn roots, const double* scale, double rtol, Sim* s)
    {
        y = N_VNew_Serial(n, ctx);
        atol = N_VNew_Serial(n, ctx);
        for (int i = 0; i < n; ++i) {
            N_VGetArrayPointer(y)[i] = 0.0;
            N_VGetArrayPointer(atol)[i] = rtol * scale[i];
        }
        mem = CVodeCreate(CV_BDF, ctx);
        a = SUNDenseMatrix(n, n, ctx);
        ls = SUNLinSol_Dense(y, a, ctx);
        if (!mem || !a || !ls || CVodeInit(mem, f, 0.0, y) != CV_SUCCESS || CVodeSVtolerances(mem, rtol, atol) != CV_SUCCESS ||
            CVodeSetUserData(mem, s) != CV_SUCCESS || CVodeSetLinearSolver(mem, ls, a) != CV_SUCCESS ||
            CVodeSetJacFn(mem, jac) != CV_SUCCESS || CVodeRootInit(mem, 2, roots) != CV_SUCCESS ||
            CVodeSetMaxNumSteps(mem, 100000000L) != CV_SUCCESS || CVodeSetMaxHnilWarns(mem, -1) != CV_SUCCESS)
            throw std::runtime_error("CVODE set-up failed");
    }
    ~Mode()
    {
        CVodeFree(&mem);
        SUNLinSolFree(ls);
        SUNMatDestroy(a);
        N_VDestroy(atol);
        N_VDestroy(y);
    }
    Mode(const Mode&) = delete;
    Mode& operator=(const Mode&) = delete;

    // add this memory's counters since its last restart
    void harvest(Outcome& o) const
    {
        long steps = 0, rhs = 0, jac = 0, g = 0;
        CVodeGetNumSteps(mem, &steps);
        CVodeGetNumRhsEvals(mem, &rhs);
        CVodeGetNumJacEvals(mem, &jac);
        CVodeGetNumGEvals(mem, &g);
        o.steps += steps;
        o.rhs += rhs;
        o.jac += jac;
        o.roots += g;
    }
};

} // namespace

const char* eventName(int kind)
{
    static const char* names[] = {"lock", "breakaway", "release", "spring threshold (fill)", "spring threshold (drain)"};
    return kind >= 0 && kind < 5 ? names[kind] : "?";
}

ClutchFill readClutchFill(const Json& lab)
{
    ClutchFill m;
    const Json& nodes = lab.at("nodes");
    const Json& comps = lab.at("components");
    m.je = byId(nodes, "engine").at("inertia").get<double>();
    m.jl = byId(nodes, "load").at("inertia").get<double>();
    m.we0 = byId(nodes, "engine").at("initial_speed").get<double>();
    m.wl0 = byId(nodes, "load").at("initial_speed").get<double>();
    const Json& piston = byId(nodes, "piston");
    m.compliance = piston.at("volume").get<double>() / piston.at("bulk_modulus").get<double>();
    m.p0 = piston.at("initial_pressure").get<double>();
    m.conductance = byId(comps, "feed").at("parameters").at("conductance").get<double>();
    const Json& cp = byId(comps, "clutch").at("parameters");
    const double k =
        cp.at("friction_coefficient").get<double>() * cp.at("surfaces").get<double>() * cp.at("effective_radius").get<double>();
    m.gain = k * cp.at("piston_area").get<double>();
    m.springTerm = k * cp.value("return_spring_force", 0.0);
    m.kineticRatio = cp.value("kinetic_ratio", 1.0);
    if (cp.contains("environment_pressure") && cp.at("environment_pressure").is_number())
        m.pEnv = cp.at("environment_pressure").get<double>();
    m.te0 = byId(comps, "engine_torque").at("inputs").at("torque").get<double>();
    m.tl0 = byId(comps, "load_torque").at("inputs").at("torque").get<double>();
    m.ps0 = byId(comps, "valve").at("inputs").at("pressure").get<double>();
    for (const auto& e : lab.at("events")) {
        InputStep s;
        s.time = e.at("time_ns").get<double>() * 1e-9;
        s.value = e.at("value").get<double>();
        const std::string c = e.at("component").get<std::string>();
        s.target = c == "engine_torque" ? InputStep::EngineTorque : c == "load_torque" ? InputStep::LoadTorque : InputStep::Supply;
        if (c != "engine_torque" && c != "load_torque" && c != "valve") throw std::runtime_error("clutch-fill lab: event on '" + c + "'");
        m.steps.push_back(s);
    }
    std::stable_sort(m.steps.begin(), m.steps.end(), [](const InputStep& a, const InputStep& b) {
        return a.time < b.time;
    });
    m.duration = lab.at("run").at("duration_ns").get<double>() * 1e-9;
    return m;
}

Outcome runCvode(const ClutchFill& m, double rtol)
{
    Outcome o;
    SUNContext ctx = nullptr;
    if (SUNContext_Create(nullptr, &ctx) != 0) throw std::runtime_error("SUNContext_Create failed");
    {
        Sim s;
        s.m = &m;
        s.te = m.te0;
        s.tl = m.tl0;
        s.ps = m.ps0;
        const double slipScale[] = {100.0, 100.0, 1e6, 100.0}, lockedScale[] = {100.0, 1e6, 100.0};
        Mode slip(ctx, 4, rhsSlip, jacSlip, rootsSlip, slipScale, rtol, &s);
        Mode lockd(ctx, 3, rhsLocked, jacLocked, rootsLocked, lockedScale, rtol, &s);

        double we = m.we0, wl = m.wl0, p = m.p0, q = 0.0, t = 0.0;
        auto sameSpeed = [](double a, double b) {
            return std::fabs(a - b) <= 1e-12 + 1e-9 * (std::fabs(a) + std::fabs(b));
        };
        bool locked = s.capacity(p) > 0.0 && sameSpeed(we, wl); // Clutch::startsLocked
        s.dir = locked || sameSpeed(we, wl) ? 0 : (we > wl ? 1 : -1);
        auto lockNow = [&] {
            const double w = (m.je * we + m.jl * wl) / (m.je + m.jl);
            q += 0.5 * (m.je * we * we + m.jl * wl * wl) - 0.5 * (m.je + m.jl) * w * w;
            we = wl = w;
            locked = true;
            s.dir = 0;
        };
        auto breakNow = [&](double tc) {
            locked = false;
            s.dir = tc > 0.0 ? 1 : -1;
        };
        Mode* active = nullptr;
        auto restart = [&] {
            if (active) active->harvest(o);
            active = locked ? &lockd : &slip;
            double* v = N_VGetArrayPointer(active->y);
            if (locked) {
                v[0] = we, v[1] = p, v[2] = q;
            } else {
                v[0] = we, v[1] = wl, v[2] = p, v[3] = q;
            }
            int dirs[2] = {-1, -1};
            if (!locked) dirs[0] = -s.dir, dirs[1] = 0;
            if (CVodeReInit(active->mem, t, active->y) != CV_SUCCESS || CVodeSetRootDirection(active->mem, dirs) != CV_SUCCESS)
                throw std::runtime_error("CVodeReInit failed");
            ++o.restarts;
        };
        restart();
        std::size_t next = 0;
        while (t < m.duration) {
            double stop = next < m.steps.size() && m.steps[next].time < m.duration ? m.steps[next].time : m.duration;
            if (m.probe > t && m.probe < stop) stop = m.probe; // a stop, not a restart: nothing changes there
            CVodeSetStopTime(active->mem, stop);
            double tret = t;
            const int flag = CVode(active->mem, stop, active->y, &tret, CV_NORMAL);
            if (flag < 0) {
                o.ok = false;
                o.error = "CVode failed (flag " + std::to_string(flag) + ") at t = " + std::to_string(tret);
                break;
            }
            t = tret;
            const double* v = N_VGetArrayPointer(active->y);
            if (locked) {
                we = wl = v[0], p = v[1], q = v[2];
            } else {
                we = v[0], wl = v[1], p = v[2], q = v[3];
            }
            if (t == m.probe) o.pProbe = p;
            if (flag == CV_ROOT_RETURN) {
                int found[2] = {0, 0};
                CVodeGetRootInfo(active->mem, found);
                const double tc = s.lockedTorque();
                if (locked) {
                    // the capacity fell to the transmitted torque (breakaway) or to zero (release)
                    if (tc == 0.0) {
                        locked = false;
                        s.dir = 0;
                        o.events.push_back({ModelEvent::Release, t});
                    } else {
                        breakNow(tc);
                        o.events.push_back({ModelEvent::Breakaway, t});
                    }
                    if (found[1]) o.events.push_back({ModelEvent::SpringDown, t});
                } else {
                    if (found[1]) o.events.push_back({s.fill(p) > 0.0 ? ModelEvent::SpringUp : ModelEvent::SpringDown, t});
                    if (found[0]) {
                        if (s.capacity(p) > 0.0) {
                            lockNow();
                            o.events.push_back({ModelEvent::Lock, t});
                            if (std::fabs(tc) > s.capacity(p)) { // reversal
                                breakNow(tc);
                                o.events.push_back({ModelEvent::Breakaway, t});
                            }
                        } else {
                            s.dir = -s.dir; // free: the slip passes through zero
                        }
                    } else if (s.dir == 0 && s.capacity(p) > 0.0 && !sameSpeed(we, wl)) {
                        s.dir = we > wl ? 1 : -1;
                    }
                }
                restart();
                continue;
            }
            if (next < m.steps.size() && t >= m.steps[next].time) {
                if (m.steps[next].time == m.steps.back().time) o.heatLast = q;
                for (; next < m.steps.size() && m.steps[next].time <= t; ++next) {
                    const InputStep& st = m.steps[next];
                    (st.target == InputStep::EngineTorque ? s.te : st.target == InputStep::LoadTorque ? s.tl : s.ps) = st.value;
                }
                if (locked && std::fabs(s.lockedTorque()) > s.capacity(p)) {
                    breakNow(s.lockedTorque());
                    o.events.push_back({ModelEvent::Breakaway, t});
                }
                restart();
            }
        }
        if (active) active->harvest(o);
        o.we = we;
        o.wl = wl;
        o.heat = q;
        o.p = p;
    }
    SUNContext_Free(&ctx);
    return o;
}

} // namespace drivelab::bench
