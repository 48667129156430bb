#include "canvas/wirerouter.h"

#include <QLineF>

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <vector>

namespace drivelab {
namespace {

constexpr double kBendCost = 30.0;
constexpr double kSoftCost = 150.0;     // through an obstacle that swallows a stub end
constexpr double kThroughCost = 1.0e6;  // through any other obstacle: only when walled in

bool horizontal(QPointF d) { return std::fabs(d.x()) > std::fabs(d.y()); }

// drop repeated and collinear points
QVector<QPointF> simplify(const QVector<QPointF>& in)
{
    QVector<QPointF> out;
    for (const QPointF& p : in) {
        if (!out.isEmpty() && QLineF(out.back(), p).length() < 0.01) continue;
        if (out.size() >= 2) {
            const QPointF a = out[out.size() - 2], b = out.back();
            const bool sameX = std::fabs(a.x() - b.x()) < 0.01 && std::fabs(b.x() - p.x()) < 0.01;
            const bool sameY = std::fabs(a.y() - b.y()) < 0.01 && std::fabs(b.y() - p.y()) < 0.01;
            if (sameX || sameY)
                out.back() = p;
            else
                out.push_back(p);
        } else {
            out.push_back(p);
        }
    }
    return out;
}

// the obstacle-blind route: a Z or an L between the stubs
QVector<QPointF> simpleRoute(QPointF start, QPointF startDir, QPointF end, QPointF endDir)
{
    const QPointF a = start + startDir * kWireStub;
    const QPointF b = end + endDir * kWireStub;
    QVector<QPointF> pts{start, a};
    const bool ha = horizontal(startDir), hb = horizontal(endDir);
    if (ha && hb) {
        double mx = (a.x() + b.x()) / 2.0;
        if ((b.x() - a.x()) * startDir.x() < 0) mx = startDir.x() > 0 ? std::max(a.x(), b.x()) : std::min(a.x(), b.x());
        pts << QPointF(mx, a.y()) << QPointF(mx, b.y());
    } else if (!ha && !hb) {
        double my = (a.y() + b.y()) / 2.0;
        if ((b.y() - a.y()) * startDir.y() < 0) my = startDir.y() > 0 ? std::max(a.y(), b.y()) : std::min(a.y(), b.y());
        pts << QPointF(a.x(), my) << QPointF(b.x(), my);
    } else if (ha) {
        pts << QPointF(b.x(), a.y());
    } else {
        pts << QPointF(a.x(), b.y());
    }
    pts << b << end;
    return simplify(pts);
}

void normalize(std::vector<double>& v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end(),
                        [](double p, double q) {
                            return std::fabs(p - q) < 0.01;
                        }),
            v.end());
}

int indexOf(const std::vector<double>& v, double x)
{
    const auto it = std::lower_bound(v.begin(), v.end(), x - 0.01);
    return it != v.end() && std::fabs(*it - x) < 0.01 ? static_cast<int>(it - v.begin()) : -1;
}

// the first index whose line lies beyond x
int firstAbove(const std::vector<double>& v, double x)
{
    return static_cast<int>(std::upper_bound(v.begin(), v.end(), x + 0.01) - v.begin());
}

// direction index: 0 +x, 1 -x, 2 +y, 3 -y
int dirIndex(QPointF d)
{
    if (horizontal(d)) return d.x() > 0 ? 0 : 1;
    return d.y() > 0 ? 2 : 3;
}

} // namespace

QVector<QPointF> routeWire(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QVector<QRectF>& obstacles,
                           const QVector<QRectF>& labels)
{
    const QPointF a = start + startDir * kWireStub;
    const QPointF b = end + endDir * kWireStub;
    // every rectangle with the price of passing through it: closed in practice, but an
    // obstacle that swallows a stub end cannot be avoided and is crossed at a price
    struct Priced {
        QRectF rect;
        double cost;
    };
    std::vector<Priced> rects;
    const auto add = [&](const QRectF& r, double margin) {
        const QRectF g = r.adjusted(-margin, -margin, margin, margin);
        rects.push_back({g, g.contains(a) || g.contains(b) ? kSoftCost : kThroughCost});
    };
    for (const QRectF& r : obstacles) add(r, kWireClearance);
    for (const QRectF& r : labels) add(r, kLabelClearance);
    if (rects.empty()) return simpleRoute(start, startDir, end, endDir);
    // the grid: lines through the stub ends, their middle, and the obstacle edges
    std::vector<double> xs{a.x(), b.x(), (a.x() + b.x()) / 2.0};
    std::vector<double> ys{a.y(), b.y(), (a.y() + b.y()) / 2.0};
    for (const Priced& p : rects) {
        xs.push_back(p.rect.left());
        xs.push_back(p.rect.right());
        ys.push_back(p.rect.top());
        ys.push_back(p.rect.bottom());
    }
    normalize(xs);
    normalize(ys);
    const int nx = static_cast<int>(xs.size()), ny = static_cast<int>(ys.size());
    // the price of each grid edge: the dearest rectangle whose interior it runs through
    std::vector<double> hCost(static_cast<std::size_t>(nx * ny), 0.0), vCost(static_cast<std::size_t>(nx * ny), 0.0);
    for (const Priced& p : rects) {
        const QRectF& r = p.rect;
        // horizontal edges (i, i+1) on rows strictly inside the rectangle
        for (int j = firstAbove(ys, r.top()); j < ny && ys[static_cast<std::size_t>(j)] < r.bottom() - 0.01; ++j) {
            for (int i = std::max(0, firstAbove(xs, r.left()) - 1); i + 1 < nx && xs[static_cast<std::size_t>(i)] < r.right() - 0.01; ++i) {
                if (xs[static_cast<std::size_t>(i + 1)] <= r.left() + 0.01) continue;
                double& c = hCost[static_cast<std::size_t>(j * nx + i)];
                c = std::max(c, p.cost);
            }
        }
        // vertical edges (j, j+1) on columns strictly inside the rectangle
        for (int i = firstAbove(xs, r.left()); i < nx && xs[static_cast<std::size_t>(i)] < r.right() - 0.01; ++i) {
            for (int j = std::max(0, firstAbove(ys, r.top()) - 1); j + 1 < ny && ys[static_cast<std::size_t>(j)] < r.bottom() - 0.01; ++j) {
                if (ys[static_cast<std::size_t>(j + 1)] <= r.top() + 0.01) continue;
                double& c = vCost[static_cast<std::size_t>(j * nx + i)];
                c = std::max(c, p.cost);
            }
        }
    }
    // Dijkstra over (cell, direction of arrival), a bend costs extra, no U-turns; ties
    // go to the lower state index, so the route is the same every time
    const int ia = indexOf(xs, a.x()), ja = indexOf(ys, a.y());
    const int ib = indexOf(xs, b.x()), jb = indexOf(ys, b.y());
    const auto state = [&](int i, int j, int d) {
        return (j * nx + i) * 4 + d;
    };
    const std::size_t count = static_cast<std::size_t>(nx * ny * 4);
    std::vector<double> cost(count, std::numeric_limits<double>::infinity());
    std::vector<int> from(count, -1);
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    const int d0 = dirIndex(startDir);
    cost[static_cast<std::size_t>(state(ia, ja, d0))] = 0.0;
    open.push({0.0, state(ia, ja, d0)});
    const int di[4] = {1, -1, 0, 0}, dj[4] = {0, 0, 1, -1};
    const int opposite[4] = {1, 0, 3, 2};
    const int want = dirIndex(-endDir);
    int goal = -1;
    double goalCost = std::numeric_limits<double>::infinity();
    while (!open.empty()) {
        const auto [c, s] = open.top();
        open.pop();
        if (c > cost[static_cast<std::size_t>(s)]) continue;
        if (c >= goalCost) break;
        const int d = s % 4, cell = s / 4, i = cell % nx, j = cell / nx;
        if (i == ib && j == jb) {
            const double total = c + (d == want ? 0.0 : kBendCost);
            if (total < goalCost) {
                goalCost = total;
                goal = s;
            }
            continue;
        }
        for (int nd = 0; nd < 4; ++nd) {
            if (nd == opposite[d]) continue;
            const int ni = i + di[nd], nj = j + dj[nd];
            if (ni < 0 || nj < 0 || ni >= nx || nj >= ny) continue;
            const double price = nd <= 1 ? hCost[static_cast<std::size_t>(j * nx + std::min(i, ni))]
                                         : vCost[static_cast<std::size_t>(std::min(j, nj) * nx + i)];
            const double step = std::fabs(xs[static_cast<std::size_t>(ni)] - xs[static_cast<std::size_t>(i)]) +
                                std::fabs(ys[static_cast<std::size_t>(nj)] - ys[static_cast<std::size_t>(j)]) + price;
            const double nc = c + step + (nd == d ? 0.0 : kBendCost);
            const int ns = state(ni, nj, nd);
            if (nc < cost[static_cast<std::size_t>(ns)]) {
                cost[static_cast<std::size_t>(ns)] = nc;
                from[static_cast<std::size_t>(ns)] = s;
                open.push({nc, ns});
            }
        }
    }
    if (goal < 0) return simpleRoute(start, startDir, end, endDir);
    QVector<QPointF> path;
    for (int s = goal; s >= 0; s = from[static_cast<std::size_t>(s)]) {
        const int cell = s / 4;
        path.prepend(QPointF(xs[static_cast<std::size_t>(cell % nx)], ys[static_cast<std::size_t>(cell / nx)]));
    }
    path.prepend(start);
    path.append(end);
    return simplify(path);
}

bool routeCrosses(const QVector<QPointF>& route, const QRectF& r)
{
    constexpr double eps = 0.01;
    for (int k = 1; k < route.size(); ++k) {
        const QPointF a = route[k - 1], b = route[k];
        const double x0 = std::min(a.x(), b.x()), x1 = std::max(a.x(), b.x());
        const double y0 = std::min(a.y(), b.y()), y1 = std::max(a.y(), b.y());
        // the segment's box and the rectangle's interior share an area or a line
        const bool xs = x0 < r.right() - eps && x1 > r.left() + eps;
        const bool ys = y0 < r.bottom() - eps && y1 > r.top() + eps;
        if (xs && ys) return true;
    }
    return false;
}

} // namespace drivelab
