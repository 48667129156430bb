#include "spec/labspec.h"
#include "spec/runmethods.h"

namespace drivelab {

const std::vector<RunMethodInfo>& runMethods()
{
    static const std::vector<RunMethodInfo> methods{
        {RunMethod::Midpoint, "midpoint", "Implicit midpoint (order 2, stiffness-adaptive; the default)", "the default"},
        {RunMethod::Gauss2, "gauss2", "Gauss\u2013Legendre, 2 stages (order 4)", "the 2-stage Gauss-Legendre method"},
        {RunMethod::Radau3, "radau3", "Radau IIA, 2 stages (order 3, L-stable)", "the 2-stage Radau IIA method"},
    };
    return methods;
}

const RunMethodInfo& runMethodInfo(RunMethod m)
{
    for (const RunMethodInfo& i : runMethods()) {
        if (i.method == m) return i;
    }
    return runMethods().front();
}

const std::string* ComponentSpec::port(const std::string& name) const
{
    for (const auto& [p, node] : ports) {
        if (p == name) return &node;
    }
    return nullptr;
}

void ComponentSpec::setPort(const std::string& name, const std::string& node)
{
    for (auto it = ports.begin(); it != ports.end(); ++it) {
        if (it->first == name) {
            if (node.empty())
                ports.erase(it);
            else
                it->second = node;
            return;
        }
    }
    if (!node.empty()) ports.emplace_back(name, node);
}

NodeSpec* LabSpec::findNode(const std::string& id)
{
    for (auto& n : nodes) {
        if (n.id == id) return &n;
    }
    return nullptr;
}

const NodeSpec* LabSpec::findNode(const std::string& id) const { return const_cast<LabSpec*>(this)->findNode(id); }

ComponentSpec* LabSpec::findComponent(const std::string& id)
{
    for (auto& c : components) {
        if (c.id == id) return &c;
    }
    return nullptr;
}

const ComponentSpec* LabSpec::findComponent(const std::string& id) const { return const_cast<LabSpec*>(this)->findComponent(id); }

SignalSpec* LabSpec::findSignal(const std::string& id)
{
    for (auto& g : timeSignals) {
        if (g.id == id) return &g;
    }
    return nullptr;
}

const SignalSpec* LabSpec::findSignal(const std::string& id) const { return const_cast<LabSpec*>(this)->findSignal(id); }

InstanceSpec* LabSpec::findInstance(const std::string& id)
{
    for (auto& i : instances) {
        if (i.id == id) return &i;
    }
    return nullptr;
}

const InstanceSpec* LabSpec::findInstance(const std::string& id) const { return const_cast<LabSpec*>(this)->findInstance(id); }

bool LabSpec::idTaken(const std::string& id) const
{
    return id == kGroundId || findNode(id) != nullptr || findComponent(id) != nullptr || findSignal(id) != nullptr ||
           findInstance(id) != nullptr;
}

bool isValidId(const std::string& id)
{
    if (id.empty() || id.size() > kMaxIdLength) return false;
    const auto alpha = [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    };
    if (!alpha(id[0])) return false;
    for (char c : id) {
        if (!(alpha(c) || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
    }
    return true;
}

bool isValidPathId(const std::string& id)
{
    if (id.size() > kMaxPathLength) return false;
    std::size_t start = 0;
    for (;;) {
        const std::size_t slash = id.find('/', start);
        if (!isValidId(id.substr(start, slash == std::string::npos ? std::string::npos : slash - start))) return false;
        if (slash == std::string::npos) return true;
        start = slash + 1;
    }
}

bool isExpressionValue(const Json& v) { return v.is_string() && !v.get_ref<const std::string&>().empty() && v.get_ref<const std::string&>()[0] == '='; }

namespace {

bool holdsExpression(const Json& v)
{
    if (isExpressionValue(v)) return true;
    if (v.is_structured()) {
        for (const auto& e : v) {
            if (holdsExpression(e)) return true;
        }
    }
    return false;
}

} // namespace

bool labNeedsVersion2(const LabSpec& lab)
{
    if (!lab.parts.empty() || !lab.instances.empty()) return true;
    for (const auto& n : lab.nodes) {
        if (holdsExpression(n.fields)) return true;
    }
    for (const auto& c : lab.components) {
        if (holdsExpression(c.parameters) || holdsExpression(c.inputs)) return true;
    }
    for (const auto& g : lab.timeSignals) {
        if (holdsExpression(g.fields)) return true;
    }
    return false;
}

} // namespace drivelab
