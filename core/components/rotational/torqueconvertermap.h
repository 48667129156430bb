#pragma once
// The rules of a torque converter's four maps (LAB_FORMAT section 2) as one pure function:
// the compiler turns its findings into diagnostics, the editor's map editor shows them at
// their maps, rows and cells. No field path is ever parsed back.
#include <string>
#include <vector>

#include "util/jsonwrite.h"

namespace drivelab {

/// the four maps, in drive-code order (drive 1 .. 4)
inline constexpr const char* kConverterMapNames[4] = {"pump_positive", "pump_negative", "turbine_positive", "turbine_negative"};
/// the columns of a map point
inline constexpr const char* kConverterMapColumns[3] = {"speed_ratio", "torque_ratio", "capacity_coefficient"};
/// the counter-rotation pairs (map indices): pump_positive with turbine_negative, pump_negative with
/// turbine_positive; at s = -1 both maps of a pair must give the same torques
inline constexpr int kCounterRotationPairs[2][2] = {{0, 3}, {1, 2}};

/// one thing wrong with a converter's maps
struct ConverterMapFinding {
    int map = -1;        ///< 0..3 (kConverterMapNames); -1: a counter-rotation pair (see pair)
    int pair = -1;       ///< 0..1 (kCounterRotationPairs) for a counter-rotation finding; -1 otherwise
    int row = -1;        ///< point index; -1: the whole map (or pair)
    int column = -1;     ///< 0..2 (kConverterMapColumns); -1: the whole point (or an unknown key, see key)
    std::string key;     ///< the point's key named (a column or an unknown key); "" for a whole point or map
    std::string message; ///< what is wrong and what to change

    /// the parameter field path: "pump_positive[3].torque_ratio", "pump_positive", "counter_rotation"
    std::string field() const;
};

/// Every rule of the four maps of a torque converter's `parameters` object, in the order the
/// compiler reports them: per map, its presence and shape (the descriptor's table check: row
/// count, keys, numbers, column ranges), then for a well-formed map the map rules (span exactly
/// -1 .. 1, s strictly increasing, finite slopes, C = 0 and R = 1 at s = 1, s·R(s) <= 1 at the
/// knots and inside every segment); then, when all four maps pass, the counter-rotation pairs.
std::vector<ConverterMapFinding> checkConverterMaps(const Json& parameters);

} // namespace drivelab
