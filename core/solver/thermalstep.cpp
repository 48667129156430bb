// Thermal masses after each accepted interval (declared in solver/stepper.h).
#include "solver/linear.h"
#include "solver/stepper.h"
#include "components/registry.h"

namespace drivelab {

// thermal masses: implicit midpoint on the rises d = T - T0 with the interval's heat
// input, conductors between thermal nodes and heat sources
void thermalStep(const Model& m, State& s, Workspace& w, double hSec)
{
    if (!w.thermalNetwork) {
        for (int i = 0; i < m.nTherm; ++i) {
            const std::size_t k = static_cast<std::size_t>(i);
            // C (d1 - d0) = Q + h G (Tamb - T0 - (d0 + d1) / 2)
            const double c0 = m.heatCapacity[k], g = m.ambientG[k], d0 = s.temp[k];
            const double amb = m.ambientT[k] - m.temp0[k];
            s.temp[k] = (c0 * d0 + w.heatIn[k] + hSec * g * (amb - 0.5 * d0)) / (c0 + 0.5 * hSec * g);
            if (g != 0.0) s.ledger.heatToAmbient.add(hSec * g * (0.5 * (d0 + s.temp[k]) - amb));
        }
        return;
    }
    const int n = m.nTherm;
    double* a = w.thermalA.data();
    double rhs[kMaxDyn];
    for (int i = 0; i < n; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        w.thermalD0[k] = s.temp[k];
        for (int j = 0; j < n; ++j) a[i * kMaxDyn + j] = 0.0;
        const double g = m.ambientG[k], amb = m.ambientT[k] - m.temp0[k];
        a[i * kMaxDyn + i] = m.heatCapacity[k] + 0.5 * hSec * g;
        rhs[i] = m.heatCapacity[k] * s.temp[k] + w.heatIn[k] + hSec * g * (amb - 0.5 * s.temp[k]);
    }
    ThermalContext t;
    t.h = hSec;
    t.d0 = w.thermalD0.data();
    t.t0 = m.temp0.data();
    t.real = s.real.data();
    t.a = a;
    t.rhs = rhs;
    t.acc = w.acc.data();
    t.heatFromSources = &s.ledger.heatFromSources;
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasThermal<T>) {
            for (const auto& p : m.params->of<T>()) T::thermal(p, t);
        }
    });
    // solve (the matrix is symmetric positive definite: partial pivoting never swaps)
    double lu[kMaxDyn * kMaxDyn];
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) lu[i * kMaxDyn + j] = a[i * kMaxDyn + j];
    }
    denseSolve(lu, n, rhs);
    for (int i = 0; i < n; ++i) s.temp[static_cast<std::size_t>(i)] = rhs[i];
    t.d1 = s.temp.data();
    for (int i = 0; i < n; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        const double g = m.ambientG[k];
        if (g != 0.0) s.ledger.heatToAmbient.add(hSec * g * (0.5 * (w.thermalD0[k] + s.temp[k]) - (m.ambientT[k] - m.temp0[k])));
    }
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasThermalCommit<T>) {
            for (const auto& p : m.params->of<T>()) T::thermalCommit(p, t);
        }
    });
}

} // namespace drivelab
