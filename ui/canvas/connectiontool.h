#pragma once
// Drawing wires: press on a port, drag, release on a node (or on another port, or on
// empty canvas to create a new node there). Only matching domains join: a refused
// target turns red while the wire passes over it, with a tooltip saying why.
#include <QGraphicsPathItem>
#include <QPointF>
#include <QPointer>
#include <QString>

#include "spec/descriptor.h"
#include "spec/labspec.h"

namespace drivelab {

class LabScene;
class PortItem;
class NodeItem;

/// a judgement on a proposed connection
struct ConnectionVerdict {
    bool ok = false; ///< the connection may be made
    QString reason;  ///< why not (or what it will do)
};

/// wire-drag state machine of a LabScene
class ConnectionTool {
public:
    explicit ConnectionTool(LabScene* scene);
    ~ConnectionTool();

    /// a drag is in progress
    bool active() const { return m_port != nullptr; }
    void begin(PortItem* port, const QPointF& scenePos);
    void move(const QPointF& scenePos, const QPoint& screenPos);
    void finish(const QPointF& scenePos);
    void cancel();
    /// why the last refused drop was refused ("" when none)
    QString lastRefusal() const { return m_lastRefusal; }

    /// may this port be bound to this node?
    static ConnectionVerdict judgeNode(const LabSpec& lab, const std::string& component, const PortDescriptor& port,
                                       const std::string& node);
    /// may these two ports be joined (through the node of one, or a new node)?
    static ConnectionVerdict judgePorts(const LabSpec& lab, const std::string& compA, const PortDescriptor& portA, const std::string& compB,
                                        const PortDescriptor& portB);

private:
    /// what a finished drag needs once the drag state is gone (commands re-sync the scene)
    struct End {
        std::string component;
        const PortDescriptor* port = nullptr;
        Domain domain = Domain::Rotational;
        QPointF position;
    };
    void clearHighlight();
    /// draw (or stop drawing) every free optional port of the scene: drop targets while dragging
    void revealQuietPorts(bool on);
    void connectToNode(const End& from, const std::string& node);
    void connectToPort(const End& from, const End& target);
    void connectToNewNode(const End& from, const QPointF& at);

    LabScene* m_scene;
    PortItem* m_port = nullptr;
    QPointF m_start;
    QGraphicsPathItem* m_preview = nullptr;
    QGraphicsItem* m_highlighted = nullptr;
    QString m_lastRefusal;
};

} // namespace drivelab
