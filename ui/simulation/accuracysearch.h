#pragma once
// AccuracySearch: the editor's side of run.accuracy (docs/EDITOR.md "Accuracy"). Before a run of
// a lab that asks for an accuracy, the core's search (study/accuracy.h: every method the lab
// allows, its tick and halvings, each estimated from the runs at h, h/2 and h/4) runs on its own
// thread; a progress dialog appears when it takes longer than a moment, and Cancel stops it within
// 16 ticks. The choice (method, tick, estimated error) is kept for the lab it was made for (its
// model fingerprint and accuracy), so the next run of the unchanged lab starts at once.
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>

#include "simulation/runtypes.h"
#include "spec/labspec.h"
#include "study/accuracy.h"

class QProgressDialog;
class QWidget;

namespace drivelab {

/// one accuracy search at a time, and the last choice
class AccuracySearch : public QObject {
    Q_OBJECT
public:
    /// `dialogParent`: the window the progress dialog belongs to
    explicit AccuracySearch(QWidget* dialogParent, QObject* parent = nullptr);
    ~AccuracySearch() override;

    /// how many halvings of the lab's tick are tried (as `drivelab-cli run --accuracy`)
    static constexpr int kMaxHalvings = 6;

    /// true when a choice is kept for this lab (its fingerprint as compiled, and its accuracy)
    bool hasChoiceFor(std::uint64_t fingerprint, double accuracy) const;
    /// the lab at the chosen tick and method, and its model (valid after hasChoiceFor)
    const LabSpec& chosenSpec() const { return m_chosenSpec; }
    const ModelPtr& chosenModel() const { return m_chosenModel; }
    /// the search's outcome (empty methods before the first search)
    const study::AccuracyChoice& choice() const { return m_choice; }
    /// one line for the run settings: the chosen method, tick and estimated error, or why none
    QString summary() const { return m_summary; }
    bool isSearching() const { return m_thread.joinable(); }

    /// search `lab` (compiled with `fingerprint`) for its run.accuracy; finished() follows
    void start(const LabSpec& lab, std::uint64_t fingerprint);
    /// stop the search (finished(false) follows)
    void cancel();

signals:
    /// the search ended: `chosen` when a method met the accuracy (then hasChoiceFor is true)
    void finished(bool chosen);
    void progress(int done, int total);

private:
    void done(const study::AccuracyChoice& choice);

    QWidget* m_dialogParent;
    QProgressDialog* m_dialog = nullptr;
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    LabSpec m_lab;                      ///< the lab being (or last) searched
    std::uint64_t m_fingerprint = 0;    ///< its compiled fingerprint
    std::uint64_t m_keptFingerprint = 0; ///< the lab the kept choice is for
    double m_keptAccuracy = 0.0;
    bool m_kept = false;
    study::AccuracyChoice m_choice;
    LabSpec m_chosenSpec;
    ModelPtr m_chosenModel;
    QString m_summary;
};

/// one line describing a search's outcome for `tolerance` ("gauss2 at tick 25 µs: estimated error ...")
QString accuracySummary(const study::AccuracyChoice& choice, double tolerance);

} // namespace drivelab
