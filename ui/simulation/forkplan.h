#pragma once
// Which models a fork may switch to: the same network and settings, the same events
// up to the fork point, and only events at or after the fork tick changed.
#include <QString>

#include <cstdint>

namespace drivelab {

struct Model;
struct State;

/// "" when a branch at state `s` of `parent` may continue on `fork`; otherwise why not
QString forkIncompatibility(const Model& parent, const Model& fork, const State& s);

} // namespace drivelab
