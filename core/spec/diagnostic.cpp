#include "spec/diagnostic.h"

#include "util/textescape.h"

namespace drivelab {

void Diagnostics::error(std::string subject, std::string field, std::string message)
{
    m_items.push_back(
        {Severity::Error, subject.empty() ? "-" : std::move(subject), field.empty() ? "-" : std::move(field), std::move(message)});
}

void Diagnostics::warning(std::string subject, std::string field, std::string message)
{
    m_items.push_back(
        {Severity::Warning, subject.empty() ? "-" : std::move(subject), field.empty() ? "-" : std::move(field), std::move(message)});
}

void Diagnostics::append(const Diagnostics& other) { m_items.insert(m_items.end(), other.m_items.begin(), other.m_items.end()); }

bool Diagnostics::hasErrors() const
{
    for (const auto& d : m_items) {
        if (d.severity == Severity::Error) return true;
    }
    return false;
}

std::string formatDiagnostic(const std::string& file, const Diagnostic& d)
{
    // every part echoed through printableText: one line, no control sequence, valid UTF-8
    std::string s = printableText(file) + ": " + printableText(d.subject) + ": " + printableText(d.field) + ": ";
    if (d.severity == Severity::Warning) s += "warning: ";
    return s + printableText(d.message);
}

} // namespace drivelab
