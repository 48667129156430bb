#include "document/itemfactory.h"

#include "components/descriptors.h"
#include "spec/specedit.h"

namespace drivelab {

std::string nodeIdBase(Domain d)
{
    switch (d) {
    case Domain::Rotational: return "shaft";
    case Domain::Thermal: return "heat";
    case Domain::Hydraulic: return "line";
    case Domain::Translational: return "mass";
    }
    return "node";
}

std::string componentIdBase(const std::string& type)
{
    const ComponentDescriptor* d = findComponentDescriptor(type);
    return d ? d->idStemOrType() : type;
}

ItemBundle newNodeBundle(const LabSpec& lab, const NodeDomainDescriptor& d, const Placement& where)
{
    NodeSpec n = makeNode(d, uniqueId(lab, nodeIdBase(d.domain)));
    LabSpec tmp;
    writePlacement(tmp, n.id, where);
    return appendBundle(lab, {n}, {}, {}, tmp.layout);
}

ItemBundle newComponentBundle(const LabSpec& lab, const ComponentDescriptor& d, const Placement& where)
{
    ComponentSpec c = makeComponent(d, uniqueId(lab, componentIdBase(d.type)));
    LabSpec tmp;
    writePlacement(tmp, c.id, where);
    return appendBundle(lab, {}, {c}, {}, tmp.layout);
}

} // namespace drivelab
