#include "io/bookcheck.h"

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <utility>

#include "io/report.h"
#include "util/jsonwrite.h"

namespace drivelab {
namespace {

std::string text(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// one balance: its residual against the largest of its books
struct Balance {
    const char* residualName;
    double residual;
    std::initializer_list<std::pair<const char*, double>> books;
    const char* unit;
    double floor; // absolute floor [J or m^3]
};

} // namespace

double balanceTolerance(std::int64_t ticks)
{
    return std::fmin(kBalanceTolerance + kBalancePerTick * static_cast<double>(ticks), kBalanceCap);
}

BookCheck::BookCheck(const Model& model) : m_model(model), m_layout(observableLayout(model))
{
    for (std::size_t i = 0; i < model.mass.size(); ++i) {
        if (model.stateKind[i] == StateKind::Compliant) m_compliance += model.mass[i];
    }
}

bool BookCheck::atBoundary(const Session& s, const double* values, BookProblem& p) const
{
    p = BookProblem{};
    p.tick = s.tick();
    p.time = s.time();
    const auto nonFinite = [&](std::string subject, std::string field, double v) {
        p.subject = std::move(subject);
        p.field = std::move(field);
        p.message = "is " + text(v) +
                    " (not a finite number): the run overflowed; refine the tick or check the "
                    "parameters' scales";
        return false;
    };
    // observables (every node state and every component output)
    for (std::size_t i = 0; i < m_layout.size(); ++i) {
        if (!std::isfinite(values[i])) return nonFinite(m_layout[i].subject, m_layout[i].name, values[i]);
    }
    // the state behind them
    const State& st = s.state();
    for (const auto* v : {&st.x, &st.pos, &st.temp, &st.mean}) {
        for (double x : *v) {
            if (!std::isfinite(x)) return nonFinite("-", "state", x);
        }
    }
    // the energy books, and each balance
    const EnergyReport e = s.energy();
    const auto finite = [&](const char* book, const auto& books) {
        for (const auto& [name, v] : books) {
            if (!std::isfinite(v)) return nonFinite("-", std::string(book) + "." + name, v);
        }
        return true;
    };
    if (!finite("energy", energyBooks(e)) || !finite("fluid_volume", volumeBooks(e)) || !finite("oil", oilBooks(e))) return false;
    const Balance balances[] = {
        {"energy.residual",
         e.residual,
         {{"kinetic_initial", e.kineticInitial},
          {"kinetic_final", e.kineticFinal},
          {"stored_initial", e.storedInitial},
          {"stored_final", e.storedFinal},
          {"source_work", e.sourceWork},
          {"heat_to_nodes", e.heatToNodes},
          {"heat_to_ledger", e.heatToLedger},
          {"numerical_dissipation", e.numericalDissipation},
          {"source_work_gross", e.sourceWorkGross},
          {"oil.internal_energy_change", e.oilChange},
          {"oil.energy_flowed_in", e.oilEnthalpyIn},
          {"oil.absorbed_by_chambers", e.oilAbsorbed}},
         "J",
         kEnergyBalanceFloor},
        {"energy.thermal_residual",
         e.thermalResidual,
         {{"thermal_stored_change", e.thermalStoredChange},
          {"heat_to_nodes", e.heatToNodes},
          {"heat_from_sources", e.heatFromSources},
          {"heat_to_ambient", e.heatToAmbient}},
         "J",
         kEnergyBalanceFloor},
        {"fluid_volume.residual",
         e.volumeResidual,
         {{"supplied", e.volumeSupplied},
          {"stored_change", e.volumeStored},
          {"absorbed_by_chambers", e.volumeAbsorbed},
          {"supplied_gross", e.volumeSuppliedGross}},
         "m^3",
         std::fmax(kVolumeBalanceFloor, static_cast<double>(s.tick()) * m_compliance * kPressureTolerance)}};
    for (const Balance& b : balances) {
        const char* largestName = "";
        double largest = 0.0;
        for (const auto& [name, v] : b.books) {
            if (std::fabs(v) > largest) {
                largest = std::fabs(v);
                largestName = name;
            }
        }
        const double tolerance = balanceTolerance(s.tick());
        const double allowed = std::fmax(tolerance * largest, b.floor);
        if (std::fabs(b.residual) <= allowed) continue;
        p.subject = "-";
        p.field = b.residualName;
        p.unbalanced = true;
        p.message = std::string("the books do not balance: residual ") + text(b.residual) + " " + b.unit + " is " +
                    (largest > 0.0 ? text(std::fabs(b.residual) / largest) + " of the largest book (" + largestName + ", " + text(largest) +
                                         " " + b.unit + ")"
                                   : std::string("not zero while every book is zero")) +
                    "; the tolerance after " + std::to_string(s.tick()) + " ticks is " + text(tolerance) +
                    ": the result is not trustworthy; refine the tick (--allow-unbalanced reports it anyway)";
        return false;
    }
    return true;
}

} // namespace drivelab
