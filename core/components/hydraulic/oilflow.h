#pragma once
// What a hydraulic component does for the oil temperature of thermal-liquid volumes
// (docs/PHYSICS.md, "Thermal-liquid oil"): the thermal energy its flows carry, the heat
// its losses leave in the oil, and a wall (heat port) between its oil and a thermal node.
//   a flow q [m^3/s] from u to d brings q (e_u - e_d) into d's temperature equation, with the
//   flow energy e(p, T) = rho_r c (T - T_r) - alpha p T (OilModel::flowEnergy); the mass balance
//   carries the rest (e_d dm, in the volume's own terms); leaving u it changes only u's mass
#include <initializer_list>

#include "components/component.h"
#include "components/hydraulic/oil.h"

namespace drivelab {

/// the `wall_conductance` parameter of a type with a wall (heat_node) on its oil; `doc` names the oil
constexpr ParameterDescriptor oilWallParameter(const char* doc)
{
    return {.name = "wall_conductance",
            .unit = "W/K",
            .range = Range::closed(0.0, 1e9),
            .required = false,
            .editorDefault = "1",
            .doc = doc,
            .omitWhenAbsent = true};
}

/// book a component's loss [J]: it stayed in the oil the flow entered when that is a
/// thermal-liquid volume (the oil's energy holds it), else it goes to heatNode or the ledger
inline void bookLoss(const CommitContext& c, const OilPort& downstream, int heatNode, double heat)
{
    if (downstream.thermal())
        c.heatToOil->add(heat);
    else
        c.heat(heatNode, heat);
}

/// d(value)/d(stage state)
struct OilDep {
    int state = -1; ///< dynamic-state index (-1: none)
    double d = 0.0; ///< derivative
};

/// power P [W] into the oil temperature at port o (nothing for a fixed oil), with its derivatives
inline void addOilPower(const EvalContext& c, const OilPort& o, double p, std::initializer_list<OilDep> deps)
{
    if (o.t < 0) return;
    c.f[o.t] += p;
    if (c.wantJacobian) {
        for (const OilDep& d : deps) c.addJ(o.t, d.state, d.d);
    }
}

/// the thermal energy a volume flow q from a to b (negative: b to a) carries into the
/// downstream oil temperature, q (e_up - e_dn) with e = OilModel::flowEnergy at each side's
/// stage pressure and temperature (the mass balance carries the rest, e_dn dm); dq lists q's derivatives
inline void advectOil(const EvalContext& c, const OilModel& oil, const OilPort& a, const OilPort& b, double q, std::initializer_list<OilDep> dq)
{
    const bool forward = q >= 0.0;
    const OilPort& up = forward ? a : b;
    const OilPort& dn = forward ? b : a;
    if (dn.t < 0) return;
    const double mag = forward ? q : -q;
    const double pu = c.oilP(up), pd = c.oilP(dn), tu = c.oilT(up), td = c.oilT(dn);
    const double de = oil.flowEnergy(pu, tu) - oil.flowEnergy(pd, td);
    c.f[dn.t] += mag * de;
    if (!c.wantJacobian) return;
    if (up.t >= 0) c.addJ(dn.t, up.t, mag * oil.flowEnergyPerK(pu));
    c.addJ(dn.t, dn.t, -mag * oil.flowEnergyPerK(pd));
    c.addJ(dn.t, up.p, -mag * oil.alpha * tu);
    c.addJ(dn.t, dn.p, mag * oil.alpha * td);
    const double s = forward ? de : -de;
    for (const OilDep& d : dq) c.addJ(dn.t, d.state, s * d.d);
}

/// book what the flow of advectOil brought in from (or took out to) oil outside the
/// thermal-liquid volumes over the interval (volume qh [m^3], a to b): its flow energy upstream
inline void bookOilFlow(const CommitContext& c, const OilModel& oil, const OilPort& a, const OilPort& b, double qh)
{
    if (a.thermal() == b.thermal()) return; // both inside (internal) or both outside (isothermal)
    const OilPort& up = qh >= 0.0 ? a : b;
    const double e = (qh >= 0.0 ? qh : -qh) * oil.flowEnergy(c.value(up.p), c.oilT(up));
    c.oilEnthalpyIn->add(up.thermal() ? -e : e);
}

/// book oil volume v [m^3] taken from port o into moving geometry or storage (negative:
/// returned), carrying the volume's own flow energy
inline void bookOilAbsorbed(const CommitContext& c, const OilModel& oil, const OilPort& o, double v)
{
    if (o.t >= 0) c.oilAbsorbed->add(v * oil.flowEnergy(c.value(o.p), c.oilT(o)));
}

/// a heat port between a component's oil and a thermal node: Q = G (T_oil - T_wall) leaves
/// the oil, T_wall taken at the interval start (explicit in the wall; docs/PHYSICS.md)
struct OilWall {
    int node = -1;  ///< thermal node, -1: none
    double g = 0.0; ///< conductance [W/K]
    OilPort oil;    ///< the oil it touches (a thermal-liquid volume)

    void eval(const EvalContext& c, double& q) const
    {
        if (node < 0) return;
        q = g * (c.oilT(oil) - c.wallT(node));
        c.f[oil.t] -= q;
        if (c.wantJacobian) c.addJ(oil.t, oil.t, -g);
    }
    void commit(const CommitContext& c, double q) const
    {
        if (node >= 0) c.heat(node, q * c.h);
    }
};

} // namespace drivelab
