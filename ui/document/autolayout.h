#pragma once
// Tidy placement for items a lab file gives no layout: the drive line reads left to
// right (each two-port component between its nodes, nodes in columns by their distance
// from the sources), sources sit before or above their shaft, loads and brakes hang
// below it, thermal masses sit under the components that heat them.
#include <functional>
#include <optional>
#include <string_view>

#include "spec/labspec.h"

namespace drivelab {

/// grid pitch of the canvas [scene units]
inline constexpr double kGridPitch = 10.0;

/// where a component type draws a port: offset from the symbol centre and outward direction
struct PortAnchor {
    double x = 0.0, y = 0.0;   ///< anchor, unrotated [scene units]
    double dx = 0.0, dy = 0.0; ///< outward unit direction, unrotated
};
/// the anchor of a port of a type, when the drawing is known
using PortGeometry = std::function<std::optional<PortAnchor>(std::string_view type, std::string_view port)>;

/// Give every node and component without a usable layout entry a placement, and write
/// every entry in the editor's full form (x, y, rotation, flip). Items that already
/// have a placement keep it. With `geometry`, each placed component takes the rotation
/// and mirroring that turns its ports towards their nodes. Returns true when anything
/// was placed.
bool autoPlace(LabSpec& lab, const PortGeometry& geometry = {});

} // namespace drivelab
