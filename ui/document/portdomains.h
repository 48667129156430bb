#pragma once
// The domain a component port takes. Most ports have one fixed domain; a port marked
// sameDomainAsA (a transformer's) takes the domain of the node bound to node_a (any of
// rotational, translational, hydraulic), so both ports of such a component agree. The rule
// itself is the core's (spec/portrules.h); this applies it to the bindings of a lab.
#include "spec/descriptor.h"
#include "spec/labspec.h"

namespace drivelab {

/// the domain a port has in this lab (its descriptor's domain unless it follows node_a)
Domain effectiveDomain(const LabSpec& lab, const ComponentSpec& component, const PortDescriptor& port);
/// may this port be bound to a node of domain `d`?
bool portAccepts(const LabSpec& lab, const ComponentSpec& component, const PortDescriptor& port, Domain d);

} // namespace drivelab
