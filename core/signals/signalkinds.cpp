#include "signals/signalkinds.h"

namespace drivelab {
namespace {

/// sine frequency [Hz]
constexpr Range kFrequency = Range::openClosed(0.0, 1e9);
/// phase [rad]
constexpr Range kPhase = Range::closed(-1e6, 1e6);

constexpr const char* kKinds[] = {"table", "sine", "ramp", "step", "csv"};

constexpr SignalFieldDescriptor kSine[] = {
    {"amplitude", "", kSignalValue, true, 0.0, 1.0, "amplitude"},
    {"frequency", "Hz", kFrequency, true, 0.0, 1.0, "frequency"},
    {"phase", "rad", kPhase, false, 0.0, 0.0, "phase at the start"},
    {"offset", "", kSignalValue, false, 0.0, 0.0, "offset (also the value before the start)"},
    {"start", "s", kSignalTime, false, 0.0, 0.0, "start"},
};
constexpr SignalFieldDescriptor kRamp[] = {
    {"start", "s", kSignalTime, false, 0.0, 0.0, "start"},
    {"duration", "s", kSignalTime, true, 0.0, 1.0, "duration (0: a step at the start)"},
    {"from", "", kSignalValue, false, 0.0, 0.0, "value before the start"},
    {"to", "", kSignalValue, true, 0.0, 1.0, "value after the end"},
};
constexpr SignalFieldDescriptor kStep[] = {
    {"time", "s", kSignalTime, true, 0.0, 0.5, "time of the step"},
    {"before", "", kSignalValue, false, 0.0, 0.0, "value before it"},
    {"after", "", kSignalValue, true, 0.0, 1.0, "value from it on"},
};

} // namespace

std::span<const char* const> signalKindNames() { return kKinds; }

std::span<const SignalFieldDescriptor> signalFieldDescriptors(std::string_view kind)
{
    if (kind == "sine") return kSine;
    if (kind == "ramp") return kRamp;
    if (kind == "step") return kStep;
    return {};
}

} // namespace drivelab
