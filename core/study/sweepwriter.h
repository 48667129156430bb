#pragma once
// A sweep as its file (docs/FORMATS.md "Sweeps"): the inverse of readSweepJson, keys in the
// documented order, numbers in shortest round-trip form, `count`/`seed` on factors only in a
// grid. What the editor's Study ▸ Save Sweep… writes; readSweepJson reads it back to the same spec.
#include <string>

#include "study/sweepspec.h"

namespace drivelab::study {

/// the sweep's JSON; `spec.lab` is written as it is (the caller makes it relative to the
/// file's folder); a `description` in `spec.source` is kept
Json sweepJson(const SweepSpec& spec);
/// the sweep file's text (pretty JSON, newline-terminated)
std::string sweepText(const SweepSpec& spec);

} // namespace drivelab::study
