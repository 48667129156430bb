#pragma once
// The drawing's second pass after items have their placements: where each wire arrives
// at its node, which side each label takes (the first that covers no symbol and no
// label placed before it), then every wire's orthogonal route around the symbols.
#include <QHash>
#include <QString>

#include "spec/labspec.h"

namespace drivelab {

class ComponentItem;
class NodeItem;
class WireItem;

/// put every label on its best side (nodes first, then components, in file order)
void placeLabels(const LabSpec& lab, const QHash<QString, ComponentItem*>& components, const QHash<QString, NodeItem*>& nodes);
/// choose node anchors, place the labels, route every wire
void layoutWiresAndLabels(const LabSpec& lab, const QHash<QString, ComponentItem*>& components, const QHash<QString, NodeItem*>& nodes,
                          const QHash<QString, WireItem*>& wires);

} // namespace drivelab
