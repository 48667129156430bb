#include "components/vehicle/shiftlines.h"

#include <cmath>

#include "compile/compilecontext.h"

namespace drivelab {

bool readShiftLines(CompileContext& ctx, const char* name, const Json& rows, int gears, bool up, ShiftLine* lines)
{
    const std::string field(name);
    const int lo = up ? 1 : 2, hi = up ? gears - 1 : gears;
    bool ok = true;
    int last = 0;
    bool seen[kMaxShiftGears + 1] = {}; // gears with a row, refused or not
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const Json& row = rows[r];
        const std::string at = field + "[" + std::to_string(r) + "]";
        const double gv = row["from_gear"].get<double>();
        const double th = row["throttle"].get<double>();
        const double v = row["speed"].get<double>();
        if (gv != std::floor(gv) || gv < lo || gv > hi) {
            ctx.error(at + ".from_gear",
                      "must be a gear from " + std::to_string(lo) + " to " + std::to_string(hi) + " (" + (up ? "an upshift from" : "a downshift from") +
                          " gear " + formatDouble(gv) + " is not possible with " + std::to_string(gears) + " gears in `gears`)");
            ok = false;
            continue;
        }
        const int g = static_cast<int>(gv);
        seen[g] = true;
        if (g < last) {
            ctx.error(at + ".from_gear", "rows must be ordered by from_gear: gear " + std::to_string(g) + " after gear " + std::to_string(last));
            ok = false;
            continue;
        }
        last = g;
        ShiftLine& l = lines[g];
        if (l.n > 0 && !(th > l.throttle[l.n - 1])) {
            ctx.error(at + ".throttle", "throttle " + formatDouble(th) + " is not above the previous point's " +
                                            formatDouble(l.throttle[l.n - 1]) + "; within a gear throttle must increase");
            ok = false;
            continue;
        }
        if (l.n >= kMaxShiftLineKnots) {
            ctx.error(at, "gear " + std::to_string(g) + " has more than " + std::to_string(kMaxShiftLineKnots) + " points");
            ok = false;
            continue;
        }
        if (l.n == 0) l.firstRow = static_cast<int>(r);
        l.throttle[l.n] = th;
        l.speed[l.n] = v;
        ++l.n;
    }
    for (int g = lo; g <= hi; ++g) {
        if (seen[g]) continue;
        ctx.error(field, std::string("has no line for gear ") + std::to_string(g) + " (the " + (up ? "upshift" : "downshift") +
                             " from gear " + std::to_string(g) + " to " + std::to_string(up ? g + 1 : g - 1) + "): add its points");
        ok = false;
    }
    return ok;
}

bool shiftLinesCross(const ShiftLine& low, const ShiftLine& high, double& at, double& vLow, double& vHigh)
{
    // the knots of both lines in increasing order: the difference is linear between them
    int i = 0, j = 0;
    while (i < low.n || j < high.n) {
        double th;
        if (j >= high.n || (i < low.n && low.throttle[i] <= high.throttle[j]))
            th = low.throttle[i++];
        else
            th = high.throttle[j++];
        const double a = low.at(th), b = high.at(th);
        if (!(a < b)) {
            at = th;
            vLow = a;
            vHigh = b;
            return true;
        }
    }
    return false;
}

bool offsetShiftLines(CompileContext& ctx, double offset, ShiftLine* up, ShiftLine* down, int gears)
{
    bool ok = true;
    for (int g = 1; g <= gears; ++g) {
        for (ShiftLine* line : {&up[g], &down[g]}) {
            for (int i = 0; i < line->n; ++i) {
                const double v = line->speed[i] + offset;
                if (v < 0.0 && ok) {
                    ctx.error("shift_speed_offset", formatDouble(offset) + " m/s takes the " + (line == &up[g] ? "upshift" : "downshift") +
                                                        " line from gear " + std::to_string(g) + " below 0 m/s (" +
                                                        formatDouble(line->speed[i]) + " m/s at throttle " + formatDouble(line->throttle[i]) +
                                                        "): an offset may lower the lines to 0 at most");
                    ok = false;
                }
                line->speed[i] = v;
            }
        }
    }
    return ok;
}

bool checkShiftLines(CompileContext& ctx, const ShiftLine* up, const ShiftLine* down, int gears)
{
    bool ok = true;
    double th = 0.0, a = 0.0, b = 0.0;
    for (int g = 1; g < gears; ++g) {
        // the way back down from g + 1 below the way up from g
        if (shiftLinesCross(down[g + 1], up[g], th, a, b)) {
            ctx.error("downshift[" + std::to_string(down[g + 1].firstRow) + "]",
                      "the downshift line from gear " + std::to_string(g + 1) + " (" + formatDouble(a) + " m/s at throttle " +
                          formatDouble(th) + ") is not below the upshift line from gear " + std::to_string(g) + " (" + formatDouble(b) +
                          " m/s): the lines cross or touch, so the schedule would hunt; keep a speed gap (hysteresis) at every throttle");
            ok = false;
        }
        // in a gear with both lines: the way down below the way up
        if (g >= 2 && shiftLinesCross(down[g], up[g], th, a, b)) {
            ctx.error("downshift[" + std::to_string(down[g].firstRow) + "]",
                      "in gear " + std::to_string(g) + " the downshift line (" + formatDouble(a) + " m/s at throttle " + formatDouble(th) +
                          ") is not below the upshift line (" + formatDouble(b) +
                          " m/s): the lines overlap; lower the downshift or raise the upshift");
            ok = false;
        }
    }
    return ok;
}

} // namespace drivelab
