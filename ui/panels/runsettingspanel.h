#pragma once
// Lab and run settings: name, description, tick, duration, report interval and the
// integration method (docs/FORMATS.md run.method). Times
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

    /// focus the field of a diagnostic ("tick_ns", "duration_ns", "report_every_ticks", "method", "name")
    void focusField(const QString& name);
    QLineEdit* tickEdit() const { return m_tick; }
    QLineEdit* durationEdit() const { return m_duration; }
    QLineEdit* reportEdit() const { return m_report; }
    QLineEdit* nameEdit() const { return m_name; }
    /// the integration method: one item per entry of the core's runMethods(), in its order (data: the file's name)
    QComboBox* methodBox() const { return m_method; }
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

    LabDocument* m_document;
    QLineEdit* m_name;
    QPlainTextEdit* m_description;
    QLineEdit* m_tick;
    QLineEdit* m_duration;
    QLineEdit* m_report;
    QComboBox* m_method;
    QLabel* m_derived;
    QLabel* m_refusal;
    QHash<QLineEdit*, QString> m_refused; ///< field -> why its typed text was not stored
    bool m_focusAway = false;             ///< the focus left for another window: refuse quietly
};

} // namespace drivelab
