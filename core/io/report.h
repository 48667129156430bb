#pragma once
// The run report (LAB_FORMAT section 3), written as exact JSON text.
#include <string>
#include <vector>

#include "solver/session.h"

namespace drivelab {

/// Builds a report boundary by boundary while a session runs.
class ReportWriter {
public:
    explicit ReportWriter(const Model& model);
    /// record the session's current boundary
    void addBoundary(const Session& s);
    /// the whole report text for a session that has reached its end
    std::string finish(const Session& s) const;
    /// boundaries recorded so far
    std::size_t boundaryCount() const { return m_boundaries.size(); }
    /// one recorded boundary as JSON text
    const std::string& boundary(std::size_t i) const { return m_boundaries[i]; }

private:
    const Model& m_model;
    std::vector<ObservableRef> m_layout;
    std::vector<double> m_values;
    std::vector<std::string> m_boundaries;
};

/// Run a session from t = 0 to the end, recording every report boundary.
/// Returns false with the solver error when a tick fails.
bool runToReport(Session& session, ReportWriter& writer, SolverError& err);

} // namespace drivelab
