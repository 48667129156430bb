#include "analysis/algebraicloops.h"

#include <algorithm>

namespace drivelab {
namespace {

// variable 2b is the effort of bond b, 2b + 1 its flow
int effortVar(int b) { return 2 * b; }
int flowVar(int b) { return 2 * b + 1; }

// who computes each variable: the effort comes from effortFrom, the flow from the other end
int producer(const BondGraph& g, const CausalityAssignment& a, int v)
{
    const int b = v / 2;
    const int e = a.effortFrom[static_cast<std::size_t>(b)];
    if (e < 0) return -1;
    return v % 2 == 0 ? e : g.other(b, e);
}

// zero-order dependencies: an edge u -> v when v is computed from u without integration
std::vector<std::vector<int>> dependencies(const BondGraph& g, const CausalityAssignment& a)
{
    std::vector<std::vector<int>> adj(2 * g.bonds().size());
    const auto edge = [&](int u, int v) {
        adj[static_cast<std::size_t>(u)].push_back(v);
    };
    for (int e = 0; e < static_cast<int>(g.elements().size()); ++e) {
        const BgElement& el = g.element(e);
        if (a.bad[static_cast<std::size_t>(e)]) continue;
        bool complete = true;
        for (int b : el.bonds) complete = complete && a.assigned(b);
        if (!complete) continue;
        if (el.kind == BgKind::Zero || el.kind == BgKind::One) {
            // the one setting bond: effort in at a 0, flow in at a 1
            const bool zero = el.kind == BgKind::Zero;
            int s = -1;
            for (int b : el.bonds) {
                if (zero ? a.effortIn(g, b, e) : !a.effortIn(g, b, e)) s = b;
            }
            if (s < 0) continue;
            for (int o : el.bonds) {
                if (o == s) continue;
                if (zero) {
                    edge(effortVar(s), effortVar(o));
                    edge(flowVar(o), flowVar(s));
                } else {
                    edge(flowVar(s), flowVar(o));
                    edge(effortVar(o), effortVar(s));
                }
            }
        } else if ((el.kind == BgKind::TF || el.kind == BgKind::GY) && el.bonds.size() == 2) {
            const int in = a.effortIn(g, el.bonds[0], e) ? el.bonds[0] : el.bonds[1];
            const int out = in == el.bonds[0] ? el.bonds[1] : el.bonds[0];
            edge(effortVar(in), effortVar(out));
            edge(flowVar(out), flowVar(in));
        } else if (el.kind == BgKind::R) {
            // every output from every input (a multi-port R couples its ports)
            std::vector<int> ins, outs;
            for (int b : el.bonds) {
                const bool resistance = !a.effortIn(g, b, e); // flow in, effort out
                ins.push_back(resistance ? flowVar(b) : effortVar(b));
                outs.push_back(resistance ? effortVar(b) : flowVar(b));
            }
            for (int u : ins) {
                for (int v : outs) edge(u, v);
            }
        }
        // sources and storage in integral causality compute from their own state: no edge
    }
    return adj;
}

// strongly connected components (Tarjan, iterative); comp[v] numbers them
std::vector<int> components(const std::vector<std::vector<int>>& adj)
{
    const int n = static_cast<int>(adj.size());
    std::vector<int> index(static_cast<std::size_t>(n), -1), low(static_cast<std::size_t>(n), 0), comp(static_cast<std::size_t>(n), -1);
    std::vector<bool> onStack(static_cast<std::size_t>(n), false);
    std::vector<int> stack;
    std::vector<std::pair<int, std::size_t>> frames;
    int counter = 0, next = 0;
    const auto open = [&](int v) {
        index[static_cast<std::size_t>(v)] = low[static_cast<std::size_t>(v)] = counter++;
        stack.push_back(v);
        onStack[static_cast<std::size_t>(v)] = true;
        frames.emplace_back(v, 0);
    };
    for (int s = 0; s < n; ++s) {
        if (index[static_cast<std::size_t>(s)] >= 0) continue;
        open(s);
        while (!frames.empty()) {
            const int v = frames.back().first;
            const std::size_t i = frames.back().second;
            const auto& out = adj[static_cast<std::size_t>(v)];
            if (i < out.size()) {
                frames.back().second = i + 1;
                const int w = out[i];
                if (index[static_cast<std::size_t>(w)] < 0)
                    open(w);
                else if (onStack[static_cast<std::size_t>(w)])
                    low[static_cast<std::size_t>(v)] = std::min(low[static_cast<std::size_t>(v)], index[static_cast<std::size_t>(w)]);
                continue;
            }
            if (low[static_cast<std::size_t>(v)] == index[static_cast<std::size_t>(v)]) {
                int w = -1;
                do {
                    w = stack.back();
                    stack.pop_back();
                    onStack[static_cast<std::size_t>(w)] = false;
                    comp[static_cast<std::size_t>(w)] = next;
                } while (w != v);
                ++next;
            }
            frames.pop_back();
            if (!frames.empty()) {
                const int u = frames.back().first;
                low[static_cast<std::size_t>(u)] = std::min(low[static_cast<std::size_t>(u)], low[static_cast<std::size_t>(v)]);
            }
        }
    }
    return comp;
}

// one shortest cycle through `start` inside its component (breadth first)
std::vector<int> cycleThrough(const std::vector<std::vector<int>>& adj, const std::vector<int>& comp, int start)
{
    std::vector<int> prev(adj.size(), -2);
    std::vector<int> queue{start};
    prev[static_cast<std::size_t>(start)] = -1;
    for (std::size_t h = 0; h < queue.size(); ++h) {
        const int v = queue[h];
        for (int w : adj[static_cast<std::size_t>(v)]) {
            if (comp[static_cast<std::size_t>(w)] != comp[static_cast<std::size_t>(start)]) continue;
            if (w == start) {
                std::vector<int> path;
                for (int x = v; x >= 0; x = prev[static_cast<std::size_t>(x)]) path.push_back(x);
                std::reverse(path.begin(), path.end());
                return path;
            }
            if (prev[static_cast<std::size_t>(w)] != -2) continue;
            prev[static_cast<std::size_t>(w)] = v;
            queue.push_back(w);
        }
    }
    return {start};
}

} // namespace

std::vector<AlgebraicLoopFinding> findAlgebraicLoops(const BondGraph& g, const CausalityAssignment& a)
{
    const std::vector<std::vector<int>> adj = dependencies(g, a);
    const std::vector<int> comp = components(adj);
    int ncomp = 0;
    for (int c : comp) ncomp = std::max(ncomp, c + 1);
    // the variables of each component, and the resistors that compute some of them
    std::vector<std::vector<int>> vars(static_cast<std::size_t>(ncomp));
    for (int v = 0; v < static_cast<int>(comp.size()); ++v) vars[static_cast<std::size_t>(comp[static_cast<std::size_t>(v)])].push_back(v);
    std::vector<AlgebraicLoopFinding> loops;
    for (const auto& members : vars) {
        if (members.size() < 2) continue;
        AlgebraicLoopFinding loop;
        int start = -1;
        for (int v : members) {
            const int p = producer(g, a, v);
            if (p < 0 || g.element(p).kind != BgKind::R) continue;
            if (std::find(loop.resistors.begin(), loop.resistors.end(), p) == loop.resistors.end()) loop.resistors.push_back(p);
        }
        if (loop.resistors.empty()) continue;
        std::sort(loop.resistors.begin(), loop.resistors.end());
        for (int v : members) {
            if (producer(g, a, v) == loop.resistors.front()) {
                start = v;
                break;
            }
        }
        for (int v : cycleThrough(adj, comp, start)) {
            const int p = producer(g, a, v);
            if (loop.path.empty() || loop.path.back() != p) loop.path.push_back(p);
        }
        loop.path.push_back(loop.resistors.front());
        loops.push_back(std::move(loop));
    }
    std::sort(loops.begin(), loops.end(), [](const AlgebraicLoopFinding& x, const AlgebraicLoopFinding& y) {
        return x.resistors.front() < y.resistors.front();
    });
    return loops;
}

} // namespace drivelab
