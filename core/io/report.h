#pragma once
// The run report (LAB_FORMAT section 3), written as exact JSON text.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "io/vehicleresults.h"
#include "solver/session.h"
#include "util/jsonwrite.h"

namespace drivelab {

/// Builds a report boundary by boundary while a session runs: either kept in memory
/// (addBoundary, finish: assets, tests) or in pieces for a caller that streams them
/// (head, boundaryText, tail: `run --output`, constant memory).
class ReportWriter {
public:
    explicit ReportWriter(const Model& model);
    /// observe the session now into values() (the boundary that boundaryText writes)
    void observe(const Session& s);
    /// the observables last observed, in observableLayout order
    const std::vector<double>& values() const { return m_values; }
    /// the last observed boundary as JSON text (finite values only)
    std::string boundaryText(const Session& s) const;
    /// record the session's current boundary (observe + keepBoundary)
    void addBoundary(const Session& s);
    /// keep the last observed boundary's text in memory
    void keepBoundary(const Session& s) { m_boundaries.push_back(boundaryText(s)); }
    /// the report's text up to the first boundary, for `ticks` ticks and a final state
    /// hash (16 hex digits at hashOffset(), so a stream can write it at the end)
    std::string head(std::uint64_t finalStateHash, std::int64_t ticks) const;
    /// offset of the final state hash's 16 hex digits in head() [bytes]
    std::size_t hashOffset() const;
    /// the report's text after the last boundary (energy and fluid books; `extra`: a further
    /// section after them, `  "key": {...}` without a separator, e.g. the error estimate)
    std::string tail(const Session& s, const std::string& extra = {}) const;
    /// the whole report text for a session that has reached its end (head, every
    /// recorded boundary, tail)
    std::string finish(const Session& s) const;
    /// boundaries recorded so far
    std::size_t boundaryCount() const { return m_boundaries.size(); }
    /// one recorded boundary as JSON text
    const std::string& boundary(std::size_t i) const { return m_boundaries[i]; }

    /// true when the report has a vehicle section (a lab with a vehicle body): its results need
    /// every tick's sample (sampleTick at t = 0 and after every tick; the run's bits are the same)
    bool samplesTicks() const { return m_vehicle.present(); }
    /// sample the session now for the vehicle results
    void sampleTick(const Session& s);
    /// the vehicle results so far (present() false without a vehicle)
    const VehicleResults& vehicle() const { return m_vehicle; }

private:
    const Model& m_model;
    std::vector<ObservableRef> m_layout;
    std::vector<double> m_values;
    VehicleResults m_vehicle;
    std::vector<double> m_tickValues;
    std::vector<std::string> m_boundaries;
};

/// a named book of a report [J or m^3]
using NamedBook = std::pair<const char*, double>;
/// the energy books as a report names them (LAB_FORMAT section 3), in report order
std::array<NamedBook, 13> energyBooks(const EnergyReport& e);
/// the fluid volume books as a report names them, in report order
std::array<NamedBook, 4> volumeBooks(const EnergyReport& e);
/// the oil books of a thermal-liquid model (report section "oil")
std::array<NamedBook, 4> oilBooks(const EnergyReport& e);

/// the session's books as the report writes them: {"energy": {...}} plus "fluid_volume"
/// for a model with hydraulic nodes (the members of tail(), as JSON values)
Json reportBooks(const Session& s);

/// the report's "vehicle" section as text (`  "vehicle": {...}`, no trailing separator)
std::string vehicleSectionText(const VehicleSummary& v);

/// Run a session from t = 0 to the end, recording every report boundary.
/// Returns false with the solver error when a tick fails.
bool runToReport(Session& session, ReportWriter& writer, SolverError& err);

} // namespace drivelab
