#include "components/common/table1d.h"

#include <string>

#include "compile/compilecontext.h"

namespace drivelab {

bool Table1D::read(CompileContext& ctx, const char* name, const char* xKey, const char* yKey)
{
    n = 0;
    if (!ctx.has(name)) return true;
    const Json& rows = ctx.table(name);
    // the row count was checked against the descriptor's maxRows (at most kTable1DMaxPoints)
    n = static_cast<int>(rows.size());
    bool ok = true;
    for (int i = 0; i < n; ++i) {
        x[i] = rows[static_cast<std::size_t>(i)][xKey].get<double>();
        y[i] = rows[static_cast<std::size_t>(i)][yKey].get<double>();
        if (i > 0 && !(x[i] > x[i - 1])) {
            ctx.error(std::string(name) + "[" + std::to_string(i) + "]." + xKey,
                      std::string(xKey) + " must increase strictly from row to row (previous " + formatDouble(x[i - 1]) + ")");
            ok = false;
        }
    }
    return ok;
}

} // namespace drivelab
