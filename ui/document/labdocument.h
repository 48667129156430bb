#pragma once
// The open lab: the LabSpec being edited, its undo history, its file and what the
// core says about it. Every edit is a QUndoCommand (ui/commands/) that changes the
// spec through edit() and then calls notifyChanged(); views re-sync from the spec.
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

#include "spec/diagnostic.h"
#include "spec/labspec.h"

class QUndoStack;
class QUndoCommand;

namespace drivelab {

struct CompileResult;

/// what an edit touched (views decide how much to refresh)
enum class ChangeKind {
    Layout,    ///< positions, rotation, flip only: no re-validation
    Values,    ///< parameters, fields, inputs, run settings, events, name
    Structure, ///< items added, removed, renamed, connected or disconnected
    Reset,     ///< the whole lab was replaced (new, open, revert, recover)
};

/// where a document hands its edits (setEditForwarder)
struct EditForwarder {
    std::function<void(QUndoCommand*)> push;          ///< an edit (owned by the receiver)
    std::function<void(const QString&)> beginMacro;   ///< the edits up to endMacro are one step
    std::function<void()> endMacro;                   ///< the step ends
};

/// The document: one lab, its undo stack, its file path and its diagnostics.
class LabDocument : public QObject {
    Q_OBJECT
public:
    explicit LabDocument(QObject* parent = nullptr);
    ~LabDocument() override;

    /// the lab as it is now
    const LabSpec& lab() const { return m_lab; }
    /// mutable access for commands; call notifyChanged() afterwards
    LabSpec& edit() { return m_lab; }
    /// the undo history
    QUndoStack* undoStack() const { return m_undo; }
    /// push (and so perform) an edit; a read-only document refuses it (and deletes it)
    void push(QUndoCommand* command);
    /// a read-only document (an opened portable asset) refuses every edit; reset() clears it
    void setReadOnly(bool on);
    bool isReadOnly() const { return m_readOnly; }
    /// hand every edit to `forward` instead of this document's history (the view of an opened
    /// part: the edit becomes a step of the lab, docs/EDITOR.md "Opening an instance"); empty: own
    void setEditForwarder(EditForwarder forward) { m_forward = std::move(forward); }
    /// the edits pushed up to endMacro() are one undo step
    void beginMacro(const QString& text);
    void endMacro();
    /// the nodes that are the exposed ports of the part this document shows (an opened part's view;
    /// the canvas draws them as ports); empty for a lab. A reset() keeps them
    void setExposedPorts(const QStringList& nodes) { m_exposedPorts = nodes; }
    const QStringList& exposedPorts() const { return m_exposedPorts; }
    /// take the diagnostics from `source` instead of this lab's compile (an opened part's view: the
    /// lab's, which compiles the part with its parameters); empty: its own
    void setDiagnosticsSource(std::function<std::vector<Diagnostic>()> source);
    /// read the diagnostics again (after the source's changed)
    void refreshDiagnostics();

    /// replace the whole lab (clears the history); `modified` marks unsaved content (recovery);
    /// the lab's baseDir becomes the folder of `path` (empty when untitled)
    void reset(LabSpec lab, const QString& path, bool modified = false);
    /// file the lab belongs to ("" while untitled)
    QString filePath() const { return m_path; }
    /// set the file (after Save As); the lab's baseDir (where csv signal files are read)
    /// follows it, and the lab is checked again when it moved to another folder
    void setFilePath(const QString& path);
    /// "converter-launch.lab.json" or "Untitled"
    QString displayName() const;
    /// true when there are unsaved changes
    bool isModified() const;
    /// the current state is what the file holds
    void markSaved();
    /// bumped by every change; autosave compares it
    quint64 revision() const { return m_revision; }

    /// the lab as it is now, compiled once per change: the run controller and the causality
    /// analysis share it; its model is null when the lab has errors. An edit's compile runs after
    /// the edit's event (diagnosticsChanged() then follows), or at once when this is asked first:
    /// what it returns is always the compile of the lab as it is now
    std::shared_ptr<const CompileResult> compiled() const;
    /// every diagnostic the core reports for the lab as it is now (compile(); compiled at once
    /// when the edit's compile has not run yet)
    const std::vector<Diagnostic>& diagnostics() const;
    /// true between an edit and its compile (diagnosticsChanged() follows): a view refreshing on
    /// changed() leaves its problem marks to diagnosticsChanged() instead of compiling now
    bool diagnosticsPending() const { return m_stale; }
    /// diagnostics naming one subject
    std::vector<Diagnostic> diagnosticsFor(const std::string& subject) const;
    /// true when the lab compiles without errors
    bool isValid() const;

    /// compile the lab again as it is (a part file it reads was saved)
    void recheck();
    /// called by commands after changing the spec
    void notifyChanged(ChangeKind kind, const QStringList& ids = {});
    /// called by the rename command before notifyChanged()
    void notifyRenamed(const QString& from, const QString& to);

signals:
    /// the spec changed
    void changed(drivelab::ChangeKind kind, const QStringList& ids);
    /// an item id changed (views keep their items and selection)
    void renamed(const QString& from, const QString& to);
    /// diagnostics were recomputed
    void diagnosticsChanged();
    /// the unsaved-changes state flipped
    void modifiedChanged(bool modified);
    /// the file path changed
    void filePathChanged(const QString& path);
    /// the document became read-only or editable
    void readOnlyChanged(bool readOnly);
    /// an edit was refused because the document is read-only
    void editRefused();

private:
    /// compile the lab after the present event (an edit's change)
    void revalidate();
    /// compile the lab now (opening a lab) and announce its diagnostics
    void compileAndAnnounce();
    /// the pending compile, now (announced by settle())
    void compileNow() const;
    /// the posted compile: run it if nobody asked for it before, then announce the diagnostics
    void settle();
    void updateModified();

    LabSpec m_lab;
    QUndoStack* m_undo = nullptr;
    QString m_path;
    // the compile of the lab as it is now; stale between an edit and compileNow(), unannounced
    // between compileNow() and diagnosticsChanged()
    mutable std::vector<Diagnostic> m_diagnostics;
    mutable std::shared_ptr<const CompileResult> m_compiled;
    mutable bool m_stale = false;
    mutable bool m_unannounced = false;
    bool m_settlePosted = false;
    quint64 m_revision = 0;
    bool m_forcedModified = false;
    bool m_lastModified = false;
    bool m_readOnly = false;
    EditForwarder m_forward;
    QStringList m_exposedPorts;
    std::function<std::vector<Diagnostic>()> m_diagnosticsSource;
};

} // namespace drivelab
