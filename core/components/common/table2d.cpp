#include "components/common/table2d.h"

#include <cmath>

namespace drivelab {
namespace {

const char* kindOf(const Json& v)
{
    if (v.is_null()) return "null";
    if (v.is_boolean()) return "true/false";
    if (v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    if (v.is_array()) return "a list";
    return "an object";
}

// what is wrong with one number of the table, or "" when it is fine
std::string numberProblem(const Json& v, const Range& range, const char* unit)
{
    if (!v.is_number()) return std::string("must be a number, got ") + kindOf(v);
    const double d = v.get<double>();
    if (!std::isfinite(d)) return "not finite";
    if (!range.contains(d)) return range.describe() + (unit[0] ? std::string(" [") + unit + "]" : std::string()) + " (got " + formatDouble(d) + ")";
    return {};
}

class Checker {
public:
    Checker(const ParameterDescriptor& p, std::vector<Table2DFinding>& out) : m_p(p), m_out(out) { }

    void add(Table2DFinding::Part part, int row, int column, std::string message)
    {
        Table2DFinding f;
        f.part = part;
        f.row = row;
        f.column = column;
        f.message = std::move(message);
        m_out.push_back(std::move(f));
    }

    // an axis; its point count (0 when it is not usable)
    int axis(Table2DFinding::Part part, const Json& a, const TableColumn& col)
    {
        if (!a.is_array()) {
            add(part, -1, -1, std::string("must be a list of ") + col.name + " points, got " + kindOf(a));
            return 0;
        }
        const int n = static_cast<int>(a.size());
        if (n < m_p.minRows || n > m_p.maxRows) {
            add(part, -1, -1,
                "has " + std::to_string(n) + " points; the " + col.name + " axis needs " + std::to_string(m_p.minRows) + " to " +
                    std::to_string(m_p.maxRows));
            return 0;
        }
        bool ok = true;
        for (int i = 0; i < n; ++i) {
            const Json& e = a[static_cast<std::size_t>(i)];
            if (std::string problem = numberProblem(e, col.range, col.unit); !problem.empty()) {
                add(part, i, -1, std::move(problem));
                ok = false;
                continue;
            }
            if (i > 0 && a[static_cast<std::size_t>(i - 1)].is_number()) {
                const double prev = a[static_cast<std::size_t>(i - 1)].get<double>(), d = e.get<double>();
                if (std::isfinite(prev) && !(d > prev)) {
                    add(part, i, -1,
                        std::string("the ") + col.name + " axis must increase strictly (" + formatDouble(d) + " follows " +
                            formatDouble(prev) + "); reorder or remove the point");
                    ok = false;
                }
            }
        }
        return ok ? n : 0;
    }

    void values(const Json& v, int nx, int ny)
    {
        const TableColumn& col = m_p.columns[2];
        if (!v.is_array()) {
            add(Table2DFinding::Values, -1, -1, std::string("must be a list of rows (one per x point), got ") + kindOf(v));
            return;
        }
        const int rows = static_cast<int>(v.size());
        if (nx > 0 && rows != nx) {
            add(Table2DFinding::Values, -1, -1,
                "has " + std::to_string(rows) + " rows; it needs one per " + m_p.columns[0].name + " point (" + std::to_string(nx) + ")");
            return;
        }
        for (int i = 0; i < rows; ++i) {
            const Json& r = v[static_cast<std::size_t>(i)];
            if (!r.is_array()) {
                add(Table2DFinding::Values, i, -1, std::string("must be a list of values (one per y point), got ") + kindOf(r));
                continue;
            }
            const int cols = static_cast<int>(r.size());
            if (ny > 0 && cols != ny) {
                add(Table2DFinding::Values, i, -1,
                    "has " + std::to_string(cols) + " values; it needs one per " + m_p.columns[1].name + " point (" +
                        std::to_string(ny) + ")");
                continue;
            }
            for (int j = 0; j < cols; ++j) {
                if (std::string problem = numberProblem(r[static_cast<std::size_t>(j)], col.range, col.unit); !problem.empty())
                    add(Table2DFinding::Values, i, j, std::move(problem));
            }
        }
    }

private:
    const ParameterDescriptor& m_p;
    std::vector<Table2DFinding>& m_out;
};

} // namespace

std::string Table2DFinding::field() const
{
    std::string f;
    switch (part) {
    case Whole: return key;
    case X: f = "x"; break;
    case Y: f = "y"; break;
    case Values: f = "values"; break;
    }
    if (row >= 0) f += "[" + std::to_string(row) + "]";
    if (column >= 0) f += "[" + std::to_string(column) + "]";
    return f;
}

std::vector<Table2DFinding> checkTable2D(const ParameterDescriptor& p, const Json& value)
{
    std::vector<Table2DFinding> out;
    Checker check(p, out);
    if (!value.is_object()) {
        check.add(Table2DFinding::Whole, -1, -1,
                  std::string("must be a table {\"x\": [...], \"y\": [...], \"values\": [[...], ...]}, got ") + kindOf(value));
        return out;
    }
    for (auto it = value.begin(); it != value.end(); ++it) {
        if (it.key() != "x" && it.key() != "y" && it.key() != "values") {
            Table2DFinding f;
            f.key = it.key();
            f.message = "unknown key (a 2-D table has x, y and values)";
            out.push_back(std::move(f));
        }
    }
    const char* parts[3] = {"x", "y", "values"};
    bool complete = true;
    for (int k = 0; k < 3; ++k) {
        if (!value.contains(parts[k])) {
            Table2DFinding f;
            f.part = static_cast<Table2DFinding::Part>(k + 1);
            const TableColumn& col = p.columns[static_cast<std::size_t>(k)];
            const std::string unit = col.unit[0] ? std::string(" [") + col.unit + "]" : std::string();
            f.message = k < 2 ? std::string("missing: the ") + col.name + " axis" + unit
                              : std::string("missing: one row of ") + col.name + unit + " per " + p.columns[0].name + " point";
            out.push_back(std::move(f));
            complete = false;
        }
    }
    if (!complete) return out;
    const int nx = check.axis(Table2DFinding::X, value["x"], p.columns[0]);
    const int ny = check.axis(Table2DFinding::Y, value["y"], p.columns[1]);
    check.values(value["values"], nx, ny);
    return out;
}

void Table2D::load(const Json& value)
{
    const Json& xs = value["x"];
    const Json& ys = value["y"];
    nx = static_cast<int>(xs.size());
    ny = static_cast<int>(ys.size());
    for (int i = 0; i < nx; ++i) x[i] = xs[static_cast<std::size_t>(i)].get<double>();
    for (int j = 0; j < ny; ++j) y[j] = ys[static_cast<std::size_t>(j)].get<double>();
    for (int i = 0; i < nx; ++i) {
        for (int j = 0; j < ny; ++j) v[i * ny + j] = value["values"][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<double>();
    }
}

} // namespace drivelab
