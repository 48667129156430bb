// FlatCompiler (flatcompiler.h): the nodes, each a dynamic state (mechanical, hydraulic, a
// thermal-liquid volume's oil temperature) or a thermal mass
#include "compile/flatcompiler.h"

#include <algorithm>

#include "compile/componentchecks.h"
#include "spec/descriptor.h"

namespace drivelab {

void FlatCompiler::compileNodes()
{
    // limits may be raised (benchmarks), never beyond the solver's capacity
    const int maxNodes = std::min(m_limits.maxNodes, kMaxDyn);
    if (static_cast<int>(m_spec.nodes.size()) > maxNodes)
        m_d.error("-", "nodes",
                  std::to_string(m_spec.nodes.size()) + " nodes; a model holds at most " + std::to_string(maxNodes) + " nodes" +
                      versionOneNote(maxNodes < kMaxNodes));
    for (const NodeSpec& n : m_spec.nodes) {
        const bool idOk = claimId(n.id, n.id.empty() ? "-" : n.id);
        const auto dom = domainFromName(n.domain);
        if (!dom) {
            m_d.error(n.id, "domain", "unknown domain '" + n.domain + "' (rotational, translational, hydraulic, thermal)");
            continue;
        }
        const NodeDomainDescriptor* desc = nodeDomainDescriptor(*dom);
        if (!desc) {
            m_d.error(n.id, "domain", std::string(domainName(*dom)) + " nodes are not supported by this build");
            continue;
        }
        bool ok = idOk;
        if (!n.fields.is_object()) {
            m_d.error(n.id, "-", "node fields must be an object");
            continue;
        }
        for (auto it = n.fields.begin(); it != n.fields.end(); ++it) {
            if (!desc->field(it.key())) {
                m_d.error(n.id, it.key(), "unknown field for a " + n.domain + " node (it has: " + listNames(desc->fields) + ")");
                ok = false;
            }
        }
        for (const auto& f : desc->fields) {
            if (n.fields.contains(f.name))
                ok = validateParameter(f, n.fields[f.name], n.id, f.name, m_d) && ok;
            else if (f.required) {
                m_d.error(n.id, f.name, std::string("missing [") + f.unit + "]: " + f.doc);
                ok = false;
            }
        }
        NodeInfo info;
        info.id = n.id;
        info.domain = *dom;
        info.desc = desc;
        const auto val = [&](const char* name) {
            const ParameterDescriptor* f = desc->field(name);
            return n.fields.contains(name) ? parameterValue(*f, n.fields[name]) : f->fileDefault;
        };
        if (*dom == Domain::Rotational || *dom == Domain::Translational) {
            const bool rotational = *dom == Domain::Rotational;
            addDynamic(info, *dom, StateKind::Mechanical, ok ? val(rotational ? "inertia" : "mass") : 1.0,
                       ok ? val(rotational ? "initial_speed" : "initial_velocity") : 0.0,
                       ok && !rotational ? val("initial_position") : 0.0, 2e-12);
        } else if (*dom == Domain::Hydraulic) {
            compileHydraulicNode(n, info, ok, val);
        } else if (*dom == Domain::Thermal) {
            info.index = m_m->nTherm++;
            m_m->heatCapacity.push_back(ok ? val("heat_capacity") : 1.0);
            m_m->temp0.push_back(ok ? val("initial_temperature") : 300.0);
            m_m->ambientG.push_back(ok ? val("ambient_conductance") : 0.0);
            m_m->ambientT.push_back(ok && n.fields.contains("ambient_temperature") ? val("ambient_temperature") : m_m->temp0.back());
        }
        m_nodeRefs.emplace_back(n.id, NodeRef{*dom, info.index});
        m_m->nodes.push_back(std::move(info));
    }
    m_slots.nStates += static_cast<int>(m_spec.nodes.size());
    if (m_m->nDyn > kMaxDyn)
        m_d.error("-", "nodes",
                  "the model needs " + std::to_string(m_m->nDyn) +
                      " solver unknowns (one per mechanical or hydraulic node, two for a thermal-liquid volume); the solver holds at most " +
                      std::to_string(kMaxDyn));
}

// append one dynamic state for a node
void FlatCompiler::addDynamic(NodeInfo& info, Domain dom, StateKind kind, double mass, double x0, double pos0, double atol)
{
    info.index = m_m->nDyn++;
    m_m->mass.push_back(mass);
    m_m->x0.push_back(x0);
    m_m->pos0.push_back(pos0);
    m_m->stageWeight.push_back(kind == StateKind::Algebraic || kind == StateKind::Fixed ? 1.0 : 0.5);
    m_m->atol.push_back(atol);
    m_m->stateKind.push_back(kind);
    m_m->stateDomain.push_back(dom);
    m_m->dynNode.push_back(static_cast<int>(m_m->nodes.size()));
    m_initialSet.push_back(false);
    m_oil.tempOf.push_back(-1);
    m_oil.fixedT.push_back(m_oil.oil.tRef);
}

// the oil temperature of a thermal-liquid volume: a state after its pressure (its rise
// since t = 0), with the oil's heat capacity c rho V as its mass (docs/PHYSICS.md, "Thermal-liquid oil")
void FlatCompiler::addOilTemperature(NodeInfo& info, double volume, double beta, double t0)
{
    const int p = info.index;
    addDynamic(info, Domain::Thermal, StateKind::OilTemperature, m_oil.oil.c * m_oil.oil.rho * volume, 0.0, 0.0, 1e-10);
    info.tempIndex = info.index;
    info.index = p;
    m_initialSet.back() = true;
    m_oil.tempOf[static_cast<std::size_t>(p)] = info.tempIndex;
    m_oil.fixedT[static_cast<std::size_t>(p)] = t0; // the state is the rise since t = 0
    m_m->oilVolumes.push_back(OilVolume{p, info.tempIndex, volume, beta, t0});
    info.desc = &thermalLiquidNodeDescriptor();
}

// a hydraulic node is a reservoir (fixed_pressure), a compliant volume (volume +
// bulk_modulus + initial_pressure) or a pure junction (neither)
template <class Val>
void FlatCompiler::compileHydraulicNode(const NodeSpec& n, NodeInfo& info, bool ok, const Val& val)
{
    m_m->hasHydraulic = true;
    const auto has = [&](const char* f) {
        return n.fields.contains(f);
    };
    constexpr double kPressureTol = 1e-6; // Pa
    const bool thermal = has("initial_temperature");
    if (thermal && !m_oil.oil.present && !m_spec.oil.is_object()) {
        m_d.error(n.id, "initial_temperature", "a thermal-liquid volume needs the lab's oil: add an \"oil\" section (docs/FORMATS.md)");
        ok = false;
    }
    if (has("temperature") && !has("fixed_pressure")) {
        m_d.error(n.id, "temperature", "only a reservoir (fixed_pressure) has a supply temperature; a volume has initial_temperature");
        ok = false;
    }
    if (has("temperature") && !m_oil.oil.present && !m_spec.oil.is_object()) {
        m_d.error(n.id, "temperature", "a supply temperature needs the lab's oil: add an \"oil\" section (docs/FORMATS.md)");
        ok = false;
    }
    if (thermal && !has("volume")) {
        m_d.error(n.id, "initial_temperature",
                  "only a node with a volume carries an oil temperature (a reservoir has temperature; a junction none)");
        ok = false;
    }
    if (has("fixed_pressure")) {
        for (const char* f : {"volume", "bulk_modulus", "initial_pressure"}) {
            if (has(f)) {
                m_d.error(n.id, f, "a reservoir (fixed_pressure) has no " + std::string(f) + "; remove it, or remove fixed_pressure");
                ok = false;
            }
        }
        addDynamic(info, Domain::Hydraulic, StateKind::Fixed, 0.0, ok ? val("fixed_pressure") : 101325.0, 0.0, kPressureTol);
        m_initialSet.back() = true;
        if (ok && has("temperature")) m_oil.fixedT.back() = val("temperature");
        return;
    }
    if (has("volume")) {
        for (const char* f : {"bulk_modulus", "initial_pressure"}) {
            if (!has(f)) {
                m_d.error(n.id, f, std::string("missing: a node with a volume needs ") + f);
                ok = false;
            }
        }
        const double c = ok ? val("volume") / val("bulk_modulus") : 1.0;
        addDynamic(info, Domain::Hydraulic, StateKind::Compliant, c, ok ? val("initial_pressure") : 101325.0, 0.0, kPressureTol);
        m_initialSet.back() = true;
        if (ok && thermal && m_oil.oil.present) addOilTemperature(info, val("volume"), val("bulk_modulus"), val("initial_temperature"));
        return;
    }
    if (has("bulk_modulus")) {
        m_d.error(n.id, "bulk_modulus", "a junction without a volume has no compliance; give volume too, or remove bulk_modulus");
        ok = false;
    }
    addDynamic(info, Domain::Hydraulic, StateKind::Algebraic, 0.0, ok && has("initial_pressure") ? val("initial_pressure") : 101325.0,
               0.0, kPressureTol);
    m_initialSet.back() = has("initial_pressure");
}

} // namespace drivelab
