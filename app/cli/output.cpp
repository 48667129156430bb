#include "cli/output.h"

#include <cstdio>

#include "util/textescape.h"

namespace drivelab::cli {

void printDiagnostics(const std::string& file, const Diagnostics& d)
{
    for (const auto& x : d.items()) std::fprintf(stderr, "%s\n", formatDiagnostic(file, x).c_str());
}

std::string diagnosticLines(const std::string& file, const Diagnostics& d)
{
    std::string out;
    for (const auto& x : d.items()) out += formatDiagnostic(file, x) + "\n";
    return out;
}

std::string solverFailureLine(const std::string& file, const SolverError& e)
{
    return printableText(file) + ": " + printableText(e.subject.empty() ? "-" : e.subject) + ": tick " + std::to_string(e.tick) +
           " (t = " + num(e.time) + " s): solver failure: " + printableText(e.message);
}

std::string bookProblemLine(const std::string& file, const BookProblem& p, bool warning)
{
    return printableText(file) + ": " + printableText(p.subject) + ": " + printableText(p.field) + ": " + (warning ? "warning: " : "") +
           "tick " + std::to_string(p.tick) + " (t = " + num(p.time) + " s): " + printableText(p.message);
}

void printSolverFailure(const std::string& file, const SolverError& e) { std::fprintf(stderr, "%s\n", solverFailureLine(file, e).c_str()); }

void printBookProblem(const std::string& file, const BookProblem& p, bool warning)
{
    std::fprintf(stderr, "%s\n", bookProblemLine(file, p, warning).c_str());
}

Json checkJson(const Diagnostics& d) { return printableJson(Json{{"diagnostics", diagnosticsJson(d)}}); }

Json diagnosticsJson(const Diagnostics& d)
{
    Json list = Json::array();
    for (const auto& x : d.items())
        list.push_back(Json{{"severity", x.severity == Severity::Error ? "error" : "warning"},
                            {"component", x.subject},
                            {"field", x.field},
                            {"message", x.message}});
    return list;
}

void printJson(const Json& doc)
{
    std::fputs(prettyJson(printableJson(doc)).c_str(), stdout);
    std::fflush(stdout);
}

std::string num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

} // namespace drivelab::cli
