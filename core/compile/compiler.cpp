#include "compile/compilerflat.h"
#include "compile/flatcompiler.h"

#include "compile/methodcheck.h"
#include "compile/initialstate.h"
#include "compile/normalize.h"
#include "compile/resultsspec.h"
#include "compile/runsettings.h"
#include "components/hydraulic/oil.h"
#include "components/registry.h"
#include "components/vehicle/wheelradiuscheck.h"
#include "spec/labreader.h"

namespace drivelab {

std::shared_ptr<Model> FlatCompiler::newModel()
{
    auto m = std::make_shared<Model>();
    m->params = std::make_shared<ComponentParams>();
    return m;
}

std::string FlatCompiler::versionOneNote(bool belowProduct)
{
    return belowProduct ? " (a lab without parts, instances or \"=expr\" fields keeps LAB_FORMAT's limits: 32 nodes, 64 components, "
                          "64 states; one with them holds 64 nodes, 256 components, 96 states; docs/FORMATS.md \"Limits\")"
                        : std::string();
}

CompileResult FlatCompiler::run()
{
    m_m->name = m_spec.name;
    compileRun();
    compileSignalsSection();
    compileOil(m_spec.oil, m_d, m_oil.oil);
    m_m->oil = m_oil.oil;
    compileNodes();
    m_m->oilTemp = m_oil.tempOf;
    m_m->oilFixedT = m_oil.fixedT;
    m_slots.oil = &m_oil;
    m_slots.lab = &m_spec;
    compileComponents();
    m_binder.resolveControllers();
    m_binder.checkDriven();
    compileEvents();
    checkStates();
    if (!m_d.hasErrors()) checkMethodSupport(*m_m, m_d);
    if (!m_d.hasErrors()) solveInitialConditions(*m_m, m_rowComponent, m_d);
    checkResults(m_spec, m_d);
    if (!m_d.hasErrors()) checkWheelRadii(*m_m, m_d);
    warnIdleInputs(); // after every error, so errors are listed first
    CompileResult r;
    if (!m_d.hasErrors()) {
        normalizeModel(m_spec, *m_m, m_binder.signals().normalized, m_parts);
        m_m->source = std::make_shared<const LabSpec>(m_spec);
        r.model = std::move(m_model);
    }
    r.diagnostics = std::move(m_d);
    return r;
}

void FlatCompiler::compileSignalsSection()
{
    for (const SignalSpec& g : m_spec.timeSignals) claimId(g.id, g.id.empty() ? "-" : g.id);
    m_binder.compileSignals();
}

// the input a compiled component does not use (a pressure-applied clutch's capacity, a
// vehicle body's grade beside its grade_table), or nullptr; `why`: its reason
const char* FlatCompiler::inactiveInputOf(const ComponentInfo& info, const char** why) const
{
    const char* off = nullptr;
    forEachComponentType([&]<class T, std::size_t I>() {
        if constexpr (HasInactiveInput<T>) {
            const auto& all = m_m->params->of<T>();
            if (static_cast<int>(I) == info.type && info.local >= 0 && static_cast<std::size_t>(info.local) < all.size()) {
                off = T::inactiveInput(all[static_cast<std::size_t>(info.local)]);
                if (why) *why = T::inactiveInputReason(all[static_cast<std::size_t>(info.local)]);
            }
        }
    });
    return off;
}

void FlatCompiler::compileRun() { compileRunSettings(m_spec.run, *m_m, m_d); }

bool FlatCompiler::claimId(const std::string& id, const std::string& subject)
{
    if (!isValidPathId(id)) {
        m_d.error(subject, "id", "'" + id.substr(0, 80) + "' is not a valid id: " + kIdRule);
        return false;
    }
    if (id == kGroundId) {
        m_d.error(subject, "id", "'ground' is reserved for the fixed reference; choose another id");
        return false;
    }
    if (!m_ids.insert(id).second) {
        m_d.error(subject, "id", "duplicate id '" + id + "'; ids are unique across nodes and components");
        return false;
    }
    return true;
}

void FlatCompiler::checkStates()
{
    m_m->nStates = m_slots.nStates;
    if (m_slots.nStates > m_limits.maxStates)
        m_d.error("-", "components",
                  "the model needs " + std::to_string(m_slots.nStates) + " states (one per node, four per converter); the limit is " +
                      std::to_string(m_limits.maxStates) + " states" + versionOneNote(m_limits.maxStates < kMaxStates));
}

CompileResult compileFlatLab(const LabSpec& flat, const CompileLimits& limits, const Json& parts)
{
    FlatCompiler c(flat, limits, parts);
    return c.run();
}

} // namespace drivelab
