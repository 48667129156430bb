#pragma once
// Heap allocation counter of the command-line binary (global operator new is
// replaced in alloccount.cpp), so `bench` can report allocations per tick.
#include <cstdint>

namespace drivelab {
/// allocations made by this process so far
std::uint64_t allocationCount();
} // namespace drivelab
