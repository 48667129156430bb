#include "canvas/labscene.h"

#include <cmath>
#include <limits>

#include "canvas/componentitem.h"
#include "canvas/connectiontool.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/wireitem.h"
#include "canvas/scenerouting.h"
#include "commands/addinstancecommand.h"
#include "commands/additemcommand.h"
#include "components/descriptors.h"
#include "document/autolayout.h"
#include "document/displayunits.h"
#include "document/itemfactory.h"
#include "document/partblocks.h"
#include "document/portdomains.h"

namespace drivelab {
namespace {

QString wireKey(const QString& component, const QString& port) { return component + QLatin1Char('/') + port; }

} // namespace

LabScene::LabScene(LabDocument* document, QObject* parent) : QGraphicsScene(parent), m_document(document)
{
    m_connection = new ConnectionTool(this);
    connectDocument();
    // the labels show quantities in the display units: a new choice re-labels every item, and
    // since it changes every label's width the wires are laid out afresh, as on opening the lab
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        m_routing.reset();
        fullSync();
    });
    fullSync();
}

LabScene::~LabScene()
{
    // no selection signals while the items go
    blockSignals(true);
    delete m_connection;
    m_connection = nullptr;
    clear();
}

void LabScene::connectDocument()
{
    connect(m_document, &LabDocument::changed, this, &LabScene::onChanged);
    connect(m_document, &LabDocument::renamed, this, &LabScene::onRenamed);
    connect(m_document, &LabDocument::diagnosticsChanged, this, &LabScene::syncProblems);
}

void LabScene::setDocument(LabDocument* document)
{
    if (document == m_document) return;
    m_document->disconnect(this);
    m_document = document;
    connectDocument();
    // nothing of the other network stays: no item, drag or wire in progress
    {
        const QSignalBlocker block(this);
        if (m_connection->active()) m_connection->cancel();
        m_dragging = false;
        m_nudgeIds.clear();
        for (auto* w : std::as_const(m_wires)) delete w;
        for (auto* c : std::as_const(m_components)) delete c;
        for (auto* n : std::as_const(m_nodes)) delete n;
        m_wires.clear();
        m_components.clear();
        m_nodes.clear();
        m_routing.reset();
    }
    fullSync();
    emit documentChanged(document);
}

WireItem* LabScene::wire(const QString& component, const QString& port) const { return m_wires.value(wireKey(component, port)); }

QGraphicsItem* LabScene::itemFor(const QString& id) const
{
    if (auto* c = m_components.value(id)) return c;
    return m_nodes.value(id);
}

std::set<std::string> LabScene::selectedIds() const
{
    std::set<std::string> out;
    for (QGraphicsItem* i : selectedItems()) {
        if (i->type() == kComponentItemType || i->type() == kNodeItemType) out.insert(static_cast<SymbolItem*>(i)->id().toStdString());
    }
    return out;
}

QList<WireItem*> LabScene::selectedWires() const
{
    QList<WireItem*> out;
    for (QGraphicsItem* i : selectedItems()) {
        if (i->type() == kWireItemType) out << static_cast<WireItem*>(i);
    }
    return out;
}

void LabScene::selectIds(const QStringList& ids)
{
    const QSignalBlocker block(this);
    clearSelection();
    for (const QString& id : ids) {
        if (QGraphicsItem* i = itemFor(id)) i->setSelected(true);
    }
    blockSignals(false);
    emit selectionChanged();
}

QRectF LabScene::contentRect() const
{
    QRectF r;
    for (auto* c : m_components) r = r.united(c->sceneBoundingRect());
    for (auto* n : m_nodes) r = r.united(n->sceneBoundingRect());
    for (auto* w : m_wires) r = r.united(w->sceneBoundingRect());
    return r;
}

void LabScene::setSnapToGrid(bool on) { m_snap = on; }

QPointF LabScene::snapped(const QPointF& p) const
{
    if (!m_snap) return p;
    return QPointF(std::round(p.x() / kGridPitch) * kGridPitch, std::round(p.y() / kGridPitch) * kGridPitch);
}

QString LabScene::addFromPalette(const QString& token, const QPointF& scenePos)
{
    const QString kind = token.section(QLatin1Char(':'), 0, 0);
    const std::string name = token.section(QLatin1Char(':'), 1).toStdString();
    const QPointF at = snapped(scenePos);
    const Placement where{at.x(), at.y(), 0, false};
    if (kind == QLatin1String("part")) { // a library part: an instance of it (issue 36)
        auto* cmd = new AddInstanceCommand(m_document, name, where);
        const QString id = cmd->instanceId();
        m_document->push(cmd);
        selectIds({id});
        return id;
    }
    ItemBundle bundle;
    if (kind == QLatin1String("component")) {
        const ComponentDescriptor* d = findComponentDescriptor(name);
        if (!d) return QString();
        bundle = newComponentBundle(m_document->lab(), *d, where);
    } else if (kind == QLatin1String("node")) {
        const auto domain = domainFromName(name);
        const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
        if (!d) return QString();
        bundle = newNodeBundle(m_document->lab(), *d, where);
    } else {
        return QString();
    }
    auto* cmd = new AddItemCommand(m_document, std::move(bundle));
    const QString id = cmd->itemId();
    m_document->push(cmd);
    selectIds({id});
    return id;
}

void LabScene::onChanged(ChangeKind kind, const QStringList& ids)
{
    if (kind == ChangeKind::Layout) {
        syncPlacements(ids);
        return;
    }
    // an undo in the middle of a gesture ends the gesture: its items may be gone
    if (kind == ChangeKind::Structure || kind == ChangeKind::Reset) {
        if (m_connection->active()) m_connection->cancel();
        m_dragging = false;
        m_nudgeIds.clear();
    }
    // another lab: lay it out afresh, as its file says
    if (kind == ChangeKind::Reset) m_routing.reset();
    // a value edit names what it changed: only those items take their labels again
    if (kind == ChangeKind::Values && !ids.isEmpty() && syncValues(ids)) return;
    fullSync();
}

bool LabScene::syncValues(const QStringList& ids)
{
    const LabSpec& lab = m_document->lab();
    // a value edit changes labels (and a hydraulic node's drawing), never which items, ports or
    // wires there are; an item whose kind of block changed after all takes the full sync
    for (const QString& id : ids) {
        const std::string sid = id.toStdString();
        if (ComponentItem* c = m_components.value(id)) {
            const auto block = findBlock(lab, sid);
            if (!block || blockDescriptor(block->type) != &c->descriptor()) return false;
        } else if (NodeItem* n = m_nodes.value(id)) {
            const NodeSpec* spec = lab.findNode(sid);
            if (!spec || domainFromName(spec->domain).value_or(Domain::Rotational) != n->domain()) return false;
        }
    }
    for (const QString& id : ids) {
        const std::string sid = id.toStdString();
        if (ComponentItem* c = m_components.value(id)) c->syncFrom(lab, *findBlock(lab, sid));
        if (NodeItem* n = m_nodes.value(id)) n->syncFrom(*lab.findNode(sid));
    }
    rerouteWires();
    if (!m_document->diagnosticsPending()) syncProblems();
    updateSceneRect();
    return true;
}

void LabScene::onRenamed(const QString& from, const QString& to)
{
    // keep the item (and its selection) under its new id; when an item already has that id (renames
    // replayed over another network: a part file's recovered edits) the next sync sorts them out
    if (m_components.contains(to) || m_nodes.contains(to)) return;
    if (auto* c = m_components.take(from)) {
        c->setId(to);
        m_components.insert(to, c);
        for (auto it = m_wires.begin(); it != m_wires.end();) {
            if (it.value()->component() == from) {
                WireItem* w = it.value();
                it = m_wires.erase(it);
                w->setComponent(to);
                m_wires.insert(wireKey(to, w->port()), w);
            } else {
                ++it;
            }
        }
    }
    if (auto* n = m_nodes.take(from)) {
        n->setId(to);
        m_nodes.insert(to, n);
    }
}

void LabScene::fullSync()
{
    const LabSpec& lab = m_document->lab();
    const std::set<std::string> wasSelected = selectedIds();
    QSet<QString> wiresSelected;
    for (auto* w : selectedWires()) wiresSelected.insert(wireKey(w->component(), w->port()));
    const QSignalBlocker block(this);
    // nodes
    QSet<QString> keep;
    for (const auto& n : lab.nodes) {
        const QString id = QString::fromStdString(n.id);
        const auto domain = domainFromName(n.domain).value_or(Domain::Rotational);
        NodeItem* item = m_nodes.value(id);
        if (item && item->domain() != domain) {
            m_nodes.remove(id);
            delete item;
            item = nullptr;
        }
        if (!item) {
            item = new NodeItem(id, domain);
            addItem(item);
            m_nodes.insert(id, item);
        }
        item->setPlacement(placementOf(lab, n.id).value_or(Placement{}));
        item->syncFrom(n);
        item->setExposedPort(m_document->exposedPorts().contains(id));
        keep.insert(id);
    }
    for (auto it = m_nodes.begin(); it != m_nodes.end();) {
        if (!keep.contains(it.key())) {
            delete it.value();
            it = m_nodes.erase(it);
        } else {
            ++it;
        }
    }
    // components, then instances of parts drawn as blocks with the part's ports
    const std::vector<ComponentSpec> blocks = canvasBlocks(lab);
    keep.clear();
    for (const auto& c : blocks) {
        const QString id = QString::fromStdString(c.id);
        const ComponentDescriptor* d = blockDescriptor(c.type);
        if (!d) continue;
        ComponentItem* item = m_components.value(id);
        if (item && &item->descriptor() != d) {
            m_components.remove(id);
            delete item;
            item = nullptr;
        }
        if (!item) {
            item = new ComponentItem(id, *d);
            addItem(item);
            m_components.insert(id, item);
        }
        item->setPlacement(placementOf(lab, c.id).value_or(Placement{}));
        item->syncFrom(lab, c);
        keep.insert(id);
    }
    for (auto it = m_components.begin(); it != m_components.end();) {
        if (!keep.contains(it.key())) {
            delete it.value();
            it = m_components.erase(it);
        } else {
            ++it;
        }
    }
    // wires: one per port bound to a declared node
    QSet<QString> keepWires;
    for (const auto& c : blocks) {
        const ComponentDescriptor* d = blockDescriptor(c.type);
        if (!d) continue;
        for (const auto& [port, node] : c.ports) {
            const PortDescriptor* pd = d->port(port);
            if (!pd || !lab.findNode(node)) continue;
            const QString key = wireKey(QString::fromStdString(c.id), QString::fromStdString(port));
            WireItem* w = m_wires.value(key);
            const Domain domain = effectiveDomain(lab, c, *pd);
            if (!w) {
                w = new WireItem(QString::fromStdString(c.id), QString::fromStdString(port), domain);
                addItem(w);
                m_wires.insert(key, w);
            }
            w->setDomain(domain);
            w->setNode(QString::fromStdString(node));
            keepWires.insert(key);
        }
    }
    for (auto it = m_wires.begin(); it != m_wires.end();) {
        if (!keepWires.contains(it.key())) {
            delete it.value();
            it = m_wires.erase(it);
        } else {
            ++it;
        }
    }
    rerouteWires();
    // an edit's diagnostics follow with its compile (diagnosticsChanged), after the edit's event
    if (!m_document->diagnosticsPending()) syncProblems();
    // selection survives the re-sync
    for (const auto& id : wasSelected) {
        if (QGraphicsItem* i = itemFor(QString::fromStdString(id))) i->setSelected(true);
    }
    for (const QString& key : wiresSelected) {
        if (WireItem* w = m_wires.value(key)) w->setSelected(true);
    }
    updateSceneRect();
    blockSignals(false);
    emit selectionChanged();
}

void LabScene::syncPlacements(const QStringList& ids)
{
    const LabSpec& lab = m_document->lab();
    for (const QString& id : ids) {
        const auto p = placementOf(lab, id.toStdString());
        if (!p) continue;
        if (auto* c = m_components.value(id)) c->setPlacement(*p);
        if (auto* n = m_nodes.value(id)) n->setPlacement(*p);
    }
    rerouteWires();
    updateSceneRect();
}

void LabScene::syncProblems()
{
    QHash<QString, QStringList> errors, warnings;
    for (const auto& d : m_document->diagnostics()) {
        const QString subject = QString::fromStdString(d.subject);
        const QString text = d.field == "-" ? QString::fromStdString(d.message) : QString::fromStdString(d.field + ": " + d.message);
        (d.severity == Severity::Error ? errors : warnings)[subject] << text;
    }
    for (auto* c : m_components) c->setProblems(errors.value(c->id()), warnings.value(c->id()));
    for (auto* n : m_nodes) n->setProblems(errors.value(n->id()), warnings.value(n->id()));
}

void LabScene::rerouteWires()
{
    const LabSpec& lab = m_document->lab();
    if (lab.instances.empty())
        m_routing.update(lab.nodes, lab.components, m_components, m_nodes, m_wires);
    else
        m_routing.update(lab.nodes, canvasBlocks(lab), m_components, m_nodes, m_wires);
}

void LabScene::updateSceneRect()
{
    // generous margins so the user can pan and drop around the drawing
    const QRectF r = contentRect().adjusted(-1500, -1000, 1500, 1000);
    setSceneRect(r.united(QRectF(-1500, -1000, 3000, 2000)));
}

} // namespace drivelab
