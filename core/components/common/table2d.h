#pragma once
// A 2-D table parameter (ParamKind::Table2D): {"x": [...], "y": [...], "values": [[...], ...]},
// values[i][j] = f(x[i], y[j]) (one row per x point, one value per y point). Its descriptor's
// three `columns` name the x axis, the y axis and the values, with their units and ranges
// (a mapped engine's torque map: speed [rad/s] x throttle [-] -> torque [N m]); minRows and
// maxRows bound the points per axis.
//
// Rules (checkTable2D, one pure function; the compiler's diagnostics are its findings):
// an object with exactly x, y and values; each axis a list of minRows..maxRows finite numbers
// within its column's range, strictly increasing; values a list of one row per x point, each a
// list of one number per y point, every value finite and within the value column's range.
//
// Evaluation (Table2D::at): bilinear inside the cell holding (x, y), so a table of
// z = a + b x + c y + d x y is reproduced exactly; outside an axis the ARGUMENT is clamped to
// that axis's end (the edge value is held, its slope along that axis is 0) and `outside` is
// set so the component reports it (nothing is clamped without a message). The cell is found by
// a scan of the axes: no allocation, no cache, nothing to roll back.
#include <string>
#include <vector>

#include "spec/descriptor.h"
#include "util/jsonwrite.h"

namespace drivelab {

/// most points on each axis of a 2-D table
inline constexpr int kTable2DMaxPoints = 32;

/// one thing wrong with a 2-D table's value
struct Table2DFinding {
    enum Part { Whole, X, Y, Values };
    Part part = Whole;   ///< which part of the table
    int row = -1;        ///< axis point, or values row; -1: the part as a whole
    int column = -1;     ///< values column (a y index); -1: the row as a whole
    std::string key;     ///< an unknown key named (part Whole)
    std::string message; ///< what is wrong and what to change

    /// the field path below the parameter: "", "x", "x[2]", "values[3]", "values[3][2]", "colour"
    std::string field() const;
};

/// Every rule of a Table2D parameter's value against its descriptor, in reading order
/// (shape, x, y, values). Empty: the table is valid.
std::vector<Table2DFinding> checkTable2D(const ParameterDescriptor& p, const Json& value);

/// A compiled 2-D table: fixed storage, evaluated without allocation.
struct Table2D {
    int nx = 0, ny = 0;
    double x[kTable2DMaxPoints] = {};
    double y[kTable2DMaxPoints] = {};
    double v[kTable2DMaxPoints * kTable2DMaxPoints] = {}; ///< v[i * ny + j] = f(x[i], y[j])

    /// fill from a value checkTable2D accepted
    void load(const Json& value);

    /// the value at (xq, yq) and its partial derivatives; `outside` is set (never cleared) when
    /// an argument lies outside its axis and was clamped to the axis end
    double at(double xq, double yq, double& dzdx, double& dzdy, bool& outside) const
    {
        double tx, ty;
        const int i = cell(x, nx, xq, tx, outside);
        const int j = cell(y, ny, yq, ty, outside);
        const double* r0 = v + i * ny;
        const double* r1 = r0 + ny;
        const double z00 = r0[j], z01 = r0[j + 1], z10 = r1[j], z11 = r1[j + 1];
        const double hx = x[i + 1] - x[i], hy = y[j + 1] - y[j];
        const double lo = z00 + ty * (z01 - z00); // along y at x[i]
        const double hi = z10 + ty * (z11 - z10); // along y at x[i+1]
        const bool inX = xq >= x[0] && xq <= x[nx - 1], inY = yq >= y[0] && yq <= y[ny - 1];
        dzdx = inX ? (hi - lo) / hx : 0.0;
        dzdy = inY ? ((z01 - z00) + tx * ((z11 - z10) - (z01 - z00))) / hy : 0.0;
        return lo + tx * (hi - lo);
    }

    /// the value at (xq, yq) (see at)
    double at(double xq, double yq, bool& outside) const
    {
        double dx, dy;
        return at(xq, yq, dx, dy, outside);
    }

private:
    // the cell [a[k], a[k+1]] holding q (clamped) and the fraction t of q in it
    static int cell(const double* a, int n, double q, double& t, bool& outside)
    {
        if (!(q >= a[0])) { // also NaN: held at the first point
            outside = true;
            t = 0.0;
            return 0;
        }
        if (q > a[n - 1]) {
            outside = true;
            t = 1.0;
            return n - 2;
        }
        int k = 0;
        while (k + 2 < n && q >= a[k + 1]) ++k;
        t = (q - a[k]) / (a[k + 1] - a[k]);
        return k;
    }
};

} // namespace drivelab
