#include "canvas/canvasmenu.h"

#include <QAction>
#include <QMenu>

#include "actionset.h"
#include "canvas/canvaseditor.h"
#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/wireitem.h"
#include "components/descriptors.h"
#include "document/portdomains.h"

namespace drivelab {

CanvasMenu::CanvasMenu(LabScene* scene, CanvasEditor* editor, ActionSet* actions, QObject* parent)
    : QObject(parent), m_scene(scene), m_editor(editor), m_actions(actions)
{ }

void CanvasMenu::exec(const QPoint& screenPos, const QPointF& scenePos)
{
    QMenu menu;
    QGraphicsItem* hit = nullptr;
    for (QGraphicsItem* i : m_scene->items(scenePos)) {
        if (i->type() == kPortItemType || i->type() == kWireItemType || i->type() == kComponentItemType || i->type() == kNodeItemType) {
            hit = i;
            break;
        }
    }
    const LabSpec& lab = m_scene->document()->lab();
    if (hit && hit->type() == kPortItemType) {
        auto* port = static_cast<PortItem*>(hit);
        const QString comp = port->component()->id();
        const QString name = port->name();
        menu.addSection(tr("%1.%2 (%3)").arg(comp, name, QString::fromLatin1(domainName(port->domain()))));
        QMenu* to = menu.addMenu(tr("Connect to"));
        const ComponentSpec* spec = lab.findComponent(comp.toStdString());
        for (const auto& n : lab.nodes) {
            const auto d = domainFromName(n.domain);
            if (!spec || !d || !portAccepts(lab, *spec, port->descriptor(), *d)) continue;
            const QString node = QString::fromStdString(n.id);
            QAction* a = to->addAction(node, this, [this, comp, name, node] {
                m_editor->connectPort(comp, name, node);
            });
            a->setCheckable(true);
            a->setChecked(port->node() == node);
        }
        to->setEnabled(!to->actions().isEmpty());
        if (port->descriptor().allowGround) {
            QAction* g = menu.addAction(tr("Connect to ground"), this, [this, comp, name] {
                m_editor->connectPort(comp, name, QStringLiteral("ground"));
            });
            g->setEnabled(port->binding() != PortItem::Binding::Ground);
        }
        QAction* d = menu.addAction(tr("Disconnect"), this, [this, comp, name] {
            m_editor->disconnectPort(comp, name);
        });
        d->setEnabled(port->binding() == PortItem::Binding::Node || port->binding() == PortItem::Binding::Ground);
    } else if (hit && hit->type() == kWireItemType) {
        auto* wire = static_cast<WireItem*>(hit);
        const QString comp = wire->component(), port = wire->port();
        menu.addSection(tr("%1.%2 → %3").arg(comp, port, wire->node()));
        menu.addAction(tr("Disconnect"), this, [this, comp, port] {
            m_editor->disconnectPort(comp, port);
        });
    } else if (hit) {
        if (!hit->isSelected()) {
            m_scene->selectIds({static_cast<SymbolItem*>(hit)->id()});
        }
        if (hit->type() == kComponentItemType &&
            static_cast<ComponentItem*>(hit)->descriptor().tableEditor == TableEditorKind::ConverterMaps)
            menu.addAction(m_actions->editMaps);
        if (lab.findInstance(static_cast<SymbolItem*>(hit)->id().toStdString())) menu.addAction(m_actions->openPart);
        menu.addAction(m_actions->rename);
        menu.addSeparator();
        menu.addAction(m_actions->rotateCw);
        menu.addAction(m_actions->rotateCcw);
        menu.addAction(m_actions->flip);
        menu.addSeparator();
        menu.addAction(m_actions->cut);
        menu.addAction(m_actions->copy);
        menu.addAction(m_actions->remove);
    } else {
        m_scene->clearSelection();
        menu.addAction(m_actions->paste);
        QMenu* add = menu.addMenu(tr("Add here"));
        for (Domain d : {Domain::Rotational, Domain::Hydraulic, Domain::Translational, Domain::Thermal}) {
            const NodeDomainDescriptor* nd = nodeDomainDescriptor(d);
            if (!nd) continue;
            const QString token = QStringLiteral("node:%1").arg(QString::fromLatin1(domainName(d)));
            add->addAction(QString::fromLatin1(nd->label), this, [this, token, scenePos] {
                m_scene->addFromPalette(token, scenePos);
            });
        }
        add->addSeparator();
        for (const ComponentDescriptor* d : componentDescriptors()) {
            const QString token = QStringLiteral("component:%1").arg(QString::fromLatin1(d->type));
            add->addAction(QString::fromLatin1(d->label), this, [this, token, scenePos] {
                m_scene->addFromPalette(token, scenePos);
            });
        }
        menu.addSeparator();
        menu.addAction(m_actions->selectAll);
        menu.addAction(m_actions->arrange);
        menu.addAction(m_actions->zoomFit);
    }
    menu.exec(screenPos);
}

} // namespace drivelab
