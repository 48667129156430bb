#pragma once
// What a two-stage solve keeps for the next interval (gauss2.cpp's Stages, stagekeep.cpp): the
// collocation polynomial (State::stagePoly) and the factored Newton matrix (State::stageNewton),
// each tagged with the interval's length and constraint mode, so a later interval uses them only
// when both are the same (docs/PHYSICS.md, "Gauss-Legendre": how Newton starts, when its matrix is kept).
#include <cstdint>

namespace drivelab {

constexpr int kKeptHead = 4; // State::stageNewton: size, length, mode (two halves), then the factors

// an interval's length [s] and constraint mode as three doubles (the mode's 64 bits in two exact halves)
inline void writeInterval(double* at, double h, std::uint64_t key)
{
    at[0] = h;
    at[1] = static_cast<double>(key & 0xffffffffu);
    at[2] = static_cast<double>(key >> 32);
}

inline bool sameInterval(const double* at, double h, std::uint64_t key)
{
    return at[0] == h && at[1] == static_cast<double>(key & 0xffffffffu) && at[2] == static_cast<double>(key >> 32);
}

} // namespace drivelab
