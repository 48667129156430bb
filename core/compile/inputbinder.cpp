#include "compile/inputbinder.h"
#include "components/registry.h"

namespace drivelab {

bool InputBinder::compiledSignal(const std::string& id) const
{
    for (const auto& g : m_signals.models) {
        if (g.id == id) return true;
    }
    return false;
}

bool InputBinder::read(const ComponentSpec& c, const InputDescriptor& in, int index, const Json& value)
{
    // bound to a signal that has its own errors (reported with the signal): refused quietly
    if (value.contains("signal") && value["signal"].is_string() && m_spec.findSignal(value["signal"].get<std::string>()) &&
        !compiledSignal(value["signal"].get<std::string>()))
        return false;
    std::string controller;
    auto b = readBinding(value, in, m_signals.models, c.id, std::string("inputs.") + in.name, m_d, &controller);
    if (!b) return false;
    m_pending.push_back({index, *b, controller});
    return true;
}

void InputBinder::bind(const ComponentInfo& info, int componentIndex, const char* inactive)
{
    for (auto& [k, b, controller] : m_pending) {
        const InputDescriptor& in = info.desc->inputs[static_cast<std::size_t>(k)];
        if (inactive && std::string(inactive) == in.name) {
            m_d.error(info.id, std::string("inputs.") + in.name,
                      "this " + std::string(info.desc->type) + " does not use its '" + in.name +
                          "' input (it is applied by pressure); drive the pressure instead");
            continue;
        }
        b.component = componentIndex;
        b.slot = info.inputSlot + k;
        b.flag = m_slots.nFlag++;
        m_slots.flagInit.resize(static_cast<std::size_t>(m_slots.nFlag), 0);
        m_slots.flagInit[static_cast<std::size_t>(b.flag)] = 1;
        if (controller.empty())
            m_slots.realInit[static_cast<std::size_t>(b.slot)] = bindingValue(b, m_signals.models[static_cast<std::size_t>(b.signal)], 0.0);
        else
            m_byController.emplace_back(static_cast<int>(m_m.bindings.size()), controller);
        forEachComponentType([&]<class T, std::size_t I>() {
            if (static_cast<int>(I) == info.type && HasApplyInputs<T>) m_m.bindingsHoldStates = true;
        });
        m_m.bindings.push_back(b);
    }
    m_pending.clear();
}

void InputBinder::resolveControllers()
{
    for (const auto& [index, id] : m_byController) {
        InputBinding& b = m_m.bindings[static_cast<std::size_t>(index)];
        const ComponentInfo& driven = m_m.components[static_cast<std::size_t>(b.component)];
        const InputDescriptor& in = driven.desc->inputs[static_cast<std::size_t>(b.slot - driven.inputSlot)];
        const std::string path = std::string("inputs.") + in.name + ".controller";
        const int ci = m_m.componentIndex(id);
        if (ci < 0) {
            // a controller of the lab that did not compile has its own errors: not repeated here
            if (!m_spec.findComponent(id)) m_d.error(driven.id, path, "unknown component '" + id.substr(0, 80) + "'");
            continue;
        }
        const ComponentInfo& info = m_m.components[static_cast<std::size_t>(ci)];
        forEachComponentType([&]<class T, std::size_t I>() {
            if constexpr (HasOutput<T>) {
                if (static_cast<int>(I) == info.type) b.source = T::outputSlot(m_m.params->of<T>()[static_cast<std::size_t>(info.local)]);
            }
        });
        if (b.source < 0) {
            m_d.error(driven.id, path, "'" + id + "' is a " + info.desc->type + ": it has no output to drive an input (a controller has)");
            continue;
        }
        const double v = b.scale * m_m.realInit[static_cast<std::size_t>(b.source)] + b.offset;
        m_m.realInit[static_cast<std::size_t>(b.slot)] = v < b.lo ? b.lo : v > b.hi ? b.hi : v;
    }
}

int InputBinder::bindingOfSlot(int slot) const
{
    for (std::size_t i = 0; i < m_m.bindings.size(); ++i) {
        if (m_m.bindings[i].slot == slot) return static_cast<int>(i);
    }
    return -1;
}

} // namespace drivelab
