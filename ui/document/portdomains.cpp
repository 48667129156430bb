#include "document/portdomains.h"

#include "components/registry.h"

namespace drivelab {
namespace {

// the domain of a bound node, when the binding names a declared node
std::optional<Domain> boundDomain(const LabSpec& lab, const ComponentSpec& c, const char* port)
{
    const std::string* node = c.port(port);
    if (!node) return std::nullopt;
    const NodeSpec* n = lab.findNode(*node);
    return n ? domainFromName(n->domain) : std::nullopt;
}

} // namespace

Domain effectiveDomain(const LabSpec& lab, const ComponentSpec& c, const PortDescriptor& port)
{
    if (!port.sameDomainAsA) return port.domain;
    // the domain of node_a's node, else of any other port following it
    if (auto d = boundDomain(lab, c, "node_a")) return *d;
    if (const ComponentDescriptor* desc = findComponentDescriptor(c.type)) {
        for (const auto& p : desc->ports) {
            if (!p.sameDomainAsA) continue;
            if (auto d = boundDomain(lab, c, p.name)) return *d;
        }
    }
    return port.domain;
}

bool portAccepts(const LabSpec& lab, const ComponentSpec& c, const PortDescriptor& port, Domain d)
{
    if (!port.sameDomainAsA) return d == port.domain;
    if (d == Domain::Thermal) return false;
    // the other ports that follow node_a must agree
    if (const ComponentDescriptor* desc = findComponentDescriptor(c.type)) {
        for (const auto& p : desc->ports) {
            if (!p.sameDomainAsA || std::string(p.name) == port.name) continue;
            if (auto other = boundDomain(lab, c, p.name); other && *other != d) return false;
        }
    }
    return true;
}

} // namespace drivelab
