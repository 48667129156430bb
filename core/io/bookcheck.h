#pragma once
// The checks a run passes at every report boundary before anything reports success
// (docs/FORMATS.md, "Checked results"): every state, observable and energy book is
// finite, and each book's residual is within kBalanceTolerance of its largest book.
#include <cstdint>
#include <string>

#include "solver/session.h"

namespace drivelab {

/// relative tolerance of a residual against the largest book of its balance: a residual
/// beyond kBalanceTolerance * largest (and beyond kBalanceFloor) is a wrong result.
/// Shipped labs sit at 1e-16 .. 5e-12 of their largest book.
constexpr double kBalanceTolerance = 1e-8;
/// absolute floor of the balance check, so books that are all zero (or denormal) pass [J or m^3]
constexpr double kBalanceFloor = 1e-200;

/// why a checked run cannot report success
struct BookProblem {
    std::int64_t tick = 0;   ///< the boundary's tick
    double time = 0.0;       ///< its time [s]
    std::string subject;     ///< node or component id, or "-" for the energy books
    std::string field;       ///< observable, state or book (`energy.residual`)
    std::string message;     ///< what is wrong and what to change
    bool unbalanced = false; ///< a residual beyond the tolerance (finite values)
};

/// Checks a session at its report boundaries.
class BookCheck {
public:
    /// a check for runs of `model`
    explicit BookCheck(const Model& model);
    /// check the session now: `values` are its observables (observableLayout order);
    /// false with the first problem found
    bool atBoundary(const Session& s, const double* values, BookProblem& problem) const;

private:
    const Model& m_model;
    std::vector<ObservableRef> m_layout;
};

} // namespace drivelab
