#include "canvas/partnavigator.h"

#include <QUndoStack>

#include "canvas/labscene.h"
#include "canvas/symbols.h"
#include "commands/parteditcommand.h"
#include "document/autolayout.h"
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
    m_view->setDiagnosticsSource([this] {
        std::vector<Diagnostic> out;
        const std::string prefix = m_path.join(QLatin1Char('/')).toStdString() + '/';
        for (Diagnostic d : m_lab->diagnostics()) {
            if (m_path.isEmpty() || d.subject.rfind(prefix, 0) != 0) continue;
            d.subject = d.subject.substr(prefix.size());
            out.push_back(std::move(d));
        }
        return out;
    });
    connect(m_lab, &LabDocument::diagnosticsChanged, m_view, &LabDocument::refreshDiagnostics);
    connect(m_lab, &LabDocument::changed, this, &PartNavigator::onLabChanged);
    connect(m_lab, &LabDocument::readOnlyChanged, this, [this] {
        if (m_body) m_view->setReadOnly(m_lab->isReadOnly() || !m_body->inLab);
    });
    connect(m_view, &LabDocument::editRefused, this, [this] {
        if (m_body && !m_body->inLab)
            emit hint(tr("Part %1 is the file %2: it opens read-only here.")
                          .arg(QString::fromStdString(m_body->part), QString::fromStdString(m_body->origin)));
    });
}

LabDocument* PartNavigator::shown() const { return m_path.isEmpty() ? m_lab : m_view; }

QStringList PartNavigator::crumbs() const
{
    QStringList out{QString::fromStdString(m_lab->lab().name)};
    LabSpec at = m_lab->lab();
    for (const QString& id : m_path) {
        const InstanceSpec* i = at.findInstance(id.toStdString());
        out << (i ? tr("%1 (%2)").arg(id, QString::fromStdString(i->part)) : id);
        if (!i) break;
        auto body = openPartBody(at, i->part, nullptr);
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
        if (!i) {
            if (why) *why = tr("%1 is not an instance of a part here.").arg(id);
            return std::nullopt;
        }
        body = openPartBody(*at, i->part, why);
        if (!body) return std::nullopt;
        at = &body->lab;
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
    // items without a layout entry are placed as when a lab opens (written with the next edit)
    autoPlace(m_body->lab, symbolPortAnchor);
    QStringList ports; // drawn as the part's ports (docs/EDITOR.md "Opening an instance")
    for (const PartPort& p : m_body->ports) ports << QString::fromStdString(p.name);
    m_view->setExposedPorts(ports);
    m_view->reset(m_body->lab, m_lab->filePath());
    m_view->setReadOnly(m_lab->isReadOnly() || !m_body->inLab);
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
    command->redo();
    Json after = writePartBody(before, *m_body, m_view->lab());
    m_forwarding = true;
    m_lab->push(new PartEditCommand(m_lab, m_body->part, before, std::move(after), command));
    m_forwarding = false;
}

void PartNavigator::onLabChanged(ChangeKind kind)
{
    if (kind == ChangeKind::Reset) {
        // another lab: its own network, no history
        m_history.clear();
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
    if (m_path != was) {
        m_scene->setDocument(shown());
        m_properties->setDocument(shown());
        emit pathChanged();
    }
}

} // namespace drivelab
