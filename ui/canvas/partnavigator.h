#pragma once
// Opening an instance (issue 36, docs/EDITOR.md "Opening an instance"): the canvas and the property
// panel show the network of the part an instance places, editable, and go back up. Every level is
// read afresh from the lab (document/partbody.h), so the lab stays the one document: an edit inside
// is made on the part's view and handed to the lab as one undo step that replaces the inline part's
// definition (commands/parteditcommand.h); undo and redo in the lab show again in the view. A part
// file opens for editing as a document of its own (document/partfilesession.h), kept while its
// edits are unsaved; Save Part writes the file (ui/partfileui.h).
#include <QObject>
#include <QStringList>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "document/labdocument.h"
#include "document/partbody.h"

class QUndoStack;

namespace drivelab {

class LabScene;
class PartFileSession;
class PropertyPanel;

/// the network the canvas shows: the lab's, or the part of an instance path inside it
class PartNavigator : public QObject {
    Q_OBJECT
public:
    PartNavigator(LabDocument* lab, LabScene* scene, PropertyPanel* properties, QObject* parent = nullptr);

    /// instance ids from the lab down to the network shown (empty: the lab); a part file opened
    /// from the palette is the first level, "@" and its path
    QStringList path() const { return m_path; }
    /// the part shown (nullopt at the lab)
    const std::optional<PartBody>& part() const { return m_body; }
    /// the view of the part shown (the lab's document at the lab)
    LabDocument* shown() const;
    /// the part file shown, opened for editing (nullptr when the lab or an inline part is shown)
    PartFileSession* session() const;
    /// the part files with edits not saved
    QList<PartFileSession*> unsavedSessions() const;
    /// the undo history of what is shown: the part file's, else the lab's
    QUndoStack* undoStack() const;
    /// the breadcrumb: the lab's name, then each instance with its part ("gearbox (two_speed_planetary)")
    QStringList crumbs() const;

    /// open instance `id` of the network shown; false with a hint when it is none or does not open
    bool openInstance(const QString& id);
    /// show the part file `file` for editing (the palette's Edit Part), not through an instance;
    /// false with `why` when it does not open
    bool openPartFile(const QString& file, QString* why);
    /// show the network at `path` from the lab ("gearbox/p1"); false with `why`
    bool openPath(const QString& path, QString* why);
    /// show the network `depth` levels below the lab (0: the lab) on the current path
    void goTo(int depth);
    bool canGoBack() const { return !m_history.isEmpty(); }
    bool canGoUp() const { return !m_path.isEmpty(); }
    /// the network shown before
    void back();
    /// the network around the part shown
    void up();

signals:
    /// another network is shown (or the history changed)
    void pathChanged();
    /// a status-bar hint
    void hint(const QString& text);
    /// a part file's edits, undo or save (its unsaved state)
    void partFileChanged();

private:
    std::optional<PartBody> resolve(const QStringList& path, QString* why) const;
    void show(const QStringList& path, bool remember);
    void load();
    void forward(QUndoCommand* command);
    void onLabChanged(ChangeKind kind);
    PartFileSession* sessionFor(const PartBody& body);
    std::vector<Diagnostic> diagnosticsInside() const;

    LabDocument* m_lab;
    LabScene* m_scene;
    PropertyPanel* m_properties;
    LabDocument* m_view; // the part's network
    QStringList m_path;
    QList<QStringList> m_history;
    std::optional<PartBody> m_body;
    std::map<std::string, PartFileSession*> m_sessions; // by file path
    bool m_forwarding = false;
    bool m_capturing = false;                                    // renames of the edit being forwarded
    std::vector<std::pair<std::string, std::string>> m_renames; // ... as from, to
};

} // namespace drivelab
