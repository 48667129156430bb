// Qt-free: every lab in labs/ compiles without diagnostics, runs, balances its energy books
// and reproduces its pinned fingerprint and final state hash (the pin table of tst_labs,
// tests/labpins.h); two closed forms of the implicit midpoint rule. Built with or without Qt.
#include "check.h"
#include "energybound.h"
#include "labpins.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "io/labfile.h"
#include "solver/session.h"
#include "util/hash.h"

using namespace drivelab;
using namespace drivelab::test;

namespace {

const std::string kLabs = DRIVELAB_SOURCE_DIR "/labs/";

std::string describe(const Diagnostics& d)
{
    std::string s;
    for (const auto& x : d.items()) s += formatDiagnostic("lab", x) + "\n";
    return s;
}

/// run to the end; the value of one observable at every report boundary
struct Run {
    bool ok = false;
    std::vector<double> values; ///< the observable per boundary
    std::vector<std::int64_t> ticks;
    EnergyReport energy;
    std::uint64_t finalHash = 0;
};

Run simulate(const std::shared_ptr<const Model>& model, const std::string& subject = {}, const std::string& name = {})
{
    Run r;
    Session s(model);
    const auto layout = observableLayout(*model);
    std::size_t column = layout.size();
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].subject == subject && layout[i].name == name) column = i;
    }
    std::vector<double> v(s.observableCount());
    const auto sample = [&] {
        if (column == layout.size()) return;
        s.observe(v.data());
        r.values.push_back(v[column]);
        r.ticks.push_back(s.tick());
    };
    sample();
    while (!s.finished()) {
        if (s.run(std::min(model->reportEvery, model->ticks - s.tick())).status != BatchStatus::Completed) return r;
        sample();
    }
    r.energy = s.energy();
    r.finalHash = s.stateHash();
    r.ok = true;
    return r;
}

double energyScale(const EnergyReport& e)
{
    return std::fabs(e.storedInitial) + std::fabs(e.storedFinal) + std::fabs(e.sourceWork) + std::fabs(e.heatToNodes) +
           std::fabs(e.heatToLedger);
}

/// a one-node lab: run settings, the node, the component (JSON text)
std::string oneNodeLab(long long tickNs, long long durationNs, const std::string& node, const std::string& component)
{
    return R"({"format": "drivelab.lab", "version": 1, "name": "test", "run": {"tick_ns": )" + std::to_string(tickNs) +
           R"(, "duration_ns": )" + std::to_string(durationNs) + R"(, "report_every_ticks": 100}, "nodes": [)" + node +
           R"(], "components": [)" + component + R"(], "events": []})";
}

} // namespace

// labs/ holds exactly the pinned labs
DL_PLAIN_TEST(everyLabIsPinned)
{
    std::set<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(kLabs)) {
        const std::string name = e.path().filename().string();
        if (name.ends_with(".lab.json")) files.insert(name);
    }
    DL_PLAIN_EQUAL(files.size(), kLabPinCount);
    for (const LabPin& p : kLabPins) DL_PLAIN_CHECK(files.count(p.file) == 1, p.file << " is pinned but not in labs/");
}

// every lab: no diagnostics, the pinned fingerprint and final hash, balanced books
DL_PLAIN_TEST(labsReproduceTheirPins)
{
    for (const LabPin& p : kLabPins) {
        const auto loaded = loadLab(kLabs + p.file);
        DL_PLAIN_CHECK(loaded.model && loaded.diagnostics.empty(), p.file << "\n" << describe(loaded.diagnostics));
        if (!loaded.model) continue;
        DL_PLAIN_EQUAL(toHex16(loaded.model->fingerprint), std::string(p.fingerprint));
        const Run r = simulate(loaded.model);
        DL_PLAIN_CHECK(r.ok, p.file << ": solver failure");
        DL_PLAIN_CHECK(toHex16(r.finalHash) == p.finalHash,
                       p.file << ": final hash " << toHex16(r.finalHash) << ", pinned " << p.finalHash);
        const double scale = energyScale(r.energy);
        DL_PLAIN_CHECK(std::fabs(r.energy.residual) <= residualBound(scale, loaded.model->ticks) + 1e-12,
                       p.file << ": energy residual " << r.energy.residual << " J over " << scale << " J moved");
    }
}

// Damper decay
//
//   ground --damper c=0.5-- [J=2, w0=100]
//
//   implicit midpoint: w_{n+1} = w_n (1 - c h / 2J) / (1 + c h / 2J)
DL_PLAIN_TEST(damperDecayFollowsTheMidpointRecurrence)
{
    const double c = 0.5, J = 2.0, w0 = 100.0, h = 1e-3;
    const auto loaded =
        loadLabText(oneNodeLab(1000000, 4000000000, R"({"id": "m", "domain": "rotational", "inertia": 2.0, "initial_speed": 100.0})",
                               R"({"id": "d", "type": "damper", "node_a": "m", "parameters": {"damping": 0.5}})"));
    DL_PLAIN_REQUIRE(loaded.model, describe(loaded.diagnostics));
    const Run r = simulate(loaded.model, "m", "speed");
    DL_PLAIN_REQUIRE(r.ok && r.values.size() == 41, "boundaries: " << r.values.size());
    const double rho = (1.0 - c * h / (2 * J)) / (1.0 + c * h / (2 * J));
    for (std::size_t i = 0; i < r.values.size(); ++i)
        DL_PLAIN_NEAR(r.values[i], w0 * std::pow(rho, static_cast<double>(r.ticks[i])), 1e-12 * w0);
    // all kinetic energy lost becomes heat: J w0^2 / 2 - J w^2 / 2
    DL_PLAIN_NEAR(r.energy.heatToLedger, 0.5 * J * (w0 * w0 - r.values.back() * r.values.back()), 1e-10 * J * w0 * w0);
}

// Spring-inertia oscillator
//
//   ground --spring k=200, d0=0.1-- [J=0.5]
//
//   implicit midpoint: an exact rotation by phi = 2 atan(wn h / 2) per step, wn = sqrt(k/J):
//   w_n = -d0 wn sin(n phi), and k d^2/2 + J w^2/2 = 1 J is conserved
DL_PLAIN_TEST(springOscillatorRotatesByTheMidpointAngle)
{
    const double k = 200, J = 0.5, d0 = 0.1, h = 1e-4, wn = std::sqrt(k / J);
    const auto loaded =
        loadLabText(oneNodeLab(100000, 1000000000, R"({"id": "m", "domain": "rotational", "inertia": 0.5, "initial_speed": 0.0})",
                               R"({"id": "s", "type": "spring", "node_a": "m", "node_b": "ground",
                                                   "parameters": {"stiffness": 200, "initial_deflection": 0.1}})"));
    DL_PLAIN_REQUIRE(loaded.model, describe(loaded.diagnostics));
    const Run r = simulate(loaded.model, "m", "speed");
    DL_PLAIN_REQUIRE(r.ok && r.values.size() == 101, "boundaries: " << r.values.size());
    const double phi = 2.0 * std::atan(wn * h / 2.0);
    for (std::size_t i = 0; i < r.values.size(); ++i)
        DL_PLAIN_NEAR(r.values[i], -d0 * wn * std::sin(static_cast<double>(r.ticks[i]) * phi), 1e-12 * d0 * wn);
    DL_PLAIN_NEAR(r.energy.storedInitial, 1.0, 1e-15);
    DL_PLAIN_NEAR(r.energy.storedFinal, 1.0, 1e-12);
}

DL_PLAIN_MAIN()
