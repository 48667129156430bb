#pragma once
// A study's variants: the factor values of each run, expanded from the design (grid, Latin
// hypercube, Monte Carlo) with the project's own seeded generator, so every engine (threads,
// Python, a Dask cluster) and every platform draws the same numbers.
#include <cstdint>
#include <string>
#include <vector>

#include "study/sweepspec.h"

namespace drivelab::study {

/// every variant's factor values: row-major, `factors` values per variant
struct VariantTable {
    std::size_t factors = 0;
    std::vector<double> values;
    std::size_t size() const { return factors == 0 ? 0 : values.size() / factors; }
    const double* row(std::size_t i) const { return values.data() + i * factors; }
};

/// expand a sweep's design; false with why when it would exceed kMaxVariants
bool expandDesign(const SweepSpec& s, VariantTable& out, std::string& why);

/// the deterministic generator (xoshiro256** seeded through splitmix64)
class Random {
public:
    explicit Random(std::uint64_t seed);
    std::uint64_t next();
    /// uniform in (0, 1), never 0 or 1
    double open01();

private:
    std::uint64_t m_s[4];
};

/// the standard normal quantile (inverse CDF) at p in (0, 1)
double normalQuantile(double p);

} // namespace drivelab::study
