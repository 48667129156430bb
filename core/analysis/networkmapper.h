#pragma once
// A DriveLab network read as a bond graph (docs/CAUSALITY.md, "Mapping"): mechanical
// nodes are 1-junctions with an I, hydraulic nodes 0-junctions (C with a volume, Se for a
// reservoir), thermal nodes 0-junctions with a C; each component expands to the elements
// its type's bondGraph hook reads (analysis/bondgraphreading.h). Works on any LabSpec the
// reader accepts, also one the compiler refuses: what cannot be mapped is skipped and noted.
#include <cstdint>
#include <optional>

#include "analysis/bondgraph.h"
#include "compile/model.h"
#include "spec/labspec.h"

namespace drivelab {

/// Build the bond graph of a lab. With `lockMask`, bit k says whether the k-th switching
/// component (a clutch; file order, the solver's lock mask) is analysed as locked (a rigid
/// constraint) or slipping (an effort); without it (a lab that does not compile) each
/// switching type decides from the file by its own rule.
BondGraph buildBondGraph(const LabSpec& spec, std::optional<std::uint64_t> lockMask);

} // namespace drivelab
