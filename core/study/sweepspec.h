#pragma once
// A parameter study as written (`drivelab.sweep`, docs/FORMATS.md "Sweeps"): the lab it varies,
// its factors (values by path), how they combine (the design) and what is measured per run.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "spec/diagnostic.h"
#include "util/jsonwrite.h"

namespace drivelab::study {

/// file format tag and newest version of a sweep file
constexpr const char* kSweepFormat = "drivelab.sweep";
constexpr int kSweepVersion = 1;
/// most variants one study may have
constexpr std::int64_t kMaxVariants = 10'000'000;

/// how a factor's values are given
enum class FactorKind {
    Values, ///< a list
    Range,  ///< from..to, linear or logarithmic (`count` points in a grid)
    Random, ///< draws from a distribution (`count` draws with `seed` in a grid)
};
/// a distribution of random draws
enum class Distribution { Uniform, LogUniform, Normal };

/// one factor: a value path (spec/labpath.h) and its values
struct FactorSpec {
    std::string path; ///< `engine.inertia`, `lockup.inputs.capacity`, ...
    FactorKind kind = FactorKind::Values;
    std::vector<double> values;                        ///< Values
    double from = 0.0, to = 0.0;                       ///< Range
    bool logScale = false;                             ///< Range: logarithmic spacing
    Distribution distribution = Distribution::Uniform; ///< Random
    double a = 0.0, b = 0.0;                           ///< Random: low/high (uniform, log-uniform) or mean/std (normal)
    std::int64_t count = 0;                            ///< Range, Random: points in a grid (0 in other designs)
    std::uint64_t seed = 0;                            ///< Random: seed of the draws in a grid
};

/// how factors combine into variants
enum class DesignKind {
    Grid,           ///< every combination (the first factor varies slowest)
    LatinHypercube, ///< `samples` points, each factor's range cut into `samples` strata used once
    MonteCarlo,     ///< `samples` independent draws of every factor
};

/// what a metric reduces
enum class Reduction {
    Final,
    Initial,
    Min,
    Max,
    Mean,
    Integral,
    TimeOfMin,
    TimeOfMax,
    FirstCrossing, ///< first time the observable crosses `level` (`direction`)
    LockTime,      ///< first time a clutch (any component reporting locked and slip_speed) locks
    TotalHeat,     ///< heat of the run [J]: to thermal nodes plus to the ledger
    Vehicle,       ///< one of the vehicle results (io/vehicleresults.h): `result`
};

/// one named metric
struct MetricSpec {
    std::string name; ///< column name
    Reduction reduce = Reduction::Final;
    std::string observable; ///< `subject.name` (not for LockTime, TotalHeat)
    std::string component;  ///< LockTime: the clutch
    double level = 0.0;     ///< FirstCrossing
    int direction = 0;      ///< FirstCrossing: +1 upward, -1 downward, 0 either
    std::string result;     ///< Vehicle: a vehicle result's name (`fuel_l_per_100km`, `energy_split.aero`)
};

/// a whole sweep file
struct SweepSpec {
    std::string lab;     ///< the lab's path as written (relative to the sweep file)
    std::string baseDir; ///< the sweep file's directory (set by the reader's caller)
    DesignKind design = DesignKind::Grid;
    std::int64_t samples = 0; ///< LatinHypercube, MonteCarlo
    std::uint64_t seed = 0;   ///< LatinHypercube, MonteCarlo
    std::vector<FactorSpec> factors;
    std::vector<MetricSpec> metrics;
    Json source; ///< the file as read (its canonical text identifies the study)
};

/// read a sweep file's JSON; every problem is a diagnostic (`factors[1]`, `range.count`, ...)
std::optional<SweepSpec> readSweepJson(const Json& root, Diagnostics& diags);
/// read a sweep file (`path`; its directory becomes baseDir)
std::optional<SweepSpec> readSweepFile(const std::string& path, Diagnostics& diags);

/// the reduction's name as written (`first_crossing`)
const char* reductionName(Reduction r);

} // namespace drivelab::study
