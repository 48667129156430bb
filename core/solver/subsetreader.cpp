#include "solver/subsetreader.h"

#include "compile/model.h"
#include "components/registry.h"

namespace drivelab {

namespace {
// the ground's value, and the b of a value read alone (x - 0 is x, bit for bit, -0 included)
constexpr double kZero = 0.0;

// observable k of node n (Session::observe's nodeObservable, the same cases): a term
// a - b * sign, with sign -1 for a model's constant plus a state
void bindNode(const Model& m, const State& s, const NodeInfo& n, std::size_t k, const double*& a, const double*& b, double& sign)
{
    const std::size_t i = static_cast<std::size_t>(n.index);
    sign = -1.0;
    if (n.domain == Domain::Thermal) {
        a = &m.temp0[i];
        b = &s.temp[i];
    } else if (k == 0) {
        a = &s.x[i];
        b = &kZero;
        sign = 1.0;
    } else if (n.domain == Domain::Hydraulic) {
        a = &m.oilFixedT[i];
        b = &s.x[static_cast<std::size_t>(n.tempIndex)];
    } else {
        a = &m.pos0[i];
        b = &s.pos[i];
    }
}

// an ObservableSource's double term in context c (ObserveContext::read's cases); nullptr for a flag
const double* termOf(const ObserveContext& c, ObservableSource::Array array, int i)
{
    using A = ObservableSource::Array;
    switch (array) {
    case A::X: return i >= 0 ? c.x + i : &kZero;
    case A::Pos: return c.pos + i;
    case A::Real: return c.real + i;
    case A::Mean: return c.mean + i;
    case A::Flag: return nullptr;
    }
    return nullptr;
}
} // namespace

SubsetReader::SubsetReader(const Session& s, const std::vector<int>& indices)
    : m_session(&s), m_model(&s.model()), m_context(s.observeContext())
{
    const Model& m = s.model();
    std::vector<bool> wanted(s.observableCount(), false);
    for (int i : indices)
        if (i >= 0 && static_cast<std::size_t>(i) < wanted.size()) wanted[static_cast<std::size_t>(i)] = true;
    std::size_t k = 0;
    for (const NodeInfo& n : m.nodes)
        for (std::size_t o = 0, count = n.desc->observables.size(); o < count; ++o, ++k)
            if (wanted[k]) {
                Term t;
                t.at = k;
                bindNode(m, s.state(), n, o, t.a, t.b, t.sign);
                add(t);
            }
    for (const ComponentInfo& c : m.components) {
        const std::size_t count = c.observables().size();
        bool any = false;
        for (std::size_t o = 0; o < count; ++o) any = any || wanted[k + o];
        if (any && !bindSources(c, wanted, k)) m_wholes.push_back({c.observe, c.local, k});
        k += count;
    }
    for (std::size_t j = 0; j < m.timeSignals.size(); ++j, ++k)
        if (wanted[k]) m_signals.push_back({j, k});
}

bool SubsetReader::bindSources(const ComponentInfo& c, const std::vector<bool>& wanted, std::size_t at)
{
    std::vector<Term> terms;
    std::vector<Flag> flags;
    bool bound = false;
    forEachComponentType([&]<class T, std::size_t I>() {
        if constexpr (HasObservableSources<T>) {
            if (static_cast<int>(I) != c.type) return;
            const auto sources = T::sources(m_model->params->of<T>()[static_cast<std::size_t>(c.local)]);
            if (sources.size() != c.observables().size()) return; // a type's mistake: its observe serves
            for (std::size_t o = 0; o < sources.size(); ++o) {
                if (!wanted[at + o]) continue;
                const ObservableSource& src = sources[o];
                using Op = ObservableSource::Op;
                if (src.a == ObservableSource::Array::Flag) {
                    if (src.op != Op::Value) return;
                    flags.push_back({m_context.flag + src.ia, at + o});
                    continue;
                }
                Term t;
                t.at = at + o;
                t.a = termOf(m_context, src.a, src.ia);
                t.b = src.op == Op::Value ? &kZero : termOf(m_context, src.b, src.ib);
                t.sign = src.op == Op::Sum ? -1.0 : 1.0;
                if (!t.a || !t.b) return;
                terms.push_back(t);
            }
            bound = true;
        }
    });
    if (!bound) return false;
    for (const Term& t : terms) add(t);
    m_flags.insert(m_flags.end(), flags.begin(), flags.end());
    return true;
}

void SubsetReader::add(const Term& t)
{
    if (t.b == &kZero && t.sign == 1.0)
        m_plain.push_back({t.a, t.at}); // a - 0 is a, bit for bit
    else
        m_terms.push_back(t);
}

const double* SubsetReader::source(int index, double* out) const
{
    for (const Plain& r : m_plain)
        if (r.at == static_cast<std::size_t>(index)) return r.a;
    return out + index;
}

void SubsetReader::readSignals(double* out) const
{
    const double t = m_session->time();
    for (const Signal& g : m_signals) out[g.at] = m_model->timeSignals[g.index].value(t);
}

} // namespace drivelab
