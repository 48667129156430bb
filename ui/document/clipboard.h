#pragma once
// Copy and paste of items. The clipboard holds a small lab file (the selected nodes, instances and
// components, their events and layout, the inline parts the instances use), so text copied from the editor is a valid lab
// and a lab file's text pastes into the editor. Pasting gives taken ids fresh ones and
// rewires the copied ports to the copies.
#include <QByteArray>
#include <QString>

#include <optional>
#include <set>

#include "document/itembundle.h"

namespace drivelab {

/// mime type of copied items (the text is also offered as text/plain)
inline constexpr const char* kItemsMimeType = "application/x-drivelab-items+json";

/// lab JSON text holding these items, the events of the components and their layout
QByteArray copyItems(const LabSpec& lab, const std::set<std::string>& ids);
/// a bundle pasting clipboard text into `lab`: fresh ids where taken, ports to copied
/// nodes rewired, ports to nodes missing from `lab` dropped, placements shifted by a
/// multiple of `step` until they land on free spots; an instance's inline part that `lab` lacks
/// comes along (ItemBundle::parts); nullopt (with `error`) when the text is not a lab, `lab` has
/// another part of the same name, or an instance's part is neither carried nor usable in `lab`
std::optional<ItemBundle> pasteBundle(const LabSpec& lab, const QByteArray& text, double step, QString* error = nullptr);

} // namespace drivelab
