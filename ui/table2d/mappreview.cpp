#include "table2d/mappreview.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "document/displayunits.h"
#include "plots/axisticks.h"

namespace drivelab {
namespace {

constexpr int kLeft = 66, kRight = 96, kTop = 30, kBottom = 46; // margins around the plot area [px]
constexpr int kSub = 8;                                           // contour sub-cells per table cell and direction

// the colour scale: low values deep blue, through teal and green, to yellow
struct Stop {
    double t;
    int r, g, b;
};
constexpr Stop kStops[] = {{0.00, 0x2c, 0x2f, 0x8f}, {0.25, 0x2a, 0x78, 0xb8}, {0.50, 0x2f, 0xaa, 0x8e},
                           {0.75, 0x9b, 0xd1, 0x4b}, {1.00, 0xfb, 0xe4, 0x3c}};

QString axisTitle(const TableColumn& c)
{
    const QString u = DisplayUnits::instance().view(QString::fromLatin1(c.unit)).label;
    return u.isEmpty() ? QString::fromLatin1(c.name) : QStringLiteral("%1 [%2]").arg(QString::fromLatin1(c.name), u);
}

// ticks of an SI range in its display unit: (SI position, label)
QVector<QPair<double, QString>> displayTicks(double lo, double hi, const char* unit, int intervals)
{
    const UnitView view = DisplayUnits::instance().view(QString::fromLatin1(unit));
    double a = view.toDisplay(lo), b = view.toDisplay(hi);
    if (a > b) std::swap(a, b);
    QVector<QPair<double, QString>> out;
    if (!(b > a)) return out;
    const double step = niceStep(b - a, intervals);
    const TickFormat format(std::max(std::abs(a), std::abs(b)), step);
    for (double t : ticksInside(a, b, step)) out.push_back({view.fromDisplay(t), format.label(t)});
    return out;
}

} // namespace

MapPreview::MapPreview(QWidget* parent) : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, qOverload<>(&QWidget::update));
}

void MapPreview::setTable(const Json& value, const ParameterDescriptor* p)
{
    // another part of the lab changed: nothing to redraw
    if (p == m_param && value == m_value && p) return;
    m_value = value;
    m_param = p;
    m_valid = false;
    m_problem.clear();
    if (p) {
        const auto findings = checkTable2D(*p, value);
        if (findings.empty()) {
            m_table.load(value);
            m_valid = true;
        } else {
            const auto& f = findings.front();
            m_problem = tr("Not drawn: %1%2%3").arg(QString::fromStdString(f.field()), f.field().empty() ? QString() : QStringLiteral(": "),
                                                    QString::fromStdString(f.message));
        }
    }
    if (m_valid) {
        const int n = m_table.nx * m_table.ny;
        m_zmin = *std::min_element(m_table.v, m_table.v + n);
        m_zmax = *std::max_element(m_table.v, m_table.v + n);
    }
    buildContours();
    buildImage();
    update();
}

void MapPreview::setOperatingPoint(std::optional<QPointF> si)
{
    if (si == m_point) return;
    m_point = si;
    if (si) {
        m_trail[m_trailHead] = *si;
        m_trailHead = (m_trailHead + 1) % kTrail;
        m_trailCount = std::min(m_trailCount + 1, kTrail);
    }
    update();
}

void MapPreview::clearTrail()
{
    m_trailCount = 0;
    m_trailHead = 0;
    update();
}

QRectF MapPreview::plotRect() const
{
    return QRectF(kLeft, kTop, std::max(10, width() - kLeft - kRight), std::max(10, height() - kTop - kBottom));
}

QPointF MapPreview::toPixel(double x, double y) const
{
    const QRectF r = plotRect();
    const double x0 = m_table.x[0], x1 = m_table.x[std::max(1, m_table.nx) - 1];
    const double y0 = m_table.y[0], y1 = m_table.y[std::max(1, m_table.ny) - 1];
    return {r.left() + (x - x0) / (x1 - x0) * r.width(), r.bottom() - (y - y0) / (y1 - y0) * r.height()};
}

QPointF MapPreview::toSi(const QPointF& pixel) const
{
    const QRectF r = plotRect();
    const double x0 = m_table.x[0], x1 = m_table.x[std::max(1, m_table.nx) - 1];
    const double y0 = m_table.y[0], y1 = m_table.y[std::max(1, m_table.ny) - 1];
    return {x0 + (pixel.x() - r.left()) / r.width() * (x1 - x0), y0 + (r.bottom() - pixel.y()) / r.height() * (y1 - y0)};
}

QColor MapPreview::colourOf(double z) const
{
    double t = m_zmax > m_zmin ? (z - m_zmin) / (m_zmax - m_zmin) : 0.5;
    t = std::clamp(t, 0.0, 1.0);
    int k = 0;
    while (k + 2 < static_cast<int>(std::size(kStops)) && t > kStops[k + 1].t) ++k;
    const Stop& a = kStops[k];
    const Stop& b = kStops[k + 1];
    const double u = (t - a.t) / (b.t - a.t);
    return QColor(static_cast<int>(std::lround(a.r + u * (b.r - a.r))), static_cast<int>(std::lround(a.g + u * (b.g - a.g))),
                  static_cast<int>(std::lround(a.b + u * (b.b - a.b))));
}

void MapPreview::buildContours()
{
    m_levels.clear();
    m_contours.clear();
    if (!m_valid || !(m_zmax > m_zmin)) return;
    for (double l : ticksInside(m_zmin, m_zmax, niceStep(m_zmax - m_zmin, 8))) {
        if (l > m_zmin && l < m_zmax) m_levels << l;
    }
    m_contours.resize(m_levels.size());
    // marching squares on kSub x kSub sub-cells of each table cell; corners "above" when z >= level
    double zs[kSub + 1][kSub + 1];
    double xs[kSub + 1], ys[kSub + 1];
    for (int i = 0; i + 1 < m_table.nx; ++i) {
        for (int j = 0; j + 1 < m_table.ny; ++j) {
            for (int a = 0; a <= kSub; ++a) {
                xs[a] = m_table.x[i] + (m_table.x[i + 1] - m_table.x[i]) * a / kSub;
                ys[a] = m_table.y[j] + (m_table.y[j + 1] - m_table.y[j]) * a / kSub;
            }
            for (int a = 0; a <= kSub; ++a) {
                for (int b = 0; b <= kSub; ++b) {
                    bool outside = false;
                    zs[a][b] = m_table.at(xs[a], ys[b], outside);
                }
            }
            for (int k = 0; k < m_levels.size(); ++k) {
                const double l = m_levels[k];
                for (int a = 0; a < kSub; ++a) {
                    for (int b = 0; b < kSub; ++b) {
                        // corners counter-clockwise: (a, b), (a+1, b), (a+1, b+1), (a, b+1)
                        const double cx[4] = {xs[a], xs[a + 1], xs[a + 1], xs[a]};
                        const double cy[4] = {ys[b], ys[b], ys[b + 1], ys[b + 1]};
                        const double cz[4] = {zs[a][b], zs[a + 1][b], zs[a + 1][b + 1], zs[a][b + 1]};
                        QPointF hits[4];
                        int n = 0;
                        for (int e = 0; e < 4; ++e) {
                            const int f = (e + 1) % 4;
                            if ((cz[e] >= l) == (cz[f] >= l)) continue;
                            // along an edge the bilinear surface is linear: the crossing is exact
                            const double t = (l - cz[e]) / (cz[f] - cz[e]);
                            hits[n++] = QPointF(cx[e] + t * (cx[f] - cx[e]), cy[e] + t * (cy[f] - cy[e]));
                        }
                        if (n == 2) {
                            m_contours[k] << QLineF(hits[0], hits[1]);
                        } else if (n == 4) {
                            // a saddle: pair the crossings by the value at the centre
                            const double centre = (cz[0] + cz[1] + cz[2] + cz[3]) / 4.0;
                            if ((centre >= l) == (cz[0] >= l)) {
                                m_contours[k] << QLineF(hits[0], hits[1]) << QLineF(hits[2], hits[3]);
                            } else {
                                m_contours[k] << QLineF(hits[0], hits[3]) << QLineF(hits[1], hits[2]);
                            }
                        }
                    }
                }
            }
        }
    }
}

void MapPreview::buildImage()
{
    const QRect r = plotRect().toRect();
    if (!m_valid) {
        m_image = QImage();
        return;
    }
    m_image = QImage(r.size(), QImage::Format_RGB32);
    for (int py = 0; py < r.height(); ++py) {
        auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(py));
        for (int px = 0; px < r.width(); ++px) {
            // the value at the pixel's centre
            const QPointF si = toSi(QPointF(r.left() + px + 0.5, r.top() + py + 0.5));
            bool outside = false;
            line[px] = colourOf(m_table.at(si.x(), si.y(), outside)).rgb();
        }
    }
}

void MapPreview::resizeEvent(QResizeEvent*) { buildImage(); }

void MapPreview::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const QRectF r = plotRect();
    if (!m_valid || !m_param) {
        p.setPen(QColor(0x6b, 0x72, 0x80));
        p.drawRect(r);
        p.drawText(r.adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                   m_problem.isEmpty() ? tr("No table") : m_problem);
        return;
    }
    p.drawImage(r.topLeft(), m_image);
    // contour lines, every other one a little darker and labelled
    p.setRenderHint(QPainter::Antialiasing);
    p.setClipRect(r);
    for (int k = 0; k < m_levels.size(); ++k) {
        p.setPen(QPen(QColor(255, 255, 255, k % 2 ? 150 : 220), k % 2 ? 0.8 : 1.3));
        for (const QLineF& s : m_contours[k]) p.drawLine(toPixel(s.x1(), s.y1()), toPixel(s.x2(), s.y2()));
    }
    p.setClipping(false);
    drawAxes(p, r);
    drawLegend(p, r);
    drawMarker(p);
}

void MapPreview::drawAxes(QPainter& p, const QRectF& r) const
{
    p.setRenderHint(QPainter::Antialiasing, false);
    const QColor ink(0x37, 0x41, 0x51);
    p.setPen(QPen(ink, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r);
    const QFontMetrics fm(font());
    const TableColumn& cx = m_param->columns[0];
    const TableColumn& cy = m_param->columns[1];
    for (const auto& [si, label] : displayTicks(m_table.x[0], m_table.x[m_table.nx - 1], cx.unit, 6)) {
        const double px = toPixel(si, m_table.y[0]).x();
        p.drawLine(QPointF(px, r.bottom()), QPointF(px, r.bottom() + 4));
        p.drawText(QRectF(px - 40, r.bottom() + 5, 80, fm.height()), Qt::AlignHCenter | Qt::AlignTop, label);
    }
    for (const auto& [si, label] : displayTicks(m_table.y[0], m_table.y[m_table.ny - 1], cy.unit, 5)) {
        const double py = toPixel(m_table.x[0], si).y();
        p.drawLine(QPointF(r.left() - 4, py), QPointF(r.left(), py));
        p.drawText(QRectF(r.left() - 60, py - fm.height() / 2.0, 54, fm.height()), Qt::AlignRight | Qt::AlignVCenter, label);
    }
    // the table's own points as small marks inside the frame
    p.setPen(QPen(QColor(0, 0, 0, 90), 1));
    for (int i = 0; i < m_table.nx; ++i) {
        const double px = toPixel(m_table.x[i], m_table.y[0]).x();
        p.drawLine(QPointF(px, r.bottom() - 4), QPointF(px, r.bottom()));
    }
    for (int j = 0; j < m_table.ny; ++j) {
        const double py = toPixel(m_table.x[0], m_table.y[j]).y();
        p.drawLine(QPointF(r.left(), py), QPointF(r.left() + 4, py));
    }
    p.setPen(ink);
    p.drawText(QRectF(r.left(), r.bottom() + 6 + fm.height(), r.width(), fm.height() + 4), Qt::AlignHCenter, axisTitle(cx));
    p.save();
    p.translate(14, r.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-r.height() / 2, -fm.height() / 2.0 - 2, r.height(), fm.height() + 4), Qt::AlignHCenter, axisTitle(cy));
    p.restore();
}

void MapPreview::drawLegend(QPainter& p, const QRectF& r) const
{
    const QRectF bar(r.right() + 16, r.top(), 14, r.height());
    for (int py = 0; py < static_cast<int>(bar.height()); ++py) {
        const double t = 1.0 - (py + 0.5) / bar.height();
        p.setPen(colourOf(m_zmin + t * (m_zmax - m_zmin)));
        p.drawLine(QPointF(bar.left(), bar.top() + py + 0.5), QPointF(bar.right(), bar.top() + py + 0.5));
    }
    const QColor ink(0x37, 0x41, 0x51);
    p.setPen(ink);
    p.drawRect(bar);
    const QFontMetrics fm(font());
    const TableColumn& cz = m_param->columns[2];
    const auto yOf = [&](double z) {
        return m_zmax > m_zmin ? bar.bottom() - (z - m_zmin) / (m_zmax - m_zmin) * bar.height() : bar.center().y();
    };
    for (const auto& [si, label] : displayTicks(m_zmin, m_zmax, cz.unit, 5)) {
        const double py = yOf(si);
        p.drawLine(QPointF(bar.right(), py), QPointF(bar.right() + 3, py));
        p.drawText(QRectF(bar.right() + 5, py - fm.height() / 2.0, kRight - 36, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    // contour levels as white marks across the bar
    p.setPen(QPen(QColor(255, 255, 255, 200), 1));
    for (double l : m_levels) p.drawLine(QPointF(bar.left(), yOf(l)), QPointF(bar.right(), yOf(l)));
    p.setPen(ink);
    p.drawText(QRectF(bar.left() - 30, 4, kRight + 10, kTop - 8), Qt::AlignLeft | Qt::AlignBottom, axisTitle(cz));
}

void MapPreview::drawMarker(QPainter& p) const
{
    if (!m_point) return;
    p.setRenderHint(QPainter::Antialiasing);
    const auto clamped = [this](const QPointF& si) {
        return QPointF(std::clamp(si.x(), m_table.x[0], m_table.x[m_table.nx - 1]),
                       std::clamp(si.y(), m_table.y[0], m_table.y[m_table.ny - 1]));
    };
    // the trail, oldest first, fading in
    for (int k = 1; k < m_trailCount; ++k) {
        const int a = (m_trailHead - m_trailCount + k - 1 + 2 * kTrail) % kTrail;
        const int b = (a + 1) % kTrail;
        const QPointF pa = clamped(m_trail[a]), pb = clamped(m_trail[b]);
        p.setPen(QPen(QColor(20, 20, 20, 40 + 180 * k / kTrail), 1.5));
        p.drawLine(toPixel(pa.x(), pa.y()), toPixel(pb.x(), pb.y()));
    }
    const QPointF si = *m_point;
    const QPointF held = clamped(si);
    const bool outside = held != si;
    const QPointF c = toPixel(held.x(), held.y());
    const QRectF r = plotRect();
    p.setPen(QPen(QColor(20, 20, 20, 120), 1, Qt::DashLine));
    p.drawLine(QPointF(c.x(), r.bottom()), QPointF(c.x(), c.y() + 7));
    p.drawLine(QPointF(r.left(), c.y()), QPointF(c.x() - 7, c.y()));
    p.setPen(QPen(outside ? QColor(0xc0, 0x1c, 0x28) : QColor(20, 20, 20), 2));
    p.setBrush(outside ? QColor(255, 255, 255, 120) : QColor(255, 255, 255));
    p.drawEllipse(c, 6, 6);
    p.setBrush(outside ? QColor(0xc0, 0x1c, 0x28) : QColor(0xe1, 0x1d, 0x48));
    p.drawEllipse(c, 2.5, 2.5);
    // the readout beside the marker: the point and the map's value there
    bool out = false;
    const double z = m_table.at(si.x(), si.y(), out);
    const auto show = [](int k, const ParameterDescriptor* d, double v) {
        return DisplayUnits::instance().view(QString::fromLatin1(d->columns[static_cast<std::size_t>(k)].unit)).quantity(v, 4);
    };
    QString text = QStringLiteral("%1, %2 → %3").arg(show(0, m_param, si.x()), show(1, m_param, si.y()), show(2, m_param, z));
    if (outside) text += tr(" (outside: held at the edge)");
    const QFontMetrics fm(font());
    QRectF box(0, 0, fm.horizontalAdvance(text) + 10, fm.height() + 4);
    box.moveTopLeft(c + QPointF(10, -box.height() - 6));
    if (box.right() > r.right()) box.moveRight(c.x() - 10);
    if (box.top() < r.top()) box.moveTop(c.y() + 8);
    p.setPen(QColor(0xd1, 0xd5, 0xdb));
    p.setBrush(QColor(255, 255, 255, 230));
    p.drawRoundedRect(box, 3, 3);
    p.setPen(QColor(0x11, 0x18, 0x27));
    p.drawText(box, Qt::AlignCenter, text);
}

} // namespace drivelab
