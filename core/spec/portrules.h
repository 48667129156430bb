#pragma once
// The port-domain rule, written once: which node domain a component port accepts. The
// compiler reports a violation, the editor refuses the wire before it is made, and the
// causality mapper reads the same rule.
#include <optional>

#include "spec/descriptor.h"

namespace drivelab {

/// the verdict of the port-domain rule
enum class PortDomainCheck {
    Accepted,     ///< the port may name the node
    WrongDomain,  ///< a fixed-domain port and a node of another domain
    Thermal,      ///< a port following node_a (sameDomainAsA) and a thermal node
    DiffersFromA, ///< a port following node_a and a node of another domain than node_a's
};

/// May `port` name a node of domain `node`? `partner` is the domain of the node its
/// sameDomainAsA group follows (the node on node_a; none when unbound or unknown); it is
/// ignored for a port of one fixed domain.
PortDomainCheck checkPortDomain(const PortDescriptor& port, Domain node, std::optional<Domain> partner);

/// the domain a port takes: its descriptor's, or the partner's for a port following node_a
Domain portDomain(const PortDescriptor& port, std::optional<Domain> partner);

/// may the port name the reserved `ground` node?
inline bool portAcceptsGround(const PortDescriptor& port) { return port.allowGround; }

} // namespace drivelab
