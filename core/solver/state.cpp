#include "solver/state.h"

#include <algorithm>

#include "util/hash.h"
#include "components/registry.h"

namespace drivelab {

State initialState(const Model& m)
{
    State s;
    s.x = m.x0;
    s.pos.assign(static_cast<std::size_t>(m.nDyn), 0.0);
    s.rate.assign(static_cast<std::size_t>(m.nDyn), 0.0);
    s.temp.assign(static_cast<std::size_t>(m.nTherm), 0.0);
    s.real = m.realInit;
    s.flag = m.flagInit;
    s.mean.assign(static_cast<std::size_t>(m.nMean), 0.0);
    s.theta.assign(static_cast<std::size_t>(m.nTheta), 0.5);
    if (twoStage(m.method)) {
        const std::size_t n = static_cast<std::size_t>(m.nDyn);
        s.stagePoly.assign(2 * n + 3, 0.0);
        s.stageNewton.assign(4 + 4 * n * n + 4 * n, 0.0);
    }
    s.ledger.kineticInitial = kineticEnergy(m, s);
    s.ledger.storedInitial = storedEnergy(m, s);
    return s;
}

namespace {
template <class T> void copyInto(const std::vector<T>& src, std::vector<T>& dst)
{
    if (dst.size() == src.size())
        std::copy(src.begin(), src.end(), dst.begin());
    else
        dst = src;
}
} // namespace

void copyState(const State& src, State& dst)
{
    dst.tick = src.tick;
    copyInto(src.x, dst.x);
    copyInto(src.pos, dst.pos);
    copyInto(src.rate, dst.rate);
    copyInto(src.temp, dst.temp);
    copyInto(src.real, dst.real);
    copyInto(src.flag, dst.flag);
    copyInto(src.mean, dst.mean);
    copyInto(src.theta, dst.theta);
    copyInto(src.stagePoly, dst.stagePoly);
    copyInto(src.stageNewton, dst.stageNewton);
    dst.nextEvent = src.nextEvent;
    dst.ledger = src.ledger;
}

std::uint64_t hashState(const State& s)
{
    // Each section is fed with its tag only when non-empty, so a section added for
    // a new domain leaves the hashes of models without it unchanged.
    Hash64 h;
    h.str("drivelab.state.1");
    h.i64(s.tick);
    const auto vec = [&](const char* tag, const std::vector<double>& v) {
        if (v.empty()) return;
        h.str(tag);
        h.u64(v.size());
        for (double d : v) h.f64(d);
    };
    vec("x", s.x);
    vec("pos", s.pos);
    vec("rate", s.rate);
    vec("temp", s.temp);
    vec("real", s.real);
    if (!s.flag.empty()) {
        h.str("flag");
        h.u64(s.flag.size());
        for (std::int32_t f : s.flag) h.i64(f);
    }
    vec("mean", s.mean);
    vec("theta", s.theta);
    vec("stage_poly", s.stagePoly);
    vec("stage_newton", s.stageNewton);
    h.i64(s.nextEvent);
    const Ledger& l = s.ledger;
    for (double d : {l.kineticInitial, l.storedInitial, l.sourceWork.sum, l.sourceWork.comp, l.heatToNodes.sum, l.heatToNodes.comp,
                     l.heatToLedger.sum, l.heatToLedger.comp})
        h.f64(d);
    // books added after version 1: fed only when they hold something, so models without
    // them keep their hashes
    const auto book = [&](const char* tag, const CompensatedSum& c) {
        if (c.sum == 0.0 && c.comp == 0.0) return;
        h.str(tag);
        h.f64(c.sum);
        h.f64(c.comp);
    };
    book("numerical", l.numerical);
    book("heat_to_ambient", l.heatToAmbient);
    book("heat_from_sources", l.heatFromSources);
    book("volume_supplied", l.volumeSupplied);
    book("volume_stored", l.volumeStored);
    book("volume_absorbed", l.volumeAbsorbed);
    book("heat_to_oil", l.heatToOil);
    book("oil_enthalpy_in", l.oilEnthalpyIn);
    book("oil_absorbed", l.oilAbsorbed);
    return h.digest();
}

double kineticEnergy(const Model& m, const State& s)
{
    CompensatedSum e;
    for (int i = 0; i < m.nDyn; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        if (m.stateKind[k] == StateKind::Mechanical) e.add(0.5 * m.mass[k] * s.x[k] * s.x[k]);
    }
    return e.value();
}

double oilEnergy(const Model& m, const State& s)
{
    // U - U0 from the differences, so that a small change keeps full precision:
    //   c m (T - T_r) - c m0 (T0 - T_r) = c (T0 - T_r)(m - m0) + c m r,  r = T - T0
    //   m - m0 = rho_r V ((p - p0)/beta - alpha r)
    //   -V alpha (p T - p0 T0) = -V alpha ((p - p0) T0 + p r)
    CompensatedSum e;
    const OilModel& oil = m.oil;
    for (const OilVolume& v : m.oilVolumes) {
        const double p = s.x[static_cast<std::size_t>(v.p)], r = s.x[static_cast<std::size_t>(v.t)];
        const double dp = p - m.x0[static_cast<std::size_t>(v.p)];
        const double dm = oil.rho * v.volume * (dp / v.beta - oil.alpha * r);
        const double mass = oil.rho * v.volume * (1.0 + (p - oil.pRef) / v.beta - oil.alpha * (v.t0 + r - oil.tRef));
        e.add(oil.c * (v.t0 - oil.tRef) * dm);
        e.add(oil.c * mass * r);
        e.add(-v.volume * oil.alpha * (dp * v.t0 + p * r));
    }
    return e.value();
}

double storedEnergy(const Model& m, const State& s)
{
    CompensatedSum e;
    e.add(kineticEnergy(m, s));
    // fluid compression in node volumes: C p^2 / 2
    for (int i = 0; i < m.nDyn; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        if (m.stateKind[k] == StateKind::Compliant && m.mass[k] > 0.0) e.add(0.5 * m.mass[k] * s.x[k] * s.x[k]);
    }
    ObserveContext c{s.x.data(), s.pos.data(), s.real.data(), s.flag.data(), s.mean.data()};
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasStored<T>) {
            for (const auto& p : m.params->of<T>()) e.add(T::stored(p, c));
        }
    });
    return e.value();
}

std::uint64_t lockMask(const Model& m, const State& s)
{
    std::uint64_t mask = 0;
    int i = 0;
    for (const auto& p : m.params->of<Clutch>()) {
        if (Clutch::locked(p, s.flag.data())) mask |= 1ull << i;
        ++i;
    }
    return mask;
}

} // namespace drivelab
