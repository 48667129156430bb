#include "canvas/canvaseditor.h"

#include <QApplication>
#include <QClipboard>
#include <QMimeData>

#include "canvas/labscene.h"
#include "canvas/wireitem.h"
#include "canvas/symbols.h"
#include "commands/replacelabcommand.h"
#include "document/grouping.h"
#include "commands/arrangecommand.h"
#include "commands/connectcommand.h"
#include "commands/deleteitemscommand.h"
#include "commands/disconnectcommand.h"
#include "commands/pastecommand.h"
#include "commands/transformitemscommand.h"
#include "document/autolayout.h"
#include "document/clipboard.h"

namespace drivelab {

CanvasEditor::CanvasEditor(LabScene* scene, QObject* parent) : QObject(parent), m_scene(scene) { }

void CanvasEditor::deleteSelection()
{
    LabDocument* doc = m_scene->document();
    const std::set<std::string> ids = m_scene->selectedIds();
    QList<QPair<QString, QString>> wires;
    for (WireItem* w : m_scene->selectedWires()) {
        // wires of deleted items go with them
        if (!ids.count(w->component().toStdString()) && !ids.count(w->node().toStdString())) wires << qMakePair(w->component(), w->port());
    }
    if (ids.empty() && wires.isEmpty()) return;
    const bool macro = (ids.empty() ? 0 : 1) + wires.size() > 1;
    if (macro) doc->beginMacro(tr("Delete selection"));
    for (const auto& [c, p] : wires) doc->push(new DisconnectCommand(doc, c.toStdString(), p.toStdString()));
    if (!ids.empty()) doc->push(new DeleteItemsCommand(doc, ids));
    if (macro) doc->endMacro();
}

void CanvasEditor::rotateSelection(bool clockwise)
{
    const auto ids = m_scene->selectedIds();
    if (ids.empty()) return;
    LabDocument* doc = m_scene->document();
    doc->push(new TransformItemsCommand(doc, {ids.begin(), ids.end()},
                                        clockwise ? TransformItemsCommand::Operation::RotateClockwise
                                                  : TransformItemsCommand::Operation::RotateCounterClockwise));
}

void CanvasEditor::flipSelection()
{
    const auto ids = m_scene->selectedIds();
    if (ids.empty()) return;
    LabDocument* doc = m_scene->document();
    doc->push(new TransformItemsCommand(doc, {ids.begin(), ids.end()}, TransformItemsCommand::Operation::Flip));
}

void CanvasEditor::arrange()
{
    LabDocument* doc = m_scene->document();
    auto* cmd = new ArrangeCommand(doc, symbolPortAnchor);
    if (!cmd->changesAnything()) {
        delete cmd;
        emit hint(tr("The drawing is already arranged"));
        return;
    }
    doc->push(cmd);
}

void CanvasEditor::groupSelection()
{
    LabDocument* doc = m_scene->document();
    const auto ids = m_scene->selectedIds();
    std::string instance;
    QString why;
    auto grouped = groupItems(doc->lab(), ids, &instance, &why);
    if (!grouped) {
        emit hint(why);
        return;
    }
    const QString id = QString::fromStdString(instance);
    doc->push(new ReplaceLabCommand(doc, std::move(*grouped), tr("Group %n items into %1", nullptr, static_cast<int>(ids.size())).arg(id), {id}));
    m_scene->selectIds({id});
    emit hint(tr("Grouped into subsystem %1").arg(id));
}

void CanvasEditor::ungroupSelection()
{
    LabDocument* doc = m_scene->document();
    const auto ids = m_scene->selectedIds();
    if (ids.size() != 1) {
        emit hint(tr("Select one instance of a part to ungroup."));
        return;
    }
    const std::string id = *ids.begin();
    QString why;
    auto ungrouped = ungroupInstance(doc->lab(), id, &why);
    if (!ungrouped) {
        emit hint(why);
        return;
    }
    doc->push(new ReplaceLabCommand(doc, std::move(*ungrouped), tr("Ungroup %1").arg(QString::fromStdString(id)), {QString::fromStdString(id)}));
}

void CanvasEditor::copySelection()
{
    const auto ids = m_scene->selectedIds();
    if (ids.empty()) return;
    const QByteArray text = copyItems(m_scene->document()->lab(), ids);
    auto* mime = new QMimeData;
    mime->setData(QString::fromLatin1(kItemsMimeType), text);
    mime->setText(QString::fromUtf8(text));
    QApplication::clipboard()->setMimeData(mime);
    emit hint(tr("Copied %n items", nullptr, static_cast<int>(ids.size())));
}

void CanvasEditor::cutSelection()
{
    if (m_scene->selectedIds().empty()) return;
    copySelection();
    deleteSelection();
}

bool CanvasEditor::paste()
{
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    if (!mime) return false;
    QByteArray text = mime->data(QString::fromLatin1(kItemsMimeType));
    if (text.isEmpty()) text = mime->text().toUtf8();
    QString error;
    auto bundle = pasteBundle(m_scene->document()->lab(), text, 40.0, &error);
    if (!bundle) {
        emit hint(error);
        return false;
    }
    LabDocument* doc = m_scene->document();
    auto* cmd = new PasteCommand(doc, std::move(*bundle));
    const QStringList ids = cmd->pastedIds();
    doc->push(cmd);
    m_scene->selectIds(ids);
    emit hint(tr("Pasted %n items", nullptr, static_cast<int>(ids.size())));
    return true;
}

void CanvasEditor::selectAll()
{
    QStringList ids;
    for (const auto& n : m_scene->document()->lab().nodes) ids << QString::fromStdString(n.id);
    for (const auto& c : m_scene->document()->lab().components) ids << QString::fromStdString(c.id);
    m_scene->selectIds(ids);
}

void CanvasEditor::connectPort(const QString& component, const QString& port, const QString& node)
{
    LabDocument* doc = m_scene->document();
    doc->push(new ConnectCommand(doc, component.toStdString(), port.toStdString(), node.toStdString()));
}

void CanvasEditor::disconnectPort(const QString& component, const QString& port)
{
    LabDocument* doc = m_scene->document();
    doc->push(new DisconnectCommand(doc, component.toStdString(), port.toStdString()));
}

} // namespace drivelab
