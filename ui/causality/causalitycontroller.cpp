#include "causality/causalitycontroller.h"

#include "analysis/causality.h"
#include "compile/compileresult.h"

namespace drivelab {

CausalityController::CausalityController(LabDocument* document, QObject* parent)
    : QObject(parent), m_document(document), m_report(std::make_shared<const CausalityReport>())
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDebounceMs);
    connect(&m_timer, &QTimer::timeout, this, &CausalityController::refreshNow);
    connect(document, &LabDocument::changed, this, [this](ChangeKind kind) {
        onChanged(kind);
    });
    connect(document, &LabDocument::renamed, this, [this] {
        onChanged(ChangeKind::Structure);
    });
}

void CausalityController::setActive(bool on)
{
    if (on == m_active) return;
    m_active = on;
    if (!on) {
        m_timer.stop();
        return;
    }
    if (m_stale) refreshNow();
}

void CausalityController::onChanged(ChangeKind kind)
{
    // moving items changes no causality
    if (kind == ChangeKind::Layout) return;
    m_stale = true;
    if (m_active) m_timer.start();
}

void CausalityController::refreshNow()
{
    m_timer.stop();
    const LabSpec& lab = m_document->lab();
    const std::shared_ptr<const CompileResult> compiled = m_document->compiled();
    m_report = std::make_shared<const CausalityReport>(analyzeForEditor(lab, compiled.get(), &m_compiled));
    m_map = mapCausality(lab, *m_report);
    m_stale = false;
    ++m_analyses;
    emit updated();
}

} // namespace drivelab
