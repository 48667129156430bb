#pragma once
// Where the editor draws an item: the lab's `layout` object maps an id to
// {"x", "y", "rotation", "flip"} (scene units, degrees, mirrored about the vertical axis).
// The layout belongs to the editor only; these helpers read and write it without
// disturbing keys they do not own or the order of the entries.
#include <optional>
#include <string>

#include "spec/labspec.h"

namespace drivelab {

/// position and orientation of one item on the canvas
struct Placement {
    double x = 0.0;    ///< centre x [scene units]
    double y = 0.0;    ///< centre y [scene units]
    int rotation = 0;  ///< 0, 90, 180 or 270 degrees, clockwise
    bool flip = false; ///< mirrored left-right before rotating

    bool operator==(const Placement&) const = default;
};

/// the placement of an item, or nullopt when the layout has no usable entry for it
std::optional<Placement> placementOf(const LabSpec& lab, const std::string& id);
/// write a placement into the layout, updating an existing entry in place
void writePlacement(LabSpec& lab, const std::string& id, const Placement& p);
/// index of a key in a JSON object, or nullopt
std::optional<std::size_t> keyIndex(const Json& object, const std::string& key);
/// insert key at a position of a JSON object (appends when index is past the end)
void insertKeyAt(Json& object, std::size_t index, const std::string& key, Json value);
/// rename a key of a JSON object keeping its position
void renameKeyInPlace(Json& object, const std::string& from, const std::string& to);
/// normalize a rotation to 0, 90, 180 or 270
int normalizedRotation(int degrees);

} // namespace drivelab
