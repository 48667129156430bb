#include "spec/portrules.h"

namespace drivelab {

PortDomainCheck checkPortDomain(const PortDescriptor& port, Domain node, std::optional<Domain> partner)
{
    if (!port.sameDomainAsA) return node == port.domain ? PortDomainCheck::Accepted : PortDomainCheck::WrongDomain;
    // rotational, translational or hydraulic, the same as the partner's
    if (node == Domain::Thermal) return PortDomainCheck::Thermal;
    if (partner && *partner != node) return PortDomainCheck::DiffersFromA;
    return PortDomainCheck::Accepted;
}

Domain portDomain(const PortDescriptor& port, std::optional<Domain> partner)
{
    return port.sameDomainAsA && partner ? *partner : port.domain;
}

} // namespace drivelab
