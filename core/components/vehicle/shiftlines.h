#pragma once
// A shift schedule's lines (shift_schedule's `upshift` and `downshift` tables): for each gear, a
// line of vehicle speed [m/s] over throttle [-], linear between its knots and held beyond its
// ends. A table holds the lines of every gear as rows {from_gear, throttle, speed}, ordered by
// from_gear and, within a gear, by strictly increasing throttle.
//
// Rules (readShiftLines, checkShiftLines; one place, the compiler's diagnostics are theirs):
//   upshift:   a line for every gear 1 .. N-1 (from g to g + 1), none for N
//   downshift: a line for every gear 2 .. N   (from g to g - 1), none for 1
//   hysteresis: D_{g+1}(th) < U_g(th) for every throttle th (the way back down from g + 1 lies
//              below the way up from g), and D_g(th) < U_g(th) in every gear that has both lines.
// Two piecewise-linear lines held beyond their ends differ by a piecewise-linear function whose
// kinks are the knots of either line, so comparing them at the union of their knots is exact.
#include <string>

#include "util/jsonwrite.h"

namespace drivelab {

class CompileContext;

/// most gears of a schedule
inline constexpr int kMaxShiftGears = 16;
/// most knots of one shift line
inline constexpr int kMaxShiftLineKnots = 16;

/// one shift line: vehicle speed [m/s] over throttle [-]
struct ShiftLine {
    int n = 0;                                ///< knots (0: no line)
    double throttle[kMaxShiftLineKnots] = {}; ///< strictly increasing [-]
    double speed[kMaxShiftLineKnots] = {};    ///< vehicle speed [m/s]
    int firstRow = -1;                        ///< the table row of its first knot (for messages)

    /// the line's speed at throttle th: linear between knots, held beyond the ends [m/s]
    double at(double th) const
    {
        if (th <= throttle[0]) return speed[0];
        if (th >= throttle[n - 1]) return speed[n - 1];
        int i = 0;
        while (th > throttle[i + 1]) ++i;
        const double f = (th - throttle[i]) / (throttle[i + 1] - throttle[i]);
        return speed[i] + f * (speed[i + 1] - speed[i]);
    }
};

/// Read a validated `upshift` or `downshift` table (field `name`) into lines[g] for g = 1..gears;
/// errors (through ctx, naming the row) for a gear out of range, rows out of order, a gear
/// without its line. `up`: lines for 1..gears-1, else 2..gears.
bool readShiftLines(CompileContext& ctx, const char* name, const Json& rows, int gears, bool up, ShiftLine* lines);

/// add `offset` [m/s] to every knot of every line (shift_schedule's `shift_speed_offset`; the
/// hysteresis between lines is unchanged by a common offset); an error through ctx, naming the
/// offset and the line, when it takes a knot below 0 m/s
bool offsetShiftLines(CompileContext& ctx, double offset, ShiftLine* up, ShiftLine* down, int gears);

/// the first throttle where `low` is not strictly below `high` (their knots' union), or false
/// when it is below everywhere; `at`, `vLow`, `vHigh`: where and the two speeds there
bool shiftLinesCross(const ShiftLine& low, const ShiftLine& high, double& at, double& vLow, double& vHigh);

/// the hysteresis rules between the lines of every gear (errors through ctx)
bool checkShiftLines(CompileContext& ctx, const ShiftLine* up, const ShiftLine* down, int gears);

} // namespace drivelab
