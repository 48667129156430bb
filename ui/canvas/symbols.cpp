#include "canvas/symbols.h"

#include <QFile>
#include <QFontMetricsF>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgRenderer>

#include "components/descriptors.h"
#include "document/partblocks.h"
#include "spec/labspec.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace drivelab {
namespace {

Symbol load(const QString& path, const QStringList& ports)
{
    Symbol s;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return s;
    const QByteArray svg = file.readAll();
    auto r = std::make_shared<QSvgRenderer>(svg);
    if (!r->isValid()) return s;
    s.renderer = r;
    const QRectF box = r->viewBoxF();
    // lettering turns with nothing: the body is drawn without it, the item draws it upright
    static const QRegularExpression group(QStringLiteral(R"(<g id="upright">.*?</g>)"), QRegularExpression::DotMatchesEverythingOption);
    if (r->elementExists(QStringLiteral("upright"))) {
        auto body = std::make_shared<QSvgRenderer>(QString::fromUtf8(svg).remove(group).toUtf8());
        if (body->isValid()) {
            s.upright = r;
            s.uprightRect = r->boundsOnElement(QStringLiteral("upright")).translated(-box.center());
            s.renderer = body;
        }
    }
    s.size = box.size();
    for (const QString& p : ports) {
        const QString id = QStringLiteral("port-") + p;
        if (r->elementExists(id)) s.anchors.insert(p, r->boundsOnElement(id).center() - box.center());
    }
    return s;
}

// generic box: first port left, second right, then top, bottom; thermal ports below
void genericAnchors(Symbol& s, const ComponentDescriptor& d)
{
    const double w = s.size.width() / 2.0, h = s.size.height() / 2.0;
    int mech = 0, heat = 0, heatCount = 0;
    for (const auto& p : d.ports) heatCount += p.domain == Domain::Thermal ? 1 : 0;
    for (const auto& p : d.ports) {
        QPointF a;
        if (p.domain == Domain::Thermal) {
            a = QPointF((heat + 1) * s.size.width() / (heatCount + 1) - w, h);
            ++heat;
        } else {
            static const QPointF sides[] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
            const QPointF side = sides[mech % 4];
            const double shift = (mech / 4) * 14.0;
            a = QPointF(side.x() * w + (side.x() == 0 ? shift : 0), side.y() * h + (side.y() == 0 ? shift : 0));
            ++mech;
        }
        s.anchors.insert(QString::fromLatin1(p.name), a);
    }
}

// an instance of a part: a taller box, its ports alternately left and right from the top,
// thermal ports along the bottom edge
void partAnchors(Symbol& s, const ComponentDescriptor& d)
{
    int mech = 0, heatCount = 0;
    for (const auto& p : d.ports) (p.domain == Domain::Thermal ? heatCount : mech) += 1;
    const int rows = std::max(1, (mech + 1) / 2);
    // wide enough for the part's name in the caption font (SymbolItem::paint)
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(10);
    // and for the port names drawn inside beside the left and right markers (PortItem, 9 px)
    QFont names(font);
    names.setPixelSize(9);
    double name = 0.0;
    for (const auto& p : d.ports) {
        if (p.domain != Domain::Thermal) name = std::max(name, QFontMetricsF(names).horizontalAdvance(QString::fromLatin1(p.name)));
    }
    const double caption = QFontMetricsF(font).horizontalAdvance(QString::fromLatin1(d.label)) + 24.0 + (name > 0.0 ? 2.0 * (name + 12.0) : 0.0);
    const double width = std::ceil(std::max({110.0, 40.0 * heatCount + 30.0, caption}) / 20.0) * 20.0;
    s.size = QSizeF(width, std::max(60.0, 30.0 * rows + 20.0));
    const double w = s.size.width() / 2.0, h = s.size.height() / 2.0;
    int m = 0, heat = 0;
    for (const auto& p : d.ports) {
        QPointF a;
        if (p.domain == Domain::Thermal) {
            a = QPointF((heat + 1) * s.size.width() / (heatCount + 1) - w, h);
            ++heat;
        } else {
            const int row = m / 2;
            a = QPointF(m % 2 == 0 ? -w : w, -h + 10.0 + (row + 0.5) * (s.size.height() - 20.0) / rows);
            ++m;
        }
        s.anchors.insert(QString::fromLatin1(p.name), a);
    }
}

} // namespace

void Symbol::paint(QPainter* painter, const QColor& ink, const QColor& fill) const
{
    const QRectF box(-size.width() / 2.0, -size.height() / 2.0, size.width(), size.height());
    if (renderer) {
        renderer->render(painter, box);
        return;
    }
    // the caption is drawn upright by the item, over the (rotated) box
    painter->setPen(QPen(ink, 1.6));
    painter->setBrush(fill);
    painter->drawRoundedRect(box.adjusted(4, 4, -4, -4), 6, 6);
}

void Symbol::paintUpright(QPainter* painter, const QTransform& orient) const
{
    if (!upright) return;
    const QPointF c = orient.map(uprightRect.center());
    upright->render(painter, QStringLiteral("upright"), QRectF(c - QPointF(uprightRect.width(), uprightRect.height()) / 2.0, uprightRect.size()));
}

QPointF Symbol::direction(const QPointF& a) const
{
    const double w = size.width() / 2.0, h = size.height() / 2.0;
    const double dl = std::fabs(a.x() + w), dr = std::fabs(a.x() - w);
    const double dt = std::fabs(a.y() + h), db = std::fabs(a.y() - h);
    const double m = std::min({dl, dr, dt, db});
    if (m == dl) return {-1, 0};
    if (m == dr) return {1, 0};
    if (m == dt) return {0, -1};
    return {0, 1};
}

std::optional<PortAnchor> symbolPortAnchor(std::string_view type, std::string_view port)
{
    const ComponentDescriptor* d = blockDescriptor(type);
    if (!d) return std::nullopt;
    const Symbol& s = componentSymbol(*d);
    const QString name = QString::fromLatin1(port.data(), static_cast<int>(port.size()));
    if (!s.anchors.contains(name)) return std::nullopt;
    const QPointF a = s.anchors.value(name);
    const QPointF dir = s.direction(a);
    return PortAnchor{a.x(), a.y(), dir.x(), dir.y()};
}

QString componentIconPath(const ComponentDescriptor& d)
{
    const QString path = QStringLiteral(":/symbols/%1.svg").arg(QString::fromLatin1(d.type));
    return QFile::exists(path) ? path : QString();
}

QString nodeIconPath(Domain d)
{
    const QString path = QStringLiteral(":/symbols/node-%1.svg").arg(QString::fromLatin1(domainName(d)));
    return QFile::exists(path) ? path : QString();
}

const Symbol& componentSymbol(const ComponentDescriptor& d)
{
    static std::map<std::string, Symbol> cache;
    auto it = cache.find(d.type);
    if (it != cache.end()) return it->second;
    QStringList ports;
    for (const auto& p : d.ports) ports << QString::fromLatin1(p.name);
    Symbol s = isPartType(d.type) ? Symbol{} : load(componentIconPath(d), ports);
    if (isPartType(d.type)) {
        s.caption = QString::fromLatin1(d.label);
        partAnchors(s, d);
    } else if (!s.renderer) {
        // no drawing: a box that names the type, ports laid out from the descriptor
        s = Symbol{};
        s.size = QSizeF(90, 60);
        s.caption = QString::fromLatin1(d.label);
        genericAnchors(s, d);
    } else {
        // a drawing older than its type: ports it does not show go along the top edge
        QStringList missing;
        for (const auto& p : ports) {
            if (!s.anchors.contains(p)) missing << p;
        }
        const double w = s.size.width(), h = s.size.height();
        for (int i = 0; i < missing.size(); ++i)
            s.anchors.insert(missing[i], QPointF((i + 1) * w / (missing.size() + 1) - w / 2.0, -h / 2.0));
    }
    return cache.emplace(d.type, std::move(s)).first->second;
}

QString nodeVariant(const NodeSpec& node)
{
    if (node.domain != "hydraulic" || !node.fields.is_object()) return QString();
    if (node.fields.contains("fixed_pressure")) return QStringLiteral("reservoir");
    if (!node.fields.contains("volume")) return QStringLiteral("junction");
    return QString();
}

const Symbol& nodeSymbol(Domain d, const QString& variant)
{
    static std::map<std::pair<int, QString>, Symbol> cache;
    const auto key = std::make_pair(static_cast<int>(d), variant);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    const QStringList sides = {QStringLiteral("left"), QStringLiteral("right"), QStringLiteral("top"), QStringLiteral("bottom")};
    QString path = nodeIconPath(d);
    if (!variant.isEmpty()) {
        const QString special = QStringLiteral(":/symbols/node-%1-%2.svg").arg(QString::fromLatin1(domainName(d)), variant);
        if (QFile::exists(special)) path = special;
    }
    Symbol s = load(path, sides);
    if (!s.renderer) {
        s.size = QSizeF(44, 44);
        s.caption = QString::fromLatin1(domainName(d));
    }
    // sides the drawing leaves out sit at the middle of the box edges
    const double w = s.size.width() / 2.0, h = s.size.height() / 2.0;
    const QPointF edge[] = {{-w, 0}, {w, 0}, {0, -h}, {0, h}};
    for (int i = 0; i < 4; ++i) {
        if (!s.anchors.contains(sides[i])) s.anchors.insert(sides[i], edge[i]);
    }
    return cache.emplace(key, std::move(s)).first->second;
}

} // namespace drivelab
