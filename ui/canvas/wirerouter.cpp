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
constexpr double kSoftCost = 150.0;

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

void addUnique(std::vector<double>& v, double x) { v.push_back(x); }

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
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (std::fabs(v[i] - x) < 0.01) return static_cast<int>(i);
    }
    return -1;
}

// direction index: 0 +x, 1 -x, 2 +y, 3 -y
int dirIndex(QPointF d)
{
    if (horizontal(d)) return d.x() > 0 ? 0 : 1;
    return d.y() > 0 ? 2 : 3;
}

} // namespace

QVector<QPointF> routeWire(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QVector<QRectF>& obstacles,
                           const QVector<QRectF>& soft)
{
    const QPointF a = start + startDir * kWireStub;
    const QPointF b = end + endDir * kWireStub;
    // obstacles that swallow a stub end cannot be avoided: ignore them
    std::vector<QRectF> rects;
    for (const QRectF& r : obstacles) {
        const QRectF g = r.adjusted(-kWireClearance, -kWireClearance, kWireClearance, kWireClearance);
        if (g.contains(a) || g.contains(b)) continue;
        rects.push_back(g);
    }
    std::vector<QRectF> labels;
    for (const QRectF& r : soft) {
        const QRectF g = r.adjusted(-3, -3, 3, 3);
        if (!g.contains(a) && !g.contains(b)) labels.push_back(g);
    }
    if (rects.empty() && labels.empty()) return simpleRoute(start, startDir, end, endDir);
    // the grid: lines through the stub ends, their middle, and the obstacle edges
    std::vector<double> xs{a.x(), b.x(), (a.x() + b.x()) / 2.0};
    std::vector<double> ys{a.y(), b.y(), (a.y() + b.y()) / 2.0};
    for (const auto* list : {&rects, &labels}) {
        for (const QRectF& r : *list) {
            addUnique(xs, r.left());
            addUnique(xs, r.right());
            addUnique(ys, r.top());
            addUnique(ys, r.bottom());
        }
    }
    normalize(xs);
    normalize(ys);
    const int nx = static_cast<int>(xs.size()), ny = static_cast<int>(ys.size());
    // which grid edges run through an obstacle's interior
    // grid edges through an obstacle are closed (2), through a label expensive (1)
    const auto crossH = [&](const std::vector<QRectF>& list, int i, int j) {
        const double y = ys[static_cast<std::size_t>(j)], x0 = xs[static_cast<std::size_t>(i)], x1 = xs[static_cast<std::size_t>(i + 1)];
        for (const QRectF& r : list) {
            if (y > r.top() + 0.01 && y < r.bottom() - 0.01 && x0 < r.right() - 0.01 && x1 > r.left() + 0.01) return true;
        }
        return false;
    };
    const auto crossV = [&](const std::vector<QRectF>& list, int i, int j) {
        const double x = xs[static_cast<std::size_t>(i)], y0 = ys[static_cast<std::size_t>(j)], y1 = ys[static_cast<std::size_t>(j + 1)];
        for (const QRectF& r : list) {
            if (x > r.left() + 0.01 && x < r.right() - 0.01 && y0 < r.bottom() - 0.01 && y1 > r.top() + 0.01) return true;
        }
        return false;
    };
    std::vector<char> hBlock(static_cast<std::size_t>(nx * ny), 0), vBlock(static_cast<std::size_t>(nx * ny), 0);
    for (int j = 0; j < ny; ++j) {
        for (int i = 0; i + 1 < nx; ++i)
            hBlock[static_cast<std::size_t>(j * nx + i)] = crossH(rects, i, j) ? 2 : crossH(labels, i, j) ? 1 : 0;
    }
    for (int i = 0; i < nx; ++i) {
        for (int j = 0; j + 1 < ny; ++j)
            vBlock[static_cast<std::size_t>(j * nx + i)] = crossV(rects, i, j) ? 2 : crossV(labels, i, j) ? 1 : 0;
    }
    // Dijkstra over (cell, direction of arrival), a bend costs extra, no U-turns
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
            const char block = nd <= 1 ? hBlock[static_cast<std::size_t>(j * nx + std::min(i, ni))]
                                       : vBlock[static_cast<std::size_t>(std::min(j, nj) * nx + i)];
            if (block == 2) continue;
            const double step = std::fabs(xs[static_cast<std::size_t>(ni)] - xs[static_cast<std::size_t>(i)]) +
                                std::fabs(ys[static_cast<std::size_t>(nj)] - ys[static_cast<std::size_t>(j)]) +
                                (block == 1 ? kSoftCost : 0.0);
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

} // namespace drivelab
