#pragma once
// Figures quoted in the docs from lab runs, checked against the runs (issue 33, item 9).
//
// A figure in docs/*.md or README.md that a lab run produces carries a marker, an HTML
// comment written directly after it (no space; Markdown shows nothing of it):
//
//     the oil ends at 351.9<!-- run drive-cycle: final(oil.temperature) --> K
//     0.8 s at 50 us ticks, 81<!-- run fired-converter: boundaries --> report boundaries
//     | final state hash | `9438954c94f0f9e7`<!-- run fired-converter: final_state_hash --> |
//
// `run LAB:` names labs/LAB.lab.json, run once with its own settings; after the colon, the
// quantity, an expression over that run:
//   - numbers, + - * /, parentheses, abs(x);
//   - report scalars: `energy.NAME`, `fluid_volume.NAME`, `oil.NAME` (the report's books),
//     `ticks`, `boundaries` (how many report boundaries), `duration` [s];
//   - per-boundary series, written SUBJECT.OBSERVABLE as the report names them (a node,
//     component or signal id: `engine.speed`, `tc.fluid_heat`, `cycle.value`) or `time` [s],
//     combined with numbers and each other, inside an aggregate:
//       final(x)      at the last boundary         at(T, x)       at the boundary at T s
//       max(x), min(x), rms(x)                     over the boundaries after t = 0
//       time(x, V)    seconds in which x == V (each boundary after t = 0 counts the report
//                     interval that ends at it)
//       first(x, V, T)  the time of the first boundary at or after T s at which x == V [s]
//   - `model_fingerprint`, `final_state_hash` alone: compared as 16 hex digits.
// The quoted figure is compared to the printed precision: 81 must be the computed value
// within 0.5, 351.9 within 0.05, 1.6e-8 within 0.05e-8. No wall-time figures: only what a run
// computes, bit for bit the same on every machine. A marker inside a code span or a fenced
// block is text, not a marker. Figures that record results as they were (docs/PHYSICS.md,
// "Changes to results") and figures of other runs (other ticks, refinement studies) carry none.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "compile/model.h"
#include "solver/session.h"

namespace drivelab::test {

/// one marker found in a doc
struct FigureMarker {
    std::string doc;      ///< file name as reported (`docs/PHYSICS.md`)
    int line = 0;         ///< 1-based line
    std::string quoted;   ///< the figure written before the marker (backticks stripped)
    std::string lab;      ///< lab name: labs/LAB.lab.json
    std::string quantity; ///< the expression after the colon
    std::string error;    ///< a malformed marker: why (then the rest may be empty)
};

/// every marker in a doc's text, in order; a comment that starts `<!-- run` but does not
/// parse is returned with `error` set
std::vector<FigureMarker> findFigureMarkers(const std::string& doc, const std::string& text);

/// what a lab run produced: every report boundary and the report's scalars
struct LabRun {
    std::shared_ptr<const Model> model;                  ///< keeps the layout's units alive
    std::vector<ObservableRef> layout;                   ///< observables in report order
    std::vector<double> times;                           ///< time of each boundary [s]
    std::vector<std::vector<double>> values;             ///< each boundary's observables, layout order
    std::vector<std::pair<std::string, double>> scalars; ///< `energy.residual`, `ticks`, `boundaries`, ...
    std::string fingerprint;                             ///< model_fingerprint, 16 hex digits
    std::string finalHash;                               ///< final_state_hash, 16 hex digits
    std::string error;                                   ///< a solver failure: the run is incomplete
};

/// run a compiled lab from t = 0 to its end, recording every report boundary
LabRun recordRun(const std::shared_ptr<const Model>& model);

/// check one marker against its lab's run: empty when the quoted figure is the computed
/// quantity to its printed precision, else one line naming the doc, line, quoted and computed
std::string checkFigure(const FigureMarker& marker, const LabRun& run);

} // namespace drivelab::test
