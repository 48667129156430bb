#pragma once
// Keeps the causality analysis of the open lab current: every change of the document
// restarts a short timer (debounce); when it fires and the analysis is wanted (the overlay
// is on or the panel is shown), the lab is analysed again and updated() is emitted.
#include <QObject>
#include <QTimer>

#include <memory>

#include "causality/causalitymap.h"
#include "document/labdocument.h"

namespace drivelab {

/// the causality analysis of one document, refreshed as it is edited
class CausalityController : public QObject {
    Q_OBJECT
public:
    explicit CausalityController(LabDocument* document, QObject* parent = nullptr);

    /// debounce after an edit [ms]
    static constexpr int kDebounceMs = 100;

    /// analyse on changes (off: changes only mark the result stale)
    void setActive(bool on);
    bool isActive() const { return m_active; }
    /// analyse now (cancels a pending refresh)
    void refreshNow();
    /// a refresh is waiting for the debounce timer
    bool isPending() const { return m_timer.isActive(); }
    /// the result is older than the lab
    bool isStale() const { return m_stale; }

    /// the last report, and the report read against the drawing
    const CausalityReport& report() const { return *m_report; }
    const CausalityMap& map() const { return m_map; }
    /// the last analysis used the compiled model (false: the lab as written, it does not compile)
    bool analysedCompiled() const { return m_compiled; }
    /// number of analyses run so far
    int analyses() const { return m_analyses; }

signals:
    /// a new report is available
    void updated();

private:
    void onChanged(ChangeKind kind);

    LabDocument* m_document;
    QTimer m_timer;
    bool m_active = false;
    bool m_stale = true;
    bool m_compiled = false;
    int m_analyses = 0;
    std::shared_ptr<const CausalityReport> m_report; ///< never null (empty before the first analysis)
    CausalityMap m_map;
};

} // namespace drivelab
