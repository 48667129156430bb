#pragma once
// The Signals panel (a dock): the lab's time signals in a list (a problem icon on those
// the core complains about), New (a kind) / Import CSV… / Delete, and the form of the
// current signal (signalform.h) with its plot. A CSV file imported into a saved lab becomes a
// `csv` signal naming the file relative to the lab's folder; into an untitled lab, a
// `table` holding its points. A signal that drives inputs is deleted only after those
// inputs are unbound (they keep the value the signal started them at), in one undo step.
#include <QWidget>

class QLabel;
class QListWidget;
class QStackedWidget;
class QToolButton;

namespace drivelab {

class LabDocument;
class SignalForm;

/// signals dock contents
class SignalsPanel : public QWidget {
    Q_OBJECT
public:
    explicit SignalsPanel(LabDocument* document, QWidget* parent = nullptr);
    /// list and edit the signals of another document: the network the canvas shows (the lab's, or
    /// an opened part's view, whose edits reach the lab as the canvas's do)
    void setDocument(LabDocument* document);
    LabDocument* document() const { return m_document; }

    /// add a signal of a kind (table, sine, ramp, step) and select it; its id
    QString addSignal(const QString& kind);
    /// import a two-column CSV file (see above) and select the new signal; "" (with a hint
    /// and the problems shown in the panel) when the file cannot be read
    QString importCsv(const QString& path);
    /// ask for a CSV file, then import it
    void importCsvDialog();
    /// delete a signal; when inputs are bound to it: refused (false, with a hint naming
    /// them) unless `unbindFirst`, which unbinds them in the same undo step
    bool removeSignal(const QString& id, bool unbindFirst);
    /// delete the current signal, asking first when inputs are bound to it
    void removeCurrent();
    /// select a signal and focus the field a diagnostic names ("" = none)
    void showSignal(const QString& id, const QString& field = {});
    /// the selected signal ("" when none)
    QString currentId() const;
    /// signal ids as listed
    QStringList ids() const;
    SignalForm* form() const { return m_form; }
    QListWidget* list() const { return m_list; }
    /// the last refusal or import problem shown in the panel
    QString message() const;

signals:
    /// a status-bar hint
    void hint(const QString& text);

protected:
    /// Delete (or Backspace) in the list deletes the signal, not the canvas selection
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void connectDocument();
    void rebuildList(const QStringList& changedIds);
    /// the list's problem icons, from the compile of the lab as it is (none while it is pending)
    void markList();
    void say(const QString& text);

    LabDocument* m_document;
    QListWidget* m_list;
    QStackedWidget* m_stack;
    QLabel* m_empty;
    QLabel* m_message;
    SignalForm* m_form;
    QToolButton* m_delete;
};

} // namespace drivelab
