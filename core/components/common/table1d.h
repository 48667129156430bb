#pragma once
// A 1-D table parameter (ParamKind::Table, two columns) compiled into fixed storage: y over a
// strictly increasing x, linear between knots and HELD at the end values beyond the first and
// the last knot (the slope there is 0). Evaluated by a scan: no allocation, no cache, nothing
// to roll back. A vehicle body's grade_table (grade [%] over distance [m]) is one.
//
// Rules: the descriptor's columns check each value (finite, within the column's range, the row
// count) before compile (validateTable); Table1D::read adds the axis rule, x strictly
// increasing, as an error naming the row: `ID: PREFIX.NAME[i].X: ... must increase strictly`.
namespace drivelab {

class CompileContext;

/// most knots of a 1-D table
inline constexpr int kTable1DMaxPoints = 256;

struct Table1D {
    int n = 0;                         ///< knots (0: no table)
    double x[kTable1DMaxPoints] = {};  ///< strictly increasing
    double y[kTable1DMaxPoints] = {};

    /// the value at xq: linear between knots, held at the ends
    double at(double xq) const
    {
        if (xq <= x[0]) return y[0];
        if (xq >= x[n - 1]) return y[n - 1];
        int i = 0;
        while (xq >= x[i + 1]) ++i;
        return y[i] + (xq - x[i]) / (x[i + 1] - x[i]) * (y[i + 1] - y[i]);
    }

    /// read the validated Table parameter `name` (columns `xKey`, `yKey`) when present; false
    /// with an error through ctx at NAME[i].XKEY where x does not increase strictly
    bool read(CompileContext& ctx, const char* name, const char* xKey, const char* yKey);
};

} // namespace drivelab
