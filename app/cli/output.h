#pragma once
// What every command prints: diagnostics (one line each, escaped), solver failures in
// one form, JSON documents that are always valid UTF-8.
#include <string>

#include "io/bookcheck.h"
#include "solver/workspace.h"
#include "spec/diagnostic.h"
#include "util/jsonwrite.h"

namespace drivelab::cli {

/// one `FILE: SUBJECT: FIELD: message` line per diagnostic on stderr
void printDiagnostics(const std::string& file, const Diagnostics& d);
/// the diagnostics as those lines, each ending in a newline
std::string diagnosticLines(const std::string& file, const Diagnostics& d);
/// the line printSolverFailure prints (no newline)
std::string solverFailureLine(const std::string& file, const SolverError& e);
/// the line printBookProblem prints (no newline)
std::string bookProblemLine(const std::string& file, const BookProblem& p, bool warning);
/// `check --json`'s document: {"diagnostics": [...]}, every string printable
Json checkJson(const Diagnostics& d);
/// `FILE: SUBJECT: tick N (t = T s): solver failure: message` on stderr (run and export)
void printSolverFailure(const std::string& file, const SolverError& e);
/// `FILE: SUBJECT: FIELD: tick N (t = T s): message` on stderr (`warning: ` before the
/// tick when `warning`): a non-finite value or an unbalanced book (io/bookcheck.h)
void printBookProblem(const std::string& file, const BookProblem& p, bool warning);
/// the diagnostics as `[{"severity","component","field","message"}]`
Json diagnosticsJson(const Diagnostics& d);
/// print a JSON document on stdout, every string escaped as printableText does
void printJson(const Json& doc);
/// a number for humans (9 significant digits)
std::string num(double v);

} // namespace drivelab::cli
