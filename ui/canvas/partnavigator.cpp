#include "canvas/partnavigator.h"

#include <QFileInfo>
#include <QUndoStack>

#include "canvas/labscene.h"
#include "canvas/symbols.h"
#include "commands/parteditcommand.h"
#include "document/autolayout.h"
#include "document/partfilesession.h"
#include "document/partpaths.h"
#include "properties/propertypanel.h"

namespace drivelab {

PartNavigator::PartNavigator(LabDocument* lab, LabScene* scene, PropertyPanel* properties, QObject* parent)
    : QObject(parent), m_lab(lab), m_scene(scene), m_properties(properties), m_view(new LabDocument(this))
{
    m_view->setEditForwarder({[this](QUndoCommand* c) { forward(c); },
                              [this](const QString& text) { m_lab->undoStack()->beginMacro(text); },
                              [this] { m_lab->undoStack()->endMacro(); }});
    // the part's problems are the lab's inside the opened instance (its fields are expressions of
    // the part's parameters: only the lab compiles them), named as inside the part
    m_view->setDiagnosticsSource([this] { return diagnosticsInside(); });
    connect(m_lab, &LabDocument::diagnosticsChanged, m_view, &LabDocument::refreshDiagnostics);
    // a rename inside the part, while an edit is forwarded: the lab's references follow it
    connect(m_view, &LabDocument::renamed, this, [this](const QString& from, const QString& to) {
        if (m_capturing) m_renames.emplace_back(from.toStdString(), to.toStdString());
    });
    connect(m_lab, &LabDocument::changed, this, &PartNavigator::onLabChanged);
    connect(m_lab, &LabDocument::readOnlyChanged, this, [this] {
        m_view->setReadOnly(m_lab->isReadOnly());
        for (auto& [file, s] : m_sessions) s->document()->setReadOnly(m_lab->isReadOnly());
    });
}

std::vector<Diagnostic> PartNavigator::diagnosticsInside() const
{
    // the lab's problems inside the opened instance, named as inside the part (a part file's as
    // the lab compiled it when it was last saved)
    std::vector<Diagnostic> out;
    const std::string prefix = m_path.join(QLatin1Char('/')).toStdString() + '/';
    for (Diagnostic d : m_lab->diagnostics()) {
        if (m_path.isEmpty() || d.subject.rfind(prefix, 0) != 0) continue;
        d.subject = d.subject.substr(prefix.size());
        out.push_back(std::move(d));
    }
    return out;
}

PartFileSession* PartNavigator::session() const
{
    if (m_path.isEmpty() || !m_body || m_body->inLab) return nullptr;
    const auto it = m_sessions.find(m_body->origin);
    return it == m_sessions.end() ? nullptr : it->second;
}

QList<PartFileSession*> PartNavigator::unsavedSessions() const
{
    QList<PartFileSession*> out;
    for (const auto& [file, s] : m_sessions) {
        if (s->isModified()) out << s;
    }
    return out;
}

QUndoStack* PartNavigator::undoStack() const
{
    PartFileSession* s = session();
    return s ? s->document()->undoStack() : m_lab->undoStack();
}

PartFileSession* PartNavigator::sessionFor(const PartBody& body)
{
    if (const auto it = m_sessions.find(body.origin); it != m_sessions.end()) return it->second;
    PartBody placed = body;
    // items without a layout entry are placed as when a lab opens (written with the next save)
    autoPlace(placed.lab, symbolPortAnchor);
    auto* s = new PartFileSession(std::move(placed), this);
    s->document()->setDiagnosticsSource([this] { return diagnosticsInside(); });
    s->document()->setReadOnly(m_lab->isReadOnly());
    connect(m_lab, &LabDocument::diagnosticsChanged, s->document(), &LabDocument::refreshDiagnostics);
    connect(s, &PartFileSession::changed, this, &PartNavigator::partFileChanged);
    m_sessions[body.origin] = s;
    return s;
}

LabDocument* PartNavigator::shown() const
{
    if (m_path.isEmpty()) return m_lab;
    PartFileSession* s = session();
    return s ? s->document() : m_view;
}

QStringList PartNavigator::crumbs() const
{
    QStringList out{QString::fromStdString(m_lab->lab().name)};
    LabSpec at = m_lab->lab();
    for (const QString& id : m_path) {
        const InstanceSpec* i = at.findInstance(id.toStdString());
        const bool file = id.startsWith(QLatin1Char('@'));
        out << (file ? tr("%1 (part file)").arg(QFileInfo(id.mid(1)).fileName()) : i ? tr("%1 (%2)").arg(id, QString::fromStdString(i->part)) : id);
        if (!i && !file) break;
        auto body = file ? openPartFileBody(at, id.mid(1).toStdString(), nullptr) : openPartBody(at, i->part, nullptr);
        if (!body) break;
        at = std::move(body->lab);
    }
    return out;
}

std::optional<PartBody> PartNavigator::resolve(const QStringList& path, QString* why) const
{
    std::optional<PartBody> body;
    const LabSpec* at = &m_lab->lab();
    for (const QString& id : path) {
        const InstanceSpec* i = at->findInstance(id.toStdString());
        if (id.startsWith(QLatin1Char('@'))) {
            // a part file opened from the palette
            body = openPartFileBody(*at, id.mid(1).toStdString(), why);
        } else if (!i) {
            if (why) *why = tr("%1 is not an instance of a part here.").arg(id);
            return std::nullopt;
        } else {
            body = openPartBody(*at, i->part, why);
        }
        if (!body) return std::nullopt;
        // inside a part file being edited: its network as edited
        const auto s = body->inLab ? m_sessions.end() : m_sessions.find(body->origin);
        at = s == m_sessions.end() ? &body->lab : &s->second->document()->lab();
    }
    return body;
}

bool PartNavigator::openInstance(const QString& id)
{
    QString why;
    QStringList path = m_path;
    path << id;
    if (!resolve(path, &why)) {
        emit hint(why);
        return false;
    }
    show(path, true);
    return true;
}

bool PartNavigator::openPartFile(const QString& file, QString* why)
{
    const QStringList path{QLatin1Char('@') + QFileInfo(file).absoluteFilePath()};
    if (!resolve(path, why)) return false;
    show(path, true);
    return true;
}

bool PartNavigator::openPath(const QString& path, QString* why)
{
    const QStringList ids = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (!ids.isEmpty() && !resolve(ids, why)) return false;
    show(ids, true);
    return true;
}

void PartNavigator::goTo(int depth)
{
    if (depth < 0 || depth >= m_path.size()) return;
    show(m_path.mid(0, depth), true);
}

void PartNavigator::back()
{
    if (m_history.isEmpty()) return;
    show(m_history.takeLast(), false);
}

void PartNavigator::up()
{
    if (!m_path.isEmpty()) show(m_path.mid(0, m_path.size() - 1), true);
}

void PartNavigator::show(const QStringList& path, bool remember)
{
    if (remember && path != m_path) m_history << m_path;
    m_path = path;
    load();
    LabDocument* doc = shown();
    m_scene->setDocument(doc);
    m_properties->setDocument(doc);
    emit pathChanged();
}

void PartNavigator::load()
{
    // the deepest level of the path that still resolves (an undo may take the instance away)
    m_body.reset();
    while (!m_path.isEmpty()) {
        m_body = resolve(m_path, nullptr);
        if (m_body) break;
        m_path.removeLast();
    }
    if (!m_body) return;
    QStringList ports; // drawn as the part's ports (docs/EDITOR.md "Opening an instance")
    for (const PartPort& p : m_body->ports) ports << QString::fromStdString(p.name);
    if (!m_body->inLab) {
        // a part file: its own document, kept while its edits are unsaved
        sessionFor(*m_body)->document()->setExposedPorts(ports);
        return;
    }
    // items without a layout entry are placed as when a lab opens (written with the next edit)
    autoPlace(m_body->lab, symbolPortAnchor);
    m_view->setExposedPorts(ports);
    m_view->reset(m_body->lab, m_lab->filePath());
    m_view->setReadOnly(m_lab->isReadOnly());
}

void PartNavigator::forward(QUndoCommand* command)
{
    const auto k = m_body && m_body->inLab ? inlinePartIndex(m_lab->lab(), m_body->part) : std::nullopt;
    if (!k) {
        delete command;
        return;
    }
    // the edit on the view, then the part's new definition as one step of the lab
    const Json before = m_lab->lab().parts[*k];
    m_renames.clear();
    m_capturing = true;
    command->redo();
    m_capturing = false;
    Json after = writePartBody(before, *m_body, m_view->lab());
    auto* edit = new PartEditCommand(m_lab, m_body->part, before, std::move(after), command);
    if (!m_renames.empty()) {
        // the item's path changes in every instance of the part: the lab's events, bindings and
        // results naming it follow, in the same undo step
        const std::vector<std::string> paths = instancePathsOf(m_lab->lab(), m_body->part);
        PathReferences refs = pathReferences(m_lab->lab());
        const PathReferences was = refs;
        bool any = false;
        for (const auto& [from, to] : m_renames) any = renameInsideInstances(refs, paths, from, to) || any;
        if (any) edit->setReferences(was, std::move(refs));
    }
    m_forwarding = true;
    m_lab->push(edit);
    m_forwarding = false;
}

void PartNavigator::onLabChanged(ChangeKind kind)
{
    if (kind == ChangeKind::Reset) {
        // another lab: its own network, no history; part files without unsaved edits are read
        // afresh when opened again
        m_history.clear();
        for (auto it = m_sessions.begin(); it != m_sessions.end();) {
            if (it->second->isModified()) {
                ++it;
                continue;
            }
            it->second->deleteLater();
            it = m_sessions.erase(it);
        }
        if (!m_path.isEmpty() || m_scene->document() != m_lab) {
            m_path.clear();
            show({}, false);
        } else {
            emit pathChanged();
        }
        return;
    }
    if (m_path.isEmpty() || m_forwarding || kind == ChangeKind::Layout) return;
    // undo, redo or an edit of the lab: the part as the lab has it now
    const QStringList was = m_path;
    load();
    if (m_path != was || m_scene->document() != shown()) {
        m_scene->setDocument(shown());
        m_properties->setDocument(shown());
        emit pathChanged();
    }
}

} // namespace drivelab
