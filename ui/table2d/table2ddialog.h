#pragma once
// The 2-D table editor window of one Table2D parameter (a mapped engine's torque or fuel map):
// the grid (Table2DEditor) beside its preview (MapPreview), the core's findings on the table
// listed under it and marked at their cells. Every change is one SetValueCommand on the document
// (one undo step). During a run the operating point is read from the main branch's newest
// sample on a timer (the plots' way: no lock, no allocation, the solver never waits): a map axis
// named like an observable of the component is drawn at that observable's value.
#include <QDialog>
#include <QPointer>

#include <optional>

#include "spec/descriptor.h"

class QLabel;
class QListWidget;
class QTimer;

namespace drivelab {

class LabDocument;
class MapPreview;
class RunController;
class SampleStore;
class Table2DEditor;

/// editor window of one 2-D table parameter
class Table2DDialog : public QDialog {
    Q_OBJECT
public:
    /// `run` (may be null): where the live operating point comes from
    Table2DDialog(LabDocument* document, RunController* run, const QString& componentId, const QString& parameter,
                  QWidget* parent = nullptr);

    QString componentId() const { return m_id; }
    QString parameterName() const { return QString::fromLatin1(m_param->name); }
    Table2DEditor* editor() const { return m_editor; }
    MapPreview* preview() const { return m_preview; }
    /// select the cell of a field below the parameter ("x[2]", "values[1][3]")
    void focusField(const QString& below);
    /// read the operating point now (the timer calls it every 100 ms while shown)
    void updateLive();
    /// the observables (component's layout index) of the x and y axes, -1 when none
    std::pair<int, int> liveIndexes() const { return {m_liveX, m_liveY}; }

private:
    void refresh();
    /// the core's findings on the table, once the edit's compile ran (diagnosticsChanged)
    void updateProblems();
    void updateTitle();
    /// find the axes' observables in the layout of the run shown (once per store)
    void bindLive(const SampleStore* store);

    QPointer<LabDocument> m_document; // null while the main window is being torn down
    RunController* m_run;
    QString m_id;
    const ParameterDescriptor* m_param = nullptr;
    Table2DEditor* m_editor;
    MapPreview* m_preview;
    QListWidget* m_problems;
    QLabel* m_live;
    QTimer* m_timer;
    const SampleStore* m_store = nullptr;
    int m_liveX = -1;
    int m_liveY = -1;
};

} // namespace drivelab
