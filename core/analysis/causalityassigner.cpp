#include "analysis/causalityassigner.h"

#include <algorithm>

namespace drivelab {
namespace {

using Contradiction = CausalityContradiction;

class Assigner {
public:
    explicit Assigner(const BondGraph& g) : m_g(g)
    {
        m_a.effortFrom.assign(g.bonds().size(), -1);
        m_a.reasons.assign(g.bonds().size(), BondReason{});
        m_a.bad.assign(g.elements().size(), false);
    }

    CausalityAssignment run()
    {
        const int n = static_cast<int>(m_g.elements().size());
        // 1. sources: fixed causality
        for (int e = 0; e < n; ++e) {
            const BgKind k = m_g.element(e).kind;
            if (k == BgKind::Se || k == BgKind::Sf) applyFixedPorts(e);
        }
        // 2. ports whose law fixes them (a pump with a delivery table, the converter's speeds in)
        for (int e = 0; e < n; ++e) {
            const BgKind k = m_g.element(e).kind;
            if (k != BgKind::Se && k != BgKind::Sf) applyFixedPorts(e);
        }
        // every rule once: junctions with a single open bond decide it
        for (int e = 0; e < n; ++e) m_queue.push_back(e);
        propagate();
        // 3. storage: integral causality preferred (C sets the effort, I the flow)
        for (int e = 0; e < n; ++e) {
            const BgElement& el = m_g.element(e);
            if (el.kind != BgKind::C && el.kind != BgKind::I) continue;
            // every port (a thermal-liquid volume is a two-port C: pressure and temperature)
            for (int b : el.bonds) {
                if (m_a.assigned(b)) continue; // already forced (integral or derivative)
                set(b, el.kind == BgKind::C ? e : m_g.other(b, e), e, true, {});
                propagate();
            }
        }
        // 4. resistors: whatever stays consistent; a choice here means an algebraic loop
        for (int e = 0; e < n; ++e) {
            const BgElement& el = m_g.element(e);
            if (el.kind != BgKind::R) continue;
            for (int b : el.bonds) {
                if (m_a.assigned(b)) continue;
                choose(b, e, m_g.other(b, e), e);
            }
        }
        // 5. anything still open (bonds between junctions and transformers only)
        for (int b = 0; b < static_cast<int>(m_g.bonds().size()); ++b) {
            if (!m_a.assigned(b)) choose(b, m_g.bond(b).from, m_g.bond(b).to, m_g.bond(b).from);
        }
        // a last pass finds junctions left without a setter (a junction with no bond at all)
        for (int e = 0; e < n; ++e) m_queue.push_back(e);
        propagate();
        return std::move(m_a);
    }

private:
    const BondGraph& m_g;
    CausalityAssignment m_a;
    std::vector<int> m_queue;
    std::size_t m_head = 0;

    void set(int b, int effortFrom, int by, bool chosen, std::vector<int> triggers)
    {
        m_a.effortFrom[static_cast<std::size_t>(b)] = effortFrom;
        m_a.reasons[static_cast<std::size_t>(b)] = BondReason{by, chosen, std::move(triggers)};
        m_queue.push_back(m_g.bond(b).from);
        m_queue.push_back(m_g.bond(b).to);
    }

    void contradiction(Contradiction::Kind kind, int e, std::vector<int> bonds)
    {
        m_a.bad[static_cast<std::size_t>(e)] = true;
        m_a.contradictions.push_back(Contradiction{kind, e, std::move(bonds)});
    }

    void propagate()
    {
        while (m_head < m_queue.size()) {
            const int e = m_queue[m_head++];
            if (m_a.bad[static_cast<std::size_t>(e)]) continue;
            const BgKind k = m_g.element(e).kind;
            if (k == BgKind::Zero || k == BgKind::One)
                junctionRule(e);
            else if (k == BgKind::TF || k == BgKind::GY)
                transformerRule(e);
        }
        m_queue.clear();
        m_head = 0;
    }

    // set a bond one way, and if that contradicts something, the other way instead
    void choose(int b, int first, int second, int by)
    {
        const CausalityAssignment saved = m_a;
        set(b, first, by, true, {});
        propagate();
        if (m_a.contradictions.size() == saved.contradictions.size()) return;
        CausalityAssignment firstTry = std::move(m_a);
        m_a = saved;
        set(b, second, by, true, {});
        propagate();
        if (m_a.contradictions.size() == saved.contradictions.size()) return;
        m_a = std::move(firstTry); // neither is free of contradictions: keep the first
    }

    void applyFixedPorts(int e)
    {
        const BgElement& el = m_g.element(e);
        for (std::size_t p = 0; p < el.bonds.size(); ++p) {
            if (el.fix[p] == BgPortFix::Free) continue;
            const int b = el.bonds[p];
            const int want = el.fix[p] == BgPortFix::EffortOut ? e : m_g.other(b, e);
            if (!m_a.assigned(b)) {
                set(b, want, e, true, {});
                propagate();
            } else if (m_a.effortFrom[static_cast<std::size_t>(b)] != want && !m_a.bad[static_cast<std::size_t>(e)]) {
                contradiction(Contradiction::Kind::Opposite, e, {b});
            }
        }
    }

    // 0: exactly one bond brings the effort in; 1: exactly one bond brings the flow in (the
    // junction sets the effort on it)
    void junctionRule(int e)
    {
        const BgElement& el = m_g.element(e);
        const bool zero = el.kind == BgKind::Zero;
        const auto setter = [&](int b) {
            return zero ? m_g.other(b, e) : e;
        };
        const auto follower = [&](int b) {
            return zero ? e : m_g.other(b, e);
        };
        std::vector<int> setters, followers, open;
        for (int b : el.bonds) {
            if (!m_a.assigned(b))
                open.push_back(b);
            else if (m_a.effortFrom[static_cast<std::size_t>(b)] == setter(b))
                setters.push_back(b);
            else
                followers.push_back(b);
        }
        if (setters.size() > 1) {
            // recorded; the first setter still decides the open bonds, so the procedure goes on
            // (a repeated rigid constraint is consistent, see CausalityAnalysis)
            contradiction(Contradiction::Kind::TooMany, e, setters);
            for (int b : open) set(b, follower(b), e, false, {setters.front()});
        } else if (setters.size() == 1) {
            for (int b : open) set(b, follower(b), e, false, {setters.front()});
        } else if (open.size() == 1) {
            set(open.front(), setter(open.front()), e, false, followers);
        } else if (open.empty()) {
            contradiction(Contradiction::Kind::None, e, followers);
        }
    }

    // effort in at one port, out at the other (flow the opposite way)
    void transformerRule(int e)
    {
        const BgElement& el = m_g.element(e);
        if (el.bonds.size() != 2) return;
        const int b0 = el.bonds[0], b1 = el.bonds[1];
        if (m_a.assigned(b0) && m_a.assigned(b1)) {
            if (m_a.effortIn(m_g, b0, e) == m_a.effortIn(m_g, b1, e)) contradiction(Contradiction::Kind::Opposite, e, {b0, b1});
            return;
        }
        if (!m_a.assigned(b0) && !m_a.assigned(b1)) return;
        const int from = m_a.assigned(b0) ? b0 : b1;
        const int to = from == b0 ? b1 : b0;
        set(to, m_a.effortIn(m_g, from, e) ? e : m_g.other(to, e), e, false, {from});
    }
};

} // namespace

CausalityAssignment assignCausality(const BondGraph& g) { return Assigner(g).run(); }

CausalChain traceCausality(const CausalityAssignment& a, const std::vector<int>& bonds)
{
    CausalChain chain;
    std::vector<bool> seen(a.reasons.size(), false);
    std::vector<int> stack(bonds.rbegin(), bonds.rend());
    const auto add = [](std::vector<int>& list, int e) {
        if (e >= 0 && std::find(list.begin(), list.end(), e) == list.end()) list.push_back(e);
    };
    while (!stack.empty()) {
        const int b = stack.back();
        stack.pop_back();
        if (b < 0 || static_cast<std::size_t>(b) >= seen.size() || seen[static_cast<std::size_t>(b)]) continue;
        seen[static_cast<std::size_t>(b)] = true;
        const BondReason& r = a.reasons[static_cast<std::size_t>(b)];
        if (r.chosen) {
            add(chain.origins, r.by);
            continue;
        }
        add(chain.through, r.by);
        for (auto it = r.triggers.rbegin(); it != r.triggers.rend(); ++it) stack.push_back(*it);
    }
    return chain;
}

bool integralCausality(const BondGraph& g, const CausalityAssignment& a, int element)
{
    const BgElement& el = g.element(element);
    // C sets the effort from its state on every port; I receives it and sets the flow
    for (int b : el.bonds) {
        if (!a.assigned(b)) return false;
        if (!(el.kind == BgKind::C ? a.effortFrom[static_cast<std::size_t>(b)] == element : a.effortIn(g, b, element))) return false;
    }
    return true;
}

} // namespace drivelab
