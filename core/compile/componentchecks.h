#pragma once
// A component's ports, parameters and inputs checked against its descriptor (the compiler's
// first pass over a component, before its own compile hook): every problem a diagnostic.
#include <functional>
#include <span>
#include <string>

#include "compile/compilecontext.h"
#include "spec/descriptor.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

class InputBinder;

/// the compiled node a port names, or nullptr
using NodeLookup = std::function<const NodeRef*(const std::string& id)>;

/// "a, b, c" (or "none"): the names a message offers
std::string listNames(std::span<const ParameterDescriptor> ps);
/// every port known, present when required, ground only where allowed, of the right domain; a
/// port naming a node of the lab that did not compile (`failedNode`: its own errors are reported)
/// is refused quietly, not reported again as an unknown node
bool checkComponentPorts(const ComponentSpec& c, const ComponentDescriptor& desc, const NodeLookup& findNode,
                         const std::function<bool(const std::string& id)>& failedNode, Diagnostics& d);
/// every parameter known and valid, every input known and a number in range or a binding (read
/// into `binder`)
bool checkComponentParameters(const ComponentSpec& c, const ComponentDescriptor& desc, InputBinder& binder, Diagnostics& d);

} // namespace drivelab
