#pragma once
// A DriveLab network read as a bond graph (docs/CAUSALITY.md, "Mapping"): mechanical
// nodes are 1-junctions with an I, hydraulic nodes 0-junctions (C with a volume, Se for a
// reservoir), thermal nodes 0-junctions with a C; each component expands to the elements
// its descriptor's `bondGraph` names. Works on any LabSpec the reader accepts, also one
// the compiler refuses: what cannot be mapped is skipped and noted.
#include <vector>

#include "analysis/bondgraph.h"
#include "spec/labspec.h"

namespace drivelab {

/// Build the bond graph of a lab. `clutchLocked[i]` says whether the i-th clutch in file
/// order is analysed as locked (a rigid 1:1 constraint) or slipping (a friction effort);
/// missing entries mean slipping.
BondGraph buildBondGraph(const LabSpec& spec, const std::vector<bool>& clutchLocked);

/// Which clutches start locked, read from the spec as the compiler decides it: a clutch
/// starts locked when its two sides start at equal speed (to 1e-9 relative), ground
/// counting as 0 rad/s. Entries in clutch file order.
std::vector<bool> initialClutchLocks(const LabSpec& spec);

} // namespace drivelab
