#include "compile/componentchecks.h"

#include <optional>

#include "compile/inputbinder.h"
#include "compile/signalcompile.h"
#include "spec/portrules.h"

namespace drivelab {

std::string listNames(std::span<const ParameterDescriptor> ps)
{
    std::string s;
    for (const auto& p : ps) s += std::string(s.empty() ? "" : ", ") + p.name;
    return s.empty() ? "none" : s;
}

bool checkComponentPorts(const ComponentSpec& c, const ComponentDescriptor& desc, const NodeLookup& findNode,
                         const std::function<bool(const std::string& id)>& failedNode, Diagnostics& d)
{
    bool ok = true;
    for (const auto& [port, node] : c.ports) {
        if (!desc.port(port)) {
            d.error(c.id, port, "unknown port for a " + c.type);
            ok = false;
        }
    }
    for (const auto& p : desc.ports) {
        const std::string* node = c.port(p.name);
        if (!node) {
            if (!p.optional) {
                d.error(c.id, p.name, std::string("missing: name the ") + domainName(p.domain) + " node for the " + p.doc);
                ok = false;
            }
            continue;
        }
        if (*node == kGroundId) {
            if (!portAcceptsGround(p)) {
                d.error(c.id, p.name, std::string("cannot be ground: the ") + p.doc + " must be a " + domainName(p.domain) + " node");
                ok = false;
            }
            continue;
        }
        const NodeRef* ref = findNode(*node);
        if (!ref && failedNode(*node)) {
            ok = false; // a consequence of the node's own errors
        } else if (!ref) {
            d.error(c.id, p.name, "unknown node '" + *node + "'");
            ok = false;
        } else {
            // the partner of a port following node_a: the node on node_a
            std::optional<Domain> partner;
            if (p.sameDomainAsA) {
                const std::string* a = c.port("node_a");
                if (const NodeRef* refA = a ? findNode(*a) : nullptr) partner = refA->domain;
            }
            switch (checkPortDomain(p, ref->domain, partner)) {
            case PortDomainCheck::Accepted: break;
            case PortDomainCheck::Thermal:
                d.error(c.id, p.name, "node '" + *node + "' is thermal; this port needs a rotational, translational or hydraulic node");
                ok = false;
                break;
            case PortDomainCheck::DiffersFromA:
                d.error(c.id, p.name,
                        "node '" + *node + "' is " + domainName(ref->domain) + " but node_a is " + domainName(*partner) +
                            "; both ports must be of one domain");
                ok = false;
                break;
            case PortDomainCheck::WrongDomain:
                d.error(c.id, p.name,
                        "node '" + *node + "' is " + domainName(ref->domain) + "; this port needs a " + domainName(p.domain) + " node");
                ok = false;
                break;
            }
        }
    }
    return ok;
}

bool checkComponentParameters(const ComponentSpec& c, const ComponentDescriptor& desc, InputBinder& binder, Diagnostics& d)
{
    bool ok = true;
    const std::string prefix = std::string(desc.fieldPrefix) + ".";
    if (!c.parameters.is_object()) {
        d.error(c.id, "parameters", "must be an object");
        return false;
    }
    for (auto it = c.parameters.begin(); it != c.parameters.end(); ++it) {
        if (!desc.parameter(it.key())) {
            d.error(c.id, prefix + it.key(), "unknown parameter for a " + c.type + " (it has: " + listNames(desc.parameters) + ")");
            ok = false;
        }
    }
    for (const auto& p : desc.parameters) {
        if (c.parameters.contains(p.name))
            ok = validateParameter(p, c.parameters[p.name], c.id, prefix + p.name, d) && ok;
        else if (p.required) {
            d.error(c.id, prefix + p.name, std::string("missing") + (p.unit[0] ? std::string(" [") + p.unit + "]" : "") + ": " + p.doc);
            ok = false;
        }
    }
    if (!c.inputs.is_object()) {
        d.error(c.id, "inputs", "must be an object");
        return false;
    }
    for (auto it = c.inputs.begin(); it != c.inputs.end(); ++it) {
        const InputDescriptor* in = desc.input(it.key());
        if (!in) {
            std::string names;
            for (const auto& i : desc.inputs) names += std::string(names.empty() ? "" : ", ") + i.name;
            d.error(c.id, "inputs." + it.key(), "unknown input for a " + c.type + " (it has: " + (names.empty() ? "none" : names) + ")");
            ok = false;
        } else if (isSignalBinding(it.value())) {
            ok = binder.read(c, *in, static_cast<int>(in - desc.inputs.data()), it.value()) && ok;
        } else if (!it.value().is_number()) {
            d.error(c.id, "inputs." + it.key(),
                    std::string("must be a number [") + in->unit + "] or a binding {\"signal\": ID, \"scale\": 1, \"offset\": 0}");
            ok = false;
        } else if (!in->range.contains(it.value().get<double>())) {
            d.error(c.id, "inputs." + it.key(), in->range.describe() + " (got " + formatDouble(it.value().get<double>()) + ")");
            ok = false;
        }
    }
    return ok;
}

} // namespace drivelab
