#include "document/portdomains.h"

#include "components/descriptors.h"
#include "spec/portrules.h"

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
    std::optional<Domain> partner = boundDomain(lab, c, "node_a");
    if (const ComponentDescriptor* desc = partner ? nullptr : findComponentDescriptor(c.type)) {
        for (const auto& p : desc->ports) {
            if (partner) break;
            if (p.sameDomainAsA) partner = boundDomain(lab, c, p.name);
        }
    }
    return portDomain(port, partner);
}

bool portAccepts(const LabSpec& lab, const ComponentSpec& c, const PortDescriptor& port, Domain d)
{
    // the core's rule, against every other bound port that follows node_a (binding this one
    // must not make any of them wrong)
    if (checkPortDomain(port, d, std::nullopt) != PortDomainCheck::Accepted) return false;
    if (!port.sameDomainAsA) return true;
    if (const ComponentDescriptor* desc = findComponentDescriptor(c.type)) {
        for (const auto& p : desc->ports) {
            if (!p.sameDomainAsA || std::string(p.name) == port.name) continue;
            if (checkPortDomain(port, d, boundDomain(lab, c, p.name)) != PortDomainCheck::Accepted) return false;
        }
    }
    return true;
}

} // namespace drivelab
