#include "canvas/canvasstyle.h"

#include <QCoreApplication>

namespace drivelab::style {

QColor domainColor(Domain d)
{
    switch (d) {
    case Domain::Rotational: return QColor(0x1f, 0x5f, 0xbf);    // steel blue
    case Domain::Translational: return QColor(0x2b, 0x8a, 0x3e); // green
    case Domain::Hydraulic: return QColor(0x0b, 0x8f, 0x9a);     // teal (fluid)
    case Domain::Thermal: return QColor(0xd9, 0x48, 0x0f);       // heat orange
    }
    return Qt::black;
}

QColor domainTint(Domain d)
{
    QColor c = domainColor(d);
    return QColor::fromHslF(c.hslHueF(), 0.55, 0.93);
}

QPainterPath portShape(Domain d, double size)
{
    const double h = size / 2.0;
    QPainterPath p;
    switch (d) {
    case Domain::Rotational: p.addEllipse(QPointF(0, 0), h, h); break;
    case Domain::Translational: p.addRect(-h, -h, size, size); break;
    case Domain::Hydraulic:
        p.moveTo(0, -h * 1.2);
        p.lineTo(h * 1.2, 0);
        p.lineTo(0, h * 1.2);
        p.lineTo(-h * 1.2, 0);
        p.closeSubpath();
        break;
    case Domain::Thermal:
        p.moveTo(0, -h * 1.15);
        p.lineTo(h * 1.1, h * 0.85);
        p.lineTo(-h * 1.1, h * 0.85);
        p.closeSubpath();
        break;
    }
    return p;
}

QString domainTitle(Domain d)
{
    switch (d) {
    case Domain::Rotational: return QCoreApplication::translate("Domain", "rotational");
    case Domain::Translational: return QCoreApplication::translate("Domain", "translational");
    case Domain::Hydraulic: return QCoreApplication::translate("Domain", "hydraulic");
    case Domain::Thermal: return QCoreApplication::translate("Domain", "thermal");
    }
    return QString();
}

QColor errorColor() { return QColor(0xd0, 0x1f, 0x2b); }
QColor selectionColor() { return QColor(0x2d, 0x7f, 0xf9); }
QColor acceptColor() { return QColor(0x1e, 0x9e, 0x4a); }
QColor inkColor() { return QColor(0x26, 0x2b, 0x33); }

QFont idFont()
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(12);
    f.setBold(true);
    return f;
}

QFont detailFont()
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(10);
    return f;
}

} // namespace drivelab::style
