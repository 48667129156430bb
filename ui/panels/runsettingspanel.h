#pragma once
// Lab and run settings: name, description, tick, duration, report interval, the
// integration method (docs/FORMATS.md run.method) and the accuracy asked for (run.accuracy: a
// relative tolerance; empty runs the lab's own tick and method, docs/EDITOR.md "Accuracy"). Times
// are typed in µs and s and converted to whole nanoseconds exactly (no floating point),
// with the tick count and report spacing shown; fields the core rejects are marked.
// Every keystroke is kept: an entry that is not an exact non-negative decimal ("1e12",
// "-5", "0,5" where the locale writes a point) is refused whole, stays amber with the
// reason under the fields and in the tooltip, and the lab keeps its value.
#include <QHash>
#include <QWidget>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QLabel;

namespace drivelab {

class LabDocument;

/// run settings dock contents
class RunSettingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunSettingsPanel(LabDocument* document, QWidget* parent = nullptr);

    /// focus the field of a diagnostic ("tick_ns", "duration_ns", "report_every_ticks", "method", "accuracy", "name")
    void focusField(const QString& name);
    QLineEdit* tickEdit() const { return m_tick; }
    QLineEdit* durationEdit() const { return m_duration; }
    QLineEdit* reportEdit() const { return m_report; }
    QLineEdit* nameEdit() const { return m_name; }
    /// the integration method: one item per entry of the core's runMethods(), in its order (data: the file's name)
    QComboBox* methodBox() const { return m_method; }
    /// the relative tolerance asked for (run.accuracy); empty: the lab's own tick and method
    QLineEdit* accuracyEdit() const { return m_accuracy; }
    /// what the run does for the accuracy: the chosen method, tick and estimated error
    QLabel* accuracyResult() const { return m_accuracyResult; }
    /// show what the run did for the accuracy (empty: nothing shown)
    void setAccuracyResult(const QString& text);
    /// the reason shown under the fields for refused entries (empty: none refused)
    QString refusalText() const;

signals:
    void hint(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();
    void commitRun();
    void commitInfo();
    void commitMethod(int index);
    void commitAccuracy();
    QString fieldName(QLineEdit* e) const;
    /// the lab's value of a field, as the field shows it
    QString labText(QLineEdit* e) const;

    LabDocument* m_document;
    QLineEdit* m_name;
    QPlainTextEdit* m_description;
    QLineEdit* m_tick;
    QLineEdit* m_duration;
    QLineEdit* m_report;
    QComboBox* m_method;
    QLineEdit* m_accuracy;
    QLabel* m_accuracyResult;
    QLabel* m_derived;
    QLabel* m_refusal;
    QHash<QLineEdit*, QString> m_refused; ///< field -> why its typed text was not stored
    bool m_focusAway = false;             ///< the focus left for another window: refuse quietly
};

} // namespace drivelab
