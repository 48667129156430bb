#pragma once
// Diagnostics: what a user got wrong, named by node/component id and field path.
#include <string>
#include <vector>

namespace drivelab {

/// how serious a diagnostic is
enum class Severity { Error, Warning };

/// One problem in a lab. `subject` is a node or component id, or "-" when the
/// problem belongs to the file as a whole; `field` is a path such as
/// `inertia`, `run.tick_ns`, `converter.pump_positive[3].torque_ratio`.
struct Diagnostic {
    Severity severity = Severity::Error; ///< error or warning
    std::string subject = "-";           ///< node or component id, or "-"
    std::string field = "-";             ///< field path, or "-"
    std::string message;                 ///< what is wrong and what to change
};

/// An ordered list of diagnostics.
class Diagnostics {
public:
    /// record an error
    void error(std::string subject, std::string field, std::string message);
    /// record a warning
    void warning(std::string subject, std::string field, std::string message);
    /// append all of another list
    void append(const Diagnostics& other);
    /// true if any error was recorded
    bool hasErrors() const;
    /// all diagnostics in order of discovery
    const std::vector<Diagnostic>& items() const { return m_items; }
    /// number of diagnostics
    std::size_t size() const { return m_items.size(); }
    /// true when empty
    bool empty() const { return m_items.empty(); }

private:
    std::vector<Diagnostic> m_items;
};

/// `FILE: SUBJECT: FIELD: message` (the command line's one-line form); control characters
/// and bytes that are not UTF-8 in any part are written as `\xNN` (util/textescape.h)
std::string formatDiagnostic(const std::string& file, const Diagnostic& d);

} // namespace drivelab
