#include "cli/output.h"

#include <cstdio>

#include "util/textescape.h"

namespace drivelab::cli {

void printDiagnostics(const std::string& file, const Diagnostics& d)
{
    for (const auto& x : d.items()) std::fprintf(stderr, "%s\n", formatDiagnostic(file, x).c_str());
}

void printSolverFailure(const std::string& file, const SolverError& e)
{
    std::fprintf(stderr, "%s: %s: tick %lld (t = %s s): solver failure: %s\n", printableText(file).c_str(),
                 printableText(e.subject.empty() ? "-" : e.subject).c_str(), static_cast<long long>(e.tick),
                 num(e.time).c_str(), printableText(e.message).c_str());
}

void printBookProblem(const std::string& file, const BookProblem& p, bool warning)
{
    std::fprintf(stderr, "%s: %s: %s: %stick %lld (t = %s s): %s\n", printableText(file).c_str(), printableText(p.subject).c_str(),
                 printableText(p.field).c_str(), warning ? "warning: " : "", static_cast<long long>(p.tick), num(p.time).c_str(),
                 printableText(p.message).c_str());
}

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
