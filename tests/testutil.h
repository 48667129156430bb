#pragma once
// Shared helpers for DriveLab tests: build labs from JSON text, run them, read
// observables by (id, name) at every report boundary, check the energy books.
#include <QtTest>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "energybound.h"
#include "io/labfile.h"
#include "io/report.h"
#include "solver/session.h"

namespace drivelab::test {

/// a lab document from its parts (JSON text)
inline std::string lab(const std::string& run, const std::string& nodes, const std::string& components, const std::string& events = "[]",
                       const std::string& signalList = "")
{
    return R"({"format": "drivelab.lab", "version": 1, "name": "test", "run": )" + run + R"(, "nodes": )" + nodes + R"(, "components": )" +
           components + R"(, "events": )" + events + (signalList.empty() ? "" : R"(, "signals": )" + signalList) + "}";
}

/// run settings text
inline std::string runSettings(long long tickNs, long long durationNs, long long every)
{
    return R"({"tick_ns": )" + std::to_string(tickNs) + R"(, "duration_ns": )" + std::to_string(durationNs) +
           R"(, "report_every_ticks": )" + std::to_string(every) + "}";
}

/// a rotational node
inline std::string rot(const std::string& id, double inertia, double speed)
{
    return R"({"id": ")" + id + R"(", "domain": "rotational", "inertia": )" + formatDouble(inertia) + R"(, "initial_speed": )" +
           formatDouble(speed) + "}";
}

/// a hydraulic node with a volume
inline std::string volumeNode(const std::string& id, double volume, double beta, double p0)
{
    return R"({"id": ")" + id + R"(", "domain": "hydraulic", "volume": )" + formatDouble(volume) + R"(, "bulk_modulus": )" +
           formatDouble(beta) + R"(, "initial_pressure": )" + formatDouble(p0) + "}";
}

/// a hydraulic reservoir (fixed pressure)
inline std::string reservoir(const std::string& id, double p)
{
    return R"({"id": ")" + id + R"(", "domain": "hydraulic", "fixed_pressure": )" + formatDouble(p) + "}";
}

/// a hydraulic junction without volume
inline std::string junction(const std::string& id) { return R"({"id": ")" + id + R"(", "domain": "hydraulic"})"; }

/// a translational node
inline std::string mass(const std::string& id, double m, double v0, double x0 = 0.0)
{
    return R"({"id": ")" + id + R"(", "domain": "translational", "mass": )" + formatDouble(m) + R"(, "initial_velocity": )" +
           formatDouble(v0) + R"(, "initial_position": )" + formatDouble(x0) + "}";
}

/// a thermal node
inline std::string thermalNode(const std::string& id, double c, double t0, double g = 0.0, double tAmb = 300.0)
{
    return R"({"id": ")" + id + R"(", "domain": "thermal", "heat_capacity": )" + formatDouble(c) + R"(, "initial_temperature": )" +
           formatDouble(t0) + R"(, "ambient_conductance": )" + formatDouble(g) + R"(, "ambient_temperature": )" + formatDouble(tAmb) + "}";
}

/// Nodes and components of a lab whose first tick fails in the solver with every value inside
/// its range: a flow source `rocket` draws 1000 m^3/s from a chamber of 1e-4 m^3 that a
/// mechanical converter closes; the implicit solve does not converge and names `rocket`.
inline const std::string kDrainedChamberNodes =
    R"([{"id": "tank", "domain": "hydraulic", "fixed_pressure": 101325.0},
        {"id": "chamber", "domain": "hydraulic", "initial_pressure": 101325.0},
        {"id": "m", "domain": "rotational", "inertia": 0.05, "initial_speed": 0}])";
/// the components of that lab (see kDrainedChamberNodes)
inline const std::string kDrainedChamber =
    R"([{"id": "rocket", "type": "flow_source", "node_a": "tank", "node_b": "chamber", "inputs": {"flow": -1000}},
        {"id": "piston", "type": "mechanical_converter", "node_a": "chamber", "node_b": "m",
         "parameters": {"displacement": 0.001, "dead_volume": 1e-06, "initial_rotation": 0.1, "environment_pressure": "atmosphere",
                        "compressibility": true, "bulk_modulus": 1.5e9, "density": 850.0}}])";

/// read and compile JSON text
inline LoadedLab load(const std::string& text) { return loadLabText(text); }

/// all diagnostics as text lines (for failure messages)
inline QString describe(const Diagnostics& d)
{
    QString s;
    for (const auto& x : d.items()) s += QString::fromStdString(formatDiagnostic("lab", x)) + "\n";
    return s;
}

/// the observables at every report boundary of a full run
struct Trace {
    std::vector<ObservableRef> layout;     ///< observable layout
    std::vector<std::vector<double>> rows; ///< values per boundary
    std::vector<std::int64_t> ticks;       ///< tick of each boundary
    std::vector<double> times;             ///< time of each boundary [s]
    EnergyReport energy;                   ///< energy books at the end
    std::uint64_t finalHash = 0;           ///< final state hash
    std::int64_t intervals = 0;            ///< accepted internal intervals
    bool ok = false;                       ///< run completed
    SolverError error;                     ///< failure, when not ok

    /// column of an observable; -1 when unknown
    int column(const std::string& subject, const std::string& name) const
    {
        for (std::size_t i = 0; i < layout.size(); ++i) {
            if (layout[i].subject == subject && layout[i].name == name) return static_cast<int>(i);
        }
        return -1;
    }
    /// value at boundary row
    double at(std::size_t row, const std::string& subject, const std::string& name) const
    {
        const int c = column(subject, name);
        if (c < 0) qFatal("no observable %s.%s", subject.c_str(), name.c_str());
        return rows[row][static_cast<std::size_t>(c)];
    }
};

/// run a compiled model to its end, sampling at every report boundary
inline Trace simulate(const std::shared_ptr<const Model>& model)
{
    Trace t;
    Session s(model);
    t.layout = observableLayout(*model);
    std::vector<double> v(s.observableCount());
    const auto sample = [&] {
        s.observe(v.data());
        t.rows.push_back(v);
        t.ticks.push_back(s.tick());
        t.times.push_back(s.time());
    };
    sample();
    while (!s.finished()) {
        const BatchResult r = s.run(std::min(model->reportEvery, model->ticks - s.tick()));
        if (r.status != BatchStatus::Completed) {
            t.error = r.error;
            return t;
        }
        sample();
    }
    t.energy = s.energy();
    t.finalHash = s.stateHash();
    t.intervals = s.stats().intervals;
    t.ok = true;
    return t;
}

/// the energy moved in a run (scale for the rounding-level residual bound)
inline double energyScale(const EnergyReport& e)
{
    return std::fabs(e.storedInitial) + std::fabs(e.storedFinal) + std::fabs(e.sourceWork) + std::fabs(e.heatToNodes) +
           std::fabs(e.heatToLedger) + std::fabs(e.oilChange) + std::fabs(e.oilEnthalpyIn) + std::fabs(e.oilAbsorbed);
}

} // namespace drivelab::test

/// compile JSON text into `model` or fail the test with the diagnostics
#define DL_COMPILE(var_, text)                                                                                                             \
    std::shared_ptr<const drivelab::Model> var_;                                                                                           \
    do {                                                                                                                                   \
        const auto loaded_ = drivelab::test::load(text);                                                                                   \
        QVERIFY2(loaded_.model != nullptr, qPrintable(drivelab::test::describe(loaded_.diagnostics)));                                     \
        var_ = loaded_.model;                                                                                                              \
    } while (0)

/// run to the end into `trace`, failing the test on a solver error
#define DL_SIMULATE(trace, model)                                                                                                          \
    const drivelab::test::Trace trace = drivelab::test::simulate(model);                                                                   \
    QVERIFY2(trace.ok, qPrintable(QString::fromStdString(trace.error.subject + ": " + trace.error.message)))

/// the fluid volume books close: supplied = stored + absorbed, to rounding
#define DL_VOLUME_BALANCED(trace)                                                                                                          \
    do {                                                                                                                                   \
        const double vs_ =                                                                                                                 \
            std::fabs(trace.energy.volumeSupplied) + std::fabs(trace.energy.volumeStored) + std::fabs(trace.energy.volumeAbsorbed);        \
        QVERIFY2(std::fabs(trace.energy.volumeResidual) <= drivelab::test::kRoundingLevel * vs_ + 1e-18,                                   \
                 qPrintable(QString("volume residual %1 m^3 over %2 m^3").arg(trace.energy.volumeResidual).arg(vs_)));                     \
    } while (0)

/// the energy residual sits at rounding level
#define DL_ENERGY_BALANCED(trace)                                                                                                          \
    do {                                                                                                                                   \
        const double scale_ = drivelab::test::energyScale(trace.energy);                                                                   \
        QVERIFY2(std::fabs(trace.energy.residual) <= drivelab::test::residualBound(scale_, trace.ticks.back()) + 1e-12,                    \
                 qPrintable(QString("energy residual %1 J over %2 J moved").arg(trace.energy.residual).arg(scale_)));                      \
    } while (0)

/// |actual - expected| <= tol, with the values in the message
#define DL_NEAR(actual, expected, tol)                                                                                                     \
    do {                                                                                                                                   \
        const double a_ = (actual), e_ = (expected), t_ = (tol);                                                                           \
        QVERIFY2(std::fabs(a_ - e_) <= t_,                                                                                                 \
                 qPrintable(QString("%1 = %2, expected %3 within %4").arg(#actual).arg(a_, 0, 'g', 17).arg(e_, 0, 'g', 17).arg(t_)));      \
    } while (0)
