#include "canvas/connectiontool.h"

#include <QCoreApplication>
#include <QPen>
#include <QToolTip>

#include "canvas/canvasstyle.h"
#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/wirerouter.h"
#include "commands/additemcommand.h"
#include "commands/connectcommand.h"
#include "document/itemfactory.h"
#include "document/partblocks.h"
#include "document/portdomains.h"

namespace drivelab {
namespace {

QString trConnection(const char* text) { return QCoreApplication::translate("ConnectionTool", text); }

QString domainText(Domain d) { return style::domainTitle(d); }

constexpr double kNewNodeDistance = 30.0;

} // namespace

ConnectionTool::ConnectionTool(LabScene* scene) : m_scene(scene) { }

ConnectionTool::~ConnectionTool() { delete m_preview; }

ConnectionVerdict ConnectionTool::judgeNode(const LabSpec& lab, const std::string& component, const PortDescriptor& port,
                                            const std::string& node)
{
    const NodeSpec* n = lab.findNode(node);
    if (!n) return {false, trConnection("'%1' is not a node").arg(QString::fromStdString(node))};
    const auto c = findBlock(lab, component);
    const auto domain = domainFromName(n->domain);
    if (!c || !domain || !portAccepts(lab, *c, port, *domain)) {
        const QString what = port.sameDomainAsA && c
                                 ? trConnection("a %1 port (it follows node_a)").arg(domainText(effectiveDomain(lab, *c, port)))
                                 : trConnection("a %1 port").arg(domainText(port.domain));
        return {false, trConnection("Cannot connect: %1.%2 is %3 and '%4' is a %5 node. Wires join matching domains only.")
                           .arg(QString::fromStdString(component), QString::fromLatin1(port.name), what, QString::fromStdString(node),
                                QString::fromStdString(n->domain))};
    }
    return {true, trConnection("Connect %1.%2 to %3")
                      .arg(QString::fromStdString(component), QString::fromLatin1(port.name), QString::fromStdString(node))};
}

ConnectionVerdict ConnectionTool::judgePorts(const LabSpec& lab, const std::string& compA, const PortDescriptor& portA,
                                             const std::string& compB, const PortDescriptor& portB)
{
    const auto ca = findBlock(lab, compA);
    const auto cb = findBlock(lab, compB);
    if (!ca || !cb) return {false, trConnection("Unknown component")};
    const Domain da = effectiveDomain(lab, *ca, portA), db = effectiveDomain(lab, *cb, portB);
    if (!portAccepts(lab, *ca, portA, db) || !portAccepts(lab, *cb, portB, da)) {
        return {false, trConnection("Cannot connect: %1.%2 is a %3 port and %4.%5 is a %6 port. Wires join matching domains only.")
                           .arg(QString::fromStdString(compA), QString::fromLatin1(portA.name), domainText(da),
                                QString::fromStdString(compB), QString::fromLatin1(portB.name), domainText(db))};
    }
    if (compA == compB && std::string(portA.name) == portB.name) return {false, trConnection("A port cannot join itself")};
    const auto b = findBlock(lab, compB);
    const std::string* bound = b ? b->port(portB.name) : nullptr;
    if (bound && *bound == kGroundId && !portA.allowGround)
        return {false, trConnection("%1.%2 cannot be grounded").arg(QString::fromStdString(compA), QString::fromLatin1(portA.name))};
    if (!bound && !nodeDomainDescriptor(da))
        return {false, trConnection("This build has no %1 nodes to join the ports with").arg(domainText(da))};
    return {true,
            bound ? trConnection("Connect to %1").arg(QString::fromStdString(*bound)) : trConnection("Join both ports through a new node")};
}

void ConnectionTool::begin(PortItem* port, const QPointF& scenePos)
{
    m_port = port;
    m_start = scenePos;
    m_lastRefusal.clear();
    m_preview = new QGraphicsPathItem;
    QPen pen(style::domainColor(port->domain()), 2.0, Qt::DashLine);
    m_preview->setPen(pen);
    m_preview->setZValue(10.0);
    m_scene->addItem(m_preview);
    revealQuietPorts(true); // free optional ports are drop targets too: show them while dragging
    emit m_scene->hint(
        trConnection("Drag to a %1 node or port; release on empty canvas to create a new node").arg(domainText(port->domain())));
}

void ConnectionTool::move(const QPointF& scenePos, const QPoint& screenPos)
{
    if (!m_port) return;
    const QPointF start = m_port->scenePos();
    m_preview->setPath([&] {
        QPainterPath p;
        const auto pts = routeWire(start, m_port->direction(), scenePos, -m_port->direction());
        p.moveTo(pts.front());
        for (int i = 1; i < pts.size(); ++i) p.lineTo(pts[i]);
        return p;
    }());
    clearHighlight();
    const LabSpec& lab = m_scene->document()->lab();
    const std::string comp = m_port->component()->id().toStdString();
    ConnectionVerdict v{true, QString()};
    bool target = false;
    for (QGraphicsItem* i : m_scene->items(scenePos)) {
        if (i->type() == kPortItemType && i != m_port) {
            auto* other = static_cast<PortItem*>(i);
            v = judgePorts(lab, comp, m_port->descriptor(), other->component()->id().toStdString(), other->descriptor());
            other->setDropHighlight(v.ok ? 1 : -1);
            m_highlighted = other;
            target = true;
            break;
        }
        if (i->type() == kNodeItemType) {
            auto* node = static_cast<NodeItem*>(i);
            v = judgeNode(lab, comp, m_port->descriptor(), node->id().toStdString());
            node->setDropHighlight(v.ok ? 1 : -1);
            m_highlighted = node;
            target = true;
            break;
        }
    }
    QPen pen = m_preview->pen();
    pen.setColor(!target ? style::domainColor(m_port->domain()) : (v.ok ? style::acceptColor() : style::errorColor()));
    m_preview->setPen(pen);
    if (target && !v.ok) {
        m_lastRefusal = v.reason;
        QToolTip::showText(screenPos, v.reason);
        emit m_scene->hint(v.reason);
    } else {
        QToolTip::hideText();
        if (target) emit m_scene->hint(v.reason);
    }
}

void ConnectionTool::finish(const QPointF& scenePos)
{
    if (!m_port) return;
    const LabSpec& lab = m_scene->document()->lab();
    const std::string comp = m_port->component()->id().toStdString();
    PortItem* targetPort = nullptr;
    NodeItem* targetNode = nullptr;
    for (QGraphicsItem* i : m_scene->items(scenePos)) {
        if (i->type() == kPortItemType && i != m_port) {
            targetPort = static_cast<PortItem*>(i);
            break;
        }
        if (i->type() == kNodeItemType) {
            targetNode = static_cast<NodeItem*>(i);
            break;
        }
    }
    // end the gesture first: the commands below re-sync the scene
    const End from{comp, &m_port->descriptor(), m_port->domain(), m_port->scenePos()};
    End to;
    if (targetPort)
        to = {targetPort->component()->id().toStdString(), &targetPort->descriptor(), targetPort->domain(), targetPort->scenePos()};
    const std::string node = targetNode ? targetNode->id().toStdString() : std::string();
    const bool far = QLineF(m_start, scenePos).length() >= kNewNodeDistance;
    cancel();
    ConnectionVerdict v{false, QString()};
    if (!node.empty()) {
        v = judgeNode(lab, comp, *from.port, node);
        if (v.ok) connectToNode(from, node);
    } else if (to.port) {
        v = judgePorts(lab, comp, *from.port, to.component, *to.port);
        if (v.ok) connectToPort(from, to);
    } else if (far) {
        if (nodeDomainDescriptor(from.domain)) {
            v.ok = true;
            connectToNewNode(from, scenePos);
        } else {
            v.reason = trConnection("This build has no %1 nodes").arg(domainText(from.domain));
        }
    } else {
        v.ok = true; // a click on a port: nothing to do
    }
    if (!v.ok) {
        m_lastRefusal = v.reason;
        emit m_scene->hint(v.reason);
    }
}

void ConnectionTool::revealQuietPorts(bool on)
{
    for (QGraphicsItem* i : m_scene->items()) {
        if (i->type() == kPortItemType) static_cast<PortItem*>(i)->setRevealed(on);
    }
}

void ConnectionTool::cancel()
{
    if (m_port) revealQuietPorts(false);
    clearHighlight();
    delete m_preview;
    m_preview = nullptr;
    m_port = nullptr;
    QToolTip::hideText();
}

void ConnectionTool::clearHighlight()
{
    if (!m_highlighted) return;
    if (m_highlighted->type() == kPortItemType) static_cast<PortItem*>(m_highlighted)->setDropHighlight(0);
    if (m_highlighted->type() == kNodeItemType) static_cast<NodeItem*>(m_highlighted)->setDropHighlight(0);
    m_highlighted = nullptr;
}

void ConnectionTool::connectToNode(const End& from, const std::string& node)
{
    LabDocument* doc = m_scene->document();
    const auto c = findBlock(doc->lab(), from.component);
    const std::string* bound = c ? c->port(from.port->name) : nullptr;
    if (!c || (bound && *bound == node)) return;
    doc->push(new ConnectCommand(doc, from.component, from.port->name, node));
}

void ConnectionTool::connectToPort(const End& from, const End& target)
{
    LabDocument* doc = m_scene->document();
    const auto b = findBlock(doc->lab(), target.component);
    if (const std::string* bound = b ? b->port(target.port->name) : nullptr) {
        doc->push(new ConnectCommand(doc, from.component, from.port->name, *bound));
        return;
    }
    // neither end has a node: put a new one between them
    const QPointF mid = m_scene->snapped((from.position + target.position) / 2.0);
    const NodeDomainDescriptor* d = nodeDomainDescriptor(from.domain);
    ItemBundle bundle = newNodeBundle(doc->lab(), *d, {mid.x(), mid.y(), 0, false});
    const std::string node = bundle.nodes.front().spec.id;
    doc->beginMacro(trConnection("Join %1.%2 and %3.%4")
                                     .arg(QString::fromStdString(from.component), QString::fromLatin1(from.port->name),
                                          QString::fromStdString(target.component), QString::fromLatin1(target.port->name)));
    doc->push(new AddItemCommand(doc, std::move(bundle)));
    doc->push(new ConnectCommand(doc, from.component, from.port->name, node));
    doc->push(new ConnectCommand(doc, target.component, target.port->name, node));
    doc->endMacro();
}

void ConnectionTool::connectToNewNode(const End& from, const QPointF& at)
{
    LabDocument* doc = m_scene->document();
    const QPointF p = m_scene->snapped(at);
    const NodeDomainDescriptor* d = nodeDomainDescriptor(from.domain);
    ItemBundle bundle = newNodeBundle(doc->lab(), *d, {p.x(), p.y(), 0, false});
    const std::string node = bundle.nodes.front().spec.id;
    doc->beginMacro(
        trConnection("Connect %1.%2 to a new %3")
            .arg(QString::fromStdString(from.component), QString::fromLatin1(from.port->name), QString::fromLatin1(d->label).toLower()));
    doc->push(new AddItemCommand(doc, std::move(bundle)));
    doc->push(new ConnectCommand(doc, from.component, from.port->name, node));
    doc->endMacro();
}

} // namespace drivelab
