#include "study/design.h"

#include <cmath>

namespace drivelab::study {

namespace {

std::uint64_t splitmix(std::uint64_t& x)
{
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/// a factor's value at the quantile u in (0, 1)
double atQuantile(const FactorSpec& f, double u)
{
    // (k + v) / n can round to 1 for large n: keep u inside (0, 1)
    if (!(u < 1.0)) u = 1.0 - 0x1.0p-53;
    switch (f.kind) {
    case FactorKind::Values: {
        auto i = static_cast<std::size_t>(u * static_cast<double>(f.values.size()));
        if (i >= f.values.size()) i = f.values.size() - 1;
        return f.values[i];
    }
    case FactorKind::Range:
        if (f.logScale) return std::exp(std::log(f.from) + u * (std::log(f.to) - std::log(f.from)));
        return f.from + u * (f.to - f.from);
    case FactorKind::Random:
        switch (f.distribution) {
        case Distribution::Uniform: return f.a + u * (f.b - f.a);
        case Distribution::LogUniform: return std::exp(std::log(f.a) + u * (std::log(f.b) - std::log(f.a)));
        case Distribution::Normal: return f.a + f.b * normalQuantile(u);
        }
    }
    return 0.0;
}

/// a factor's list in a grid
std::vector<double> gridList(const FactorSpec& f)
{
    std::vector<double> v;
    switch (f.kind) {
    case FactorKind::Values: return f.values;
    case FactorKind::Range:
        for (std::int64_t i = 0; i < f.count; ++i) {
            if (f.count == 1) {
                v.push_back(f.from);
                break;
            }
            // the ends exactly as written
            const double u = static_cast<double>(i) / static_cast<double>(f.count - 1);
            v.push_back(i == 0 ? f.from : i == f.count - 1 ? f.to : atQuantile(f, u));
        }
        return v;
    case FactorKind::Random: {
        Random r(f.seed);
        for (std::int64_t i = 0; i < f.count; ++i) v.push_back(atQuantile(f, r.open01()));
        return v;
    }
    }
    return v;
}

} // namespace

Random::Random(std::uint64_t seed)
{
    for (std::uint64_t& s : m_s) s = splitmix(seed);
}

std::uint64_t Random::next()
{
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

double Random::open01() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }

double normalQuantile(double p)
{
    // Acklam's rational approximation (relative error 1.15e-9), then one Halley step on
    // erfc, which brings it to rounding level
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                               1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
    const double lo = 0.02425, hi = 1.0 - lo;
    double x;
    if (p < lo) {
        const double q = std::sqrt(-2.0 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    } else if (p <= hi) {
        const double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
    } else {
        const double q = std::sqrt(-2.0 * std::log(1.0 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    }
    const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
    const double u = e * std::sqrt(2.0 * 3.14159265358979323846) * std::exp(x * x / 2.0);
    return x - u / (1.0 + x * u / 2.0);
}

bool expandDesign(const SweepSpec& s, VariantTable& out, std::string& why)
{
    out.factors = s.factors.size();
    out.values.clear();
    if (s.factors.empty()) return true;
    if (s.design == DesignKind::Grid) {
        std::vector<std::vector<double>> lists;
        double total = 1.0;
        for (const FactorSpec& f : s.factors) {
            lists.push_back(gridList(f));
            total *= static_cast<double>(lists.back().size());
        }
        if (total > static_cast<double>(kMaxVariants)) {
            why = "the grid has " + formatDouble(total) + " variants; a study may have at most " + std::to_string(kMaxVariants);
            return false;
        }
        const auto n = static_cast<std::size_t>(total);
        out.values.resize(n * out.factors);
        // the last factor varies fastest
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t rest = i;
            for (std::size_t j = out.factors; j-- > 0;) {
                const std::size_t k = lists[j].size();
                out.values[i * out.factors + j] = lists[j][rest % k];
                rest /= k;
            }
        }
        return true;
    }
    const auto n = static_cast<std::size_t>(s.samples);
    out.values.resize(n * out.factors);
    Random r(s.seed);
    if (s.design == DesignKind::MonteCarlo) {
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < out.factors; ++j) out.values[i * out.factors + j] = atQuantile(s.factors[j], r.open01());
        return true;
    }
    // Latin hypercube: per factor, a random permutation of the strata, a random point in each
    std::vector<std::size_t> perm(n);
    for (std::size_t j = 0; j < out.factors; ++j) {
        for (std::size_t i = 0; i < n; ++i) perm[i] = i;
        for (std::size_t i = n; i-- > 1;) std::swap(perm[i], perm[static_cast<std::size_t>(r.next() % (i + 1))]);
        for (std::size_t i = 0; i < n; ++i) {
            const double u = (static_cast<double>(perm[i]) + r.open01()) / static_cast<double>(n);
            out.values[i * out.factors + j] = atQuantile(s.factors[j], u);
        }
    }
    return true;
}

} // namespace drivelab::study
