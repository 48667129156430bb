#pragma once
// `run --estimate-error` (docs/FORMATS.md "Command line"; docs/PHYSICS.md "Error estimate"): the
// lab again at half and a quarter of its tick before the run, compared with the run's end (and,
// where the three do not converge regularly, with finer runs made after it: study/tickladder.h).
#include <optional>
#include <string>

#include "io/labfile.h"
#include "study/tickladder.h"

namespace drivelab::cli {

/// the runs `--estimate-error` compares with: the lab at its tick's halvings
struct FinerRuns {
    std::optional<study::TickLadder> ladder;
};
/// run `lab` (read from `file`) at h/2 and h/4 and fill the estimate's method, order and tick: Ok,
/// or the exit code after printing why
int finerRuns(const std::string& file, const LoadedLab& lab, study::ErrorEstimate& estimate, FinerRuns& runs);
/// the estimate from the run's end (study::estimateAt: finer runs where the three do not converge regularly)
void compareWithFinerRuns(const study::RunEnd& end, FinerRuns& runs, study::ErrorEstimate& estimate);
/// `run --accuracy TOL`: search the methods and ticks (study/accuracy.h), print what was tried, and
/// replace `lab`'s spec and model by the chosen method and tick with its estimate: Ok, or the exit
/// code after printing why (2 when no method meets TOL within the halvings)
int chooseForAccuracy(const std::string& file, double tolerance, bool quiet, LoadedLab& lab, study::ErrorEstimate& estimate);
/// `run --method NAME`: `lab` (or an asset's lab) recompiled with run.method NAME; false after
/// printing why (the lab refuses the method: its diagnostics)
bool useMethod(const std::string& file, const std::string& method, LoadedLab& lab);
/// the estimate's lines of `run`'s summary
void printErrorEstimate(const study::ErrorEstimate& estimate);

} // namespace drivelab::cli
