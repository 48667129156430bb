#pragma once
// The words of a Range ("must be in [0, 1]"), with the numbers written by the caller: the
// core writes them in SI, the editor in its display units ("must be in [-954930, 954930] rpm").
#include <functional>
#include <string>

#include "spec/descriptor.h"

namespace drivelab {

/// what a range allows, each number written by `number` and followed by `unit` when it is not empty
std::string describeRange(const Range& range, const std::function<std::string(double)>& number, const std::string& unit);

} // namespace drivelab
