#include "components/rotational/torqueconvertermap.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "compile/compilecontext.h"
#include "components/rotational/torqueconverter.h"

namespace drivelab {
namespace {

constexpr double kEps = 2.220446049250313e-16;
constexpr int kMaxPoints = TorqueConverter::kMaxPoints;

// a computed number for people: six significant digits ("1.02", not "1.0200000000000002");
// numbers the user wrote keep formatDouble, which gives them back as written
std::string rounded(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// the largest six-digit number not above v (a bound the user may type as shown: "at most 1.17647")
std::string roundedDown(double v)
{
    std::string text = rounded(v);
    if (!(v > 0.0) || !std::isfinite(v)) return text;
    // the nearest six-digit number, or the one below it when that is above v
    const double unit = std::pow(10.0, std::floor(std::log10(v)) - 5.0);
    while (std::strtod(text.c_str(), nullptr) > v) text = rounded(std::strtod(text.c_str(), nullptr) - unit);
    return text;
}

// the knots of a well-formed map
struct Knots {
    int n = 0;
    double s[kMaxPoints], r[kMaxPoints], c[kMaxPoints];
};

class Checker {
public:
    explicit Checker(std::vector<ConverterMapFinding>& out) : m_out(out) { }

    void at(int map, int row, int column, std::string message)
    {
        ConverterMapFinding f;
        f.map = map;
        f.row = row;
        f.column = column;
        if (column >= 0) f.key = kConverterMapColumns[column];
        f.message = std::move(message);
        m_out.push_back(std::move(f));
    }

    // the map rules on a well-formed map; false on a violation
    bool rules(int map, const Knots& m)
    {
        bool ok = true;
        if (m.s[0] != -1.0) {
            at(map, 0, 0, "the first point must be at speed_ratio -1 exactly (got " + formatDouble(m.s[0]) + "); a map spans [-1, 1]");
            ok = false;
        }
        if (m.s[m.n - 1] != 1.0) {
            at(map, m.n - 1, 0,
               "the last point must be at speed_ratio 1 exactly (got " + formatDouble(m.s[m.n - 1]) + "); a map spans [-1, 1]");
            ok = false;
        }
        for (int i = 1; i < m.n; ++i) {
            if (!(m.s[i] > m.s[i - 1])) {
                at(map, i, 0,
                   "speed ratios must increase strictly (" + formatDouble(m.s[i]) + " follows " + formatDouble(m.s[i - 1]) +
                       "); reorder or remove the point");
                ok = false;
            }
        }
        if (!ok) return false;
        double dr[kMaxPoints];
        for (int k = 0; k + 1 < m.n; ++k) {
            const double ds = m.s[k + 1] - m.s[k];
            dr[k] = (m.r[k + 1] - m.r[k]) / ds;
            const double dc = (m.c[k + 1] - m.c[k]) / ds;
            if (!std::isfinite(dr[k]) || !std::isfinite(dc)) {
                at(map, k + 1, 0,
                   "the slope between points " + std::to_string(k) + " and " + std::to_string(k + 1) +
                       " is not finite; spread the points apart");
                ok = false;
            }
        }
        if (m.c[m.n - 1] != 0.0) {
            at(map, m.n - 1, 2,
               "must be 0 at speed_ratio 1 (got " + formatDouble(m.c[m.n - 1]) + "): equal speeds transmit no fluid torque");
            ok = false;
        }
        if (m.r[m.n - 1] != 1.0) {
            at(map, m.n - 1, 1, "must be 1 at speed_ratio 1 (got " + formatDouble(m.r[m.n - 1]) + ")");
            ok = false;
        }
        // efficiency s R(s) <= 1 on every segment: R is linear, so s R(s) is a quadratic
        // whose interior maximum must be checked as well as the knots
        for (int k = 0; k < m.n && ok; ++k) {
            const double e = m.s[k] * m.r[k];
            if (e > 1.0) {
                at(map, k, 1,
                   "efficiency (speed_ratio times torque_ratio) = " + rounded(e) + " exceeds 1 at speed_ratio " + formatDouble(m.s[k]) +
                       "; lower torque_ratio to at most " + roundedDown(1.0 / m.s[k]));
                ok = false;
            }
        }
        for (int k = 0; k + 1 < m.n && ok; ++k) {
            const double slope = dr[k];
            if (!(slope < 0.0)) continue;
            // e(s) = slope s^2 + (R_k - slope s_k) s; vertex at s* = -(R_k - slope s_k) / (2 slope)
            const double b = m.r[k] - slope * m.s[k];
            const double sv = -b / (2.0 * slope);
            if (sv > m.s[k] && sv < m.s[k + 1]) {
                const double ev = sv * (m.r[k] + slope * (sv - m.s[k]));
                if (ev > 1.0 + 4.0 * kEps) {
                    at(map, k, 1,
                       "efficiency (speed_ratio times torque_ratio) peaks at " + rounded(ev) + " at speed_ratio " + rounded(sv) + " between points " +
                           std::to_string(k) + " and " + std::to_string(k + 1) +
                           " (the knots pass, the segment does not); lower torque_ratio on this segment or add a point");
                    ok = false;
                }
            }
        }
        return ok;
    }

    // counter-rotation: at s = -1 the driver map and its partner must give the same
    // physical pump and turbine torques (R1 R2 = 1, C2 = C1 R1)
    void pair(int pairIndex, const Knots& m1, const Knots& m2)
    {
        const char* n1 = kConverterMapNames[kCounterRotationPairs[pairIndex][0]];
        const char* n2 = kConverterMapNames[kCounterRotationPairs[pairIndex][1]];
        const double r1 = m1.r[0], c1 = m1.c[0], r2 = m2.r[0], c2 = m2.c[0];
        // unit driver speed: map 1 gives (driver, follower) = (-C1, R1 C1), map 2 seen from the
        // other member gives (follower, driver) = (-R2 C2, C2)
        const double a1 = -c1, b1 = -r2 * c2;
        const double a2 = r1 * c1, b2 = c2;
        const bool ok1 = std::fabs(a1 - b1) <= 64.0 * kEps * (std::fabs(a1) + std::fabs(b1));
        const bool ok2 = std::fabs(a2 - b2) <= 64.0 * kEps * (std::fabs(a2) + std::fabs(b2));
        if (ok1 && ok2) return;
        // the partner values this pair needs; a reciprocal that overflows (R1 at the edge of the
        // double range) is named instead of written
        const double r2Want = 1.0 / r1;
        const std::string r2Text = r1 != 0.0 && std::isfinite(r2Want) ? formatDouble(r2Want) : std::string("1/R");
        ConverterMapFinding f;
        f.pair = pairIndex;
        f.message = std::string("at speed_ratio -1, ") + n1 + " (R " + formatDouble(r1) + ", C " + formatDouble(c1) + ") and " + n2 +
                    " (R " + formatDouble(r2) + ", C " + formatDouble(c2) +
                    ") give different torques when the reference member changes; set " + n2 + "[0] to capacity_coefficient " +
                    formatDouble(c1 * r1) + " and torque_ratio " + r2Text + " (the exact values: torque ratios R1 R2 = 1, C2 = C1 R1)";
        m_out.push_back(std::move(f));
    }

private:
    std::vector<ConverterMapFinding>& m_out;
};

int columnIndex(const std::string& key)
{
    for (int i = 0; i < 3; ++i) {
        if (key == kConverterMapColumns[i]) return i;
    }
    return -1;
}

} // namespace

std::string ConverterMapFinding::field() const
{
    if (map < 0) return "counter_rotation";
    std::string f = kConverterMapNames[map];
    if (row >= 0) f += "[" + std::to_string(row) + "]";
    if (!key.empty()) f += "." + key;
    return f;
}

std::vector<ConverterMapFinding> checkConverterMaps(const Json& parameters)
{
    std::vector<ConverterMapFinding> out;
    Checker check(out);
    const ComponentDescriptor& desc = TorqueConverter::descriptor();
    Knots knots[4];
    bool allOk = true;
    for (int i = 0; i < 4; ++i) {
        const ParameterDescriptor& p = *desc.parameter(kConverterMapNames[i]);
        if (!parameters.is_object() || !parameters.contains(p.name)) {
            check.at(i, -1, -1, std::string("missing: ") + p.doc);
            allOk = false;
            continue;
        }
        // the descriptor's table check, as the compiler reports it
        const Json& t = parameters[p.name];
        std::vector<TableFinding> shape;
        if (!validateTable(p, t, shape)) {
            for (auto& s : shape) {
                ConverterMapFinding f;
                f.map = i;
                f.row = s.row;
                if (s.key) {
                    f.key = *s.key;
                    f.column = columnIndex(*s.key);
                }
                f.message = std::move(s.message);
                out.push_back(std::move(f));
            }
            allOk = false;
            continue;
        }
        Knots& m = knots[i];
        m.n = static_cast<int>(t.size());
        for (int k = 0; k < m.n; ++k) {
            const Json& row = t[static_cast<std::size_t>(k)];
            m.s[k] = row["speed_ratio"].get<double>();
            m.r[k] = row["torque_ratio"].get<double>();
            m.c[k] = row["capacity_coefficient"].get<double>();
        }
        allOk = check.rules(i, m) && allOk;
    }
    if (allOk) {
        for (int pr = 0; pr < 2; ++pr) check.pair(pr, knots[kCounterRotationPairs[pr][0]], knots[kCounterRotationPairs[pr][1]]);
    }
    return out;
}

} // namespace drivelab
