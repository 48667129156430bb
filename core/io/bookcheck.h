#pragma once
// The checks a run passes at every report boundary before anything reports success
// (docs/FORMATS.md, "Checked results"): every state, observable and energy book is
// finite, and each book's residual is within kBalanceTolerance of its largest book.
#include <cstdint>
#include <string>

#include "solver/session.h"

namespace drivelab {

/// Relative tolerance of a residual against the largest book of its balance, after n
/// ticks: kBalanceTolerance + kBalancePerTick * n, at most kBalanceCap. A residual beyond
/// it (and beyond the balance's absolute floor) is a wrong result. The per-tick part is the Newton
/// tolerance (64 eps of the state per interval), which adds up over many ticks: a shaft
/// with a damper at a 1 us tick reaches 1e-8 after about 45,000 ticks. Shipped labs sit at
/// 1e-16 .. 5e-12 of their largest book; a whole run in one coarse tick misses by percent.
constexpr double kBalanceTolerance = 1e-8;
/// the tolerance's growth per tick (relative)
constexpr double kBalancePerTick = 1e-11;
/// the tolerance's ceiling (relative)
constexpr double kBalanceCap = 1e-3;
/// the relative balance tolerance after `ticks` ticks
double balanceTolerance(std::int64_t ticks);
/// absolute floor of the energy balances [J]: a femtojoule, far below anything a drivetrain
/// or fluid-power model resolves (books that are all zero, or all tiny, pass)
constexpr double kEnergyBalanceFloor = 1e-15;
/// absolute floor of the fluid volume balance [m^3]: a cubic micrometre. The volume residual
/// is the sum of the solve's flow residuals, each within its pressure tolerance times the
/// compliance: for flows near nothing (1e-154 m^3/s into a junction) the books are all
/// rounding and their ratio means nothing
constexpr double kVolumeBalanceFloor = 1e-18;
/// the solve's pressure tolerance [Pa] (solver: kPressureTol): with soft compliances and no
/// reservoir (a closed circuit, where every book is the residual itself) the volume balance
/// also allows what that tolerance lets each tick leave, ticks x sum of C x 1e-6 Pa
constexpr double kPressureTolerance = 1e-6;

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
    double m_compliance = 0.0; ///< sum of the compliant states' compliances [m^3/Pa]
};

} // namespace drivelab
