#include "compile/partflatten.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "compile/fieldexpr.h"
#include "components/descriptors.h"
#include "spec/descriptor.h"

namespace drivelab {
namespace {

// one network being placed: the lab itself, or an instance of a part
struct Scope {
    const Scope* parent = nullptr;
    std::string prefix;                       // "" for the lab, "gearbox/" for instance gearbox, ...
    const LabSpec* net = nullptr;             // the network's own nodes, components, signals, instances
    std::map<std::string, std::string> ports; // port name -> the outer node it stands for (flat id)
    std::map<std::string, std::string> portDomain;
    ExprScope params; // the part's parameter values (empty for the lab)

    // a node name written in this network, as the flat lab calls it
    std::string node(const std::string& n) const
    {
        if (n == kGroundId) return n;
        if (const auto it = ports.find(n); it != ports.end()) return it->second;
        return prefix + n;
    }
    // the domain of a node name written in this network ("" when not known: the compiler reports it)
    std::string domainOf(const std::string& n) const
    {
        if (const auto it = portDomain.find(n); it != portDomain.end()) return it->second;
        if (const NodeSpec* s = net->findNode(n)) return s->domain;
        return "";
    }
    // a signal or controller named in a binding: this network's own, else the enclosing network's
    std::string binding(const std::string& n, bool signal) const
    {
        if (signal ? net->findSignal(n) != nullptr : net->findComponent(n) != nullptr) return prefix + n;
        return parent ? parent->binding(n, signal) : n;
    }
};

class Flattener {
public:
    Flattener(const LabSpec& lab, Diagnostics& d) : m_lab(lab), m_d(d), m_library(lab, d) { }

    FlatLab run()
    {
        FlatLab out;
        LabSpec& f = out.spec;
        f.version = m_lab.version;
        f.name = m_lab.name;
        f.description = m_lab.description;
        f.run = m_lab.run;
        f.events = m_lab.events;
        f.oil = m_lab.oil;
        f.baseDir = m_lab.baseDir;
        f.fileReader = m_lab.fileReader;
        Scope top;
        top.net = &m_lab;
        std::vector<std::string> chain;
        place(top, chain, f);
        out.record = m_library.record();
        return out;
    }

private:
    void place(const Scope& s, std::vector<std::string>& chain, LabSpec& f)
    {
        // instances first, each depth-first, then the network's own entries
        for (const InstanceSpec& inst : s.net->instances) placeInstance(s, inst, chain, f);
        for (const NodeSpec& n : s.net->nodes) {
            NodeSpec e = n;
            e.id = s.prefix + n.id;
            const auto dom = domainFromName(n.domain);
            const NodeDomainDescriptor* desc = dom ? nodeDomainDescriptor(*dom) : nullptr;
            if (e.fields.is_object()) {
                for (auto it = e.fields.begin(); it != e.fields.end(); ++it) {
                    const ParameterDescriptor* fd = desc ? desc->field(it.key()) : nullptr;
                    evaluate(it.value(), s, e.id, it.key(), fd ? fd->unit : nullptr);
                }
            }
            f.nodes.push_back(std::move(e));
        }
        for (const ComponentSpec& c : s.net->components) {
            ComponentSpec e = c;
            e.id = s.prefix + c.id;
            for (auto& [port, node] : e.ports) node = s.node(node);
            const ComponentDescriptor* desc = findComponentDescriptor(c.type);
            const std::string prefix = desc ? std::string(desc->fieldPrefix) + "." : std::string();
            if (e.parameters.is_object()) {
                for (auto it = e.parameters.begin(); it != e.parameters.end(); ++it) {
                    const ParameterDescriptor* pd = desc ? desc->parameter(it.key()) : nullptr;
                    if (pd && pd->kind == ParamKind::Text) continue; // text as written (a file name may start with '=')
                    evaluate(it.value(), s, e.id, prefix + it.key(), pd && pd->kind != ParamKind::Table && pd->kind != ParamKind::Table2D && pd->kind != ParamKind::NumberMap ? pd->unit : nullptr);
                }
            }
            if (e.inputs.is_object()) {
                for (auto it = e.inputs.begin(); it != e.inputs.end(); ++it) {
                    Json& v = it.value();
                    if (v.is_object()) {
                        // a binding: its signal or controller as this network names it
                        for (const char* from : {"signal", "controller"}) {
                            if (v.contains(from) && v[from].is_string()) v[from] = s.binding(v[from].get<std::string>(), from[0] == 's');
                        }
                        for (const char* k : {"scale", "offset"}) {
                            if (v.contains(k)) evaluate(v[k], s, e.id, "inputs." + it.key() + "." + k, nullptr);
                        }
                        continue;
                    }
                    const InputDescriptor* in = desc ? desc->input(it.key()) : nullptr;
                    evaluate(v, s, e.id, "inputs." + it.key(), in ? in->unit : nullptr);
                }
            }
            f.components.push_back(std::move(e));
        }
        for (const SignalSpec& g : s.net->timeSignals) {
            SignalSpec e = g;
            e.id = s.prefix + g.id;
            if (e.fields.is_object()) {
                for (auto it = e.fields.begin(); it != e.fields.end(); ++it) evaluate(it.value(), s, e.id, it.key(), nullptr);
            }
            f.timeSignals.push_back(std::move(e));
        }
    }

    void evaluate(Json& v, const Scope& s, const std::string& subject, const std::string& field, const char* unit)
    {
        if (m_lab.version < 2 && !m_versionNoted && isExpressionValue(v)) {
            m_d.error(subject, field, "an \"=expr\" field needs lab version 2 (this file says version " + std::to_string(m_lab.version) + ")");
            m_versionNoted = true;
            return;
        }
        evaluateFields(v, s.params, subject, field, unit, m_d);
    }

    void placeInstance(const Scope& s, const InstanceSpec& inst, std::vector<std::string>& chain, LabSpec& f)
    {
        const std::string path = s.prefix + inst.id;
        if (!isValidId(inst.id)) {
            m_d.error(path, "id", "'" + inst.id.substr(0, 80) + "' is not a valid instance id: " + kIdRule + " (no '/')");
            return;
        }
        if (s.net->findNode(inst.id) || s.net->findComponent(inst.id) || s.net->findSignal(inst.id) || inst.id == kGroundId ||
            std::count_if(s.net->instances.begin(), s.net->instances.end(), [&](const InstanceSpec& o) { return o.id == inst.id; }) > 1) {
            m_d.error(path, "id", "duplicate id '" + inst.id + "'; ids are unique across nodes, components, signals and instances");
            return;
        }
        if (std::find(chain.begin(), chain.end(), inst.part) != chain.end()) {
            std::string text;
            for (const auto& c : chain) text += c + " -> ";
            m_d.error(path, "part", "part '" + inst.part + "' contains itself: " + text + inst.part + "; a part may not contain an instance of itself");
            return;
        }
        std::string why;
        const PartDefinition* part = m_library.find(inst.part, why);
        if (!part) {
            m_d.error(path, "part", why);
            return;
        }
        Scope child;
        child.parent = &s;
        child.prefix = path + "/";
        child.net = &part->body;
        bool ok = connectPorts(s, inst, *part, path, child);
        ok = setParameters(s, inst, *part, path, child) && ok;
        if (!ok) return;
        chain.push_back(inst.part);
        place(child, chain, f);
        chain.pop_back();
    }

    bool connectPorts(const Scope& s, const InstanceSpec& inst, const PartDefinition& part, const std::string& path, Scope& child)
    {
        bool ok = true;
        for (auto it = inst.ports.begin(); it != inst.ports.end(); ++it) {
            if (!part.port(it.key())) {
                std::string known;
                for (const auto& p : part.ports) known += (known.empty() ? "" : ", ") + p.name;
                m_d.error(path, "ports." + it.key(), "part '" + part.name + "' has no port '" + it.key() + "' (its ports: " + (known.empty() ? "none" : known) + ")");
                ok = false;
            } else if (!it.value().is_string()) {
                m_d.error(path, "ports." + it.key(), "must be a node id (a string)");
                ok = false;
            }
        }
        for (const PartPort& p : part.ports) {
            if (!inst.ports.contains(p.name) || !inst.ports[p.name].is_string()) {
                if (!inst.ports.contains(p.name))
                    m_d.error(path, "ports." + p.name, "not connected: part '" + part.name + "' exposes port '" + p.name + "' (" + p.domain + "); connect it to a node");
                ok = false;
                continue;
            }
            const std::string outer = inst.ports[p.name].get<std::string>();
            const std::string domain = s.domainOf(outer);
            if (!domain.empty() && domain != p.domain) {
                m_d.error(path, "ports." + p.name,
                          "port '" + p.name + "' of part '" + part.name + "' is " + p.domain + ", node '" + outer + "' is " + domain +
                              "; connect a " + p.domain + " node");
                ok = false;
            }
            child.ports[p.name] = s.node(outer);
            child.portDomain[p.name] = p.domain;
        }
        return ok;
    }

    bool setParameters(const Scope& s, const InstanceSpec& inst, const PartDefinition& part, const std::string& path, Scope& child)
    {
        bool ok = true;
        for (auto it = inst.parameters.begin(); it != inst.parameters.end(); ++it) {
            if (part.parameter(it.key())) continue;
            std::string known;
            for (const auto& p : part.parameters) known += (known.empty() ? "" : ", ") + p.name;
            m_d.error(path, "parameters." + it.key(),
                      "part '" + part.name + "' has no parameter '" + it.key() + "' (its parameters: " + (known.empty() ? "none" : known) + ")");
            ok = false;
        }
        for (const PartParameter& p : part.parameters) {
            const std::string field = "parameters." + p.name;
            double value = 0.0;
            if (inst.parameters.contains(p.name)) {
                Json v = inst.parameters[p.name];
                if (!v.is_number() && !isExpressionValue(v)) {
                    m_d.error(path, field, "must be a number or an \"=expr\" string");
                    ok = false;
                    continue;
                }
                // an expression of the enclosing part's parameters (constants only in the lab)
                if (!evaluateFields(v, s.params, path, field, p.unit.c_str(), m_d)) {
                    ok = false;
                    continue;
                }
                value = v.get<double>();
            } else if (p.defaultValue) {
                value = *p.defaultValue;
            } else {
                m_d.error(path, field, "missing: part '" + part.name + "' has no default for it" + (p.unit.empty() ? "" : " [" + p.unit + "]"));
                ok = false;
                continue;
            }
            if (!std::isfinite(value) || value < p.min || value > p.max) {
                m_d.error(path, field, "must be in [" + numberText(p.min) + ", " + numberText(p.max) + "] (got " + numberText(value) + ")");
                ok = false;
                continue;
            }
            child.params[p.name] = ExprVar{value, p.unit};
        }
        return ok;
    }

    const LabSpec& m_lab;
    Diagnostics& m_d;
    PartLibrary m_library;
    bool m_versionNoted = false;
};

} // namespace

bool needsFlattening(const LabSpec& lab) { return labNeedsVersion2(lab); }

FlatLab flattenLab(const LabSpec& lab, Diagnostics& d) { return Flattener(lab, d).run(); }

} // namespace drivelab
