#pragma once
// A prepared study and one run of it: the lab read once, the variants expanded, the metrics
// resolved; each variant is the lab with its factor values set (spec/labpath.h), compiled and
// run exactly as `drivelab-cli run` runs it (io/checkedrun.h), reduced to one row.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "spec/labspec.h"
#include "study/design.h"
#include "study/metrics.h"

namespace drivelab {
struct Model;
}

namespace drivelab::study {

/// a sweep ready to run
struct Study {
    SweepSpec spec;
    std::string labFile;              ///< the lab's path (relative to the working directory)
    LabSpec base;                     ///< the lab as read
    VariantTable variants;            ///< every variant's factor values
    std::vector<MetricPlan> plans;    ///< the metrics against the lab's observables
    bool everyTick = false;           ///< a metric needs every tick
    std::vector<std::string> columns; ///< the results' columns (results.h)

    std::size_t size() const { return variants.size(); }
};

/// read the lab, check every factor path and metric against it, expand the design; false
/// with diagnostics (`factors[1].path`, ...). The lab must compile as written.
bool prepareStudy(const SweepSpec& spec, Study& out, Diagnostics& diags);
/// the same for a lab already read (the editor's open lab; `labName` names it in messages and
/// results; its baseDir says where its csv files are); `spec.lab` is not read
bool prepareStudyForLab(const SweepSpec& spec, LabSpec lab, const std::string& labName, Study& out, Diagnostics& diags);
/// the same, from a sweep's JSON and the directory its lab path is relative to (Python, MCP)
bool prepareStudyJson(const Json& sweep, const std::string& baseDir, Study& out, Diagnostics& diags);

/// variant `index`'s lab: false with why when a value cannot be set
bool variantLab(const Study& s, std::size_t index, LabSpec& out, std::string& why);
/// variant `index`'s model, or nullptr with why (its row's error) when a value cannot be set or
/// the variant does not compile
std::shared_ptr<const Model> compileVariant(const Study& s, std::size_t index, std::string& why);

/// one variant's results
struct Row {
    std::size_t index = 0;
    std::vector<double> factors;   ///< the factor values
    std::vector<double> metrics;   ///< the metrics (NaN: no value)
    double residual = 0.0;         ///< the energy books' residual [J] (NaN when it did not run)
    std::uint64_t fingerprint = 0; ///< the variant model's fingerprint (0 when it did not compile)
    std::uint64_t finalHash = 0;   ///< the final state hash (0 when it did not finish)
    std::string error;             ///< why the variant has no results (empty: it ran)
    bool cancelled = false;        ///< stopped by the cancel flag: not a result
};

/// run variant `index` (thread-safe: each call has its own session)
Row runVariant(const Study& s, std::size_t index, const std::atomic<bool>* cancel = nullptr);

} // namespace drivelab::study
