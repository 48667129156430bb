#include "solver/stagestorage.h"

#include <bit>
#include <cmath>

#include "components/registry.h"
#include "solver/gauss2.h"

namespace drivelab {

namespace {

// every type with a storage hook says which form it stores (stagestorage.h) and where its stored
// volume of the interval lies in its scratch
template <class T>
concept DeclaresStorageForm = requires(const typename T::Params& p)
{
    {
        T::kStateFunctionStorage
        } -> std::convertible_to<bool>;
    {
        T::storedSlot(p)
        } -> std::same_as<int>;
};

// call the storage hooks of one form (state function or rate) on c
template <bool StateFunction> void storageOfForm(const Model& m, const EvalContext& c)
{
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasStorage<T>) {
            static_assert(DeclaresStorageForm<T>, "a storage type declares kStateFunctionStorage and storedSlot (solver/stagestorage.h)");
            if constexpr (T::kStateFunctionStorage == StateFunction)
                for (const auto& p : m.params->of<T>()) T::storage(p, c);
        }
    });
}

} // namespace

std::uint64_t stateFunctionStorageNodes(const Model& m)
{
    std::uint64_t mask = 0;
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasStorage<T>) {
            if constexpr (T::kStateFunctionStorage)
                for (const auto& p : m.params->of<T>())
                    if (T::storageNode(p) >= 0) mask |= 1ull << T::storageNode(p);
        }
    });
    return mask;
}

void stageStorage(const Model& m, EvalContext& c, Gauss2Work& g, int st, const double (*ainv)[2])
{
    const int n = m.nDyn;
    for (int i = 0; i < n; ++i) g.SF[st][i] = g.dSF[st][i] = g.SR[st][i] = g.CR[st][i] = 0.0;
    c.dx = g.Z[st];
    c.stor = g.SF[st];
    c.dstor = g.dSF[st];
    storageOfForm<true>(m, c);
    for (int i = 0; i < n; ++i) g.hk[i] = ainv[st][0] * g.Z[0][i] + ainv[st][1] * g.Z[1][i];
    c.dx = g.hk;
    c.stor = g.SR[st];
    c.dstor = g.CR[st];
    storageOfForm<false>(m, c);
}

void combineStageStorage(const Model& m, Gauss2Work& g, const double (*a)[2])
{
    for (int st = 0; st < 2; ++st)
        for (int i = 0; i < m.nDyn; ++i) g.S[st][i] = g.SF[st][i] + a[st][0] * g.SR[0][i] + a[st][1] * g.SR[1][i];
}

double storageJacobian(const Gauss2Work& g, int i, int st, int l, const double (*a)[2], const double (*ainv)[2])
{
    double v = st == l ? g.dSF[st][i] : 0.0;
    for (int j = 0; j < 2; ++j) v += a[st][j] * g.CR[j][i] * ainv[j][l];
    return v;
}

void conservativeEnd(const Model& m, EvalContext& c, Gauss2Work& g, double* dx, double* scratch)
{
    const int n = m.nDyn;
    double target[kMaxDyn], extrapolated[kMaxDyn], good[kMaxDyn];
    std::uint64_t open = 0, haveGood = 0; // nodes still iterating; nodes with a point of positive slope
    for (std::uint64_t bm = g.sfNodes; bm; bm &= bm - 1) {
        const int i = std::countr_zero(bm);
        const double mi = m.mass[static_cast<std::size_t>(i)];
        target[i] = Gauss2::kSqrt3 * ((mi * g.Z[1][i] + g.SF[1][i]) - (mi * g.Z[0][i] + g.SF[0][i]));
        extrapolated[i] = dx[i];
        open |= 1ull << i;
    }
    g.endSolved = 0;
    double stor[kMaxDyn], dstor[kMaxDyn];
    c.dx = dx;
    c.stor = stor;
    c.dstor = dstor;
    c.scratch = scratch;
    // M d + V(p0 + d) - V(p0) - target is nondecreasing and concave in d where V' > 0 (a gas spring):
    // Newton from a point of positive slope; a step into the flat part (V' = 0, below the precharge)
    // goes halfway back to the last point of positive slope
    for (int it = 0; open && it < 48; ++it) {
        for (int i = 0; i < n; ++i) stor[i] = dstor[i] = 0.0;
        storageOfForm<true>(m, c);
        for (std::uint64_t bm = open; bm; bm &= bm - 1) {
            const int i = std::countr_zero(bm);
            const std::uint64_t bit = 1ull << i;
            const double mi = m.mass[static_cast<std::size_t>(i)];
            const double r = mi * dx[i] + stor[i] - target[i];
            const double slope = mi + dstor[i];
            if (!(slope > 0.0)) {
                if (haveGood & bit) {
                    dx[i] = 0.5 * (dx[i] + good[i]);
                } else {
                    // flat where the stages ended (no volume, the storage empty): a junction there
                    open &= ~bit;
                }
                continue;
            }
            haveGood |= bit;
            good[i] = dx[i];
            // converged: the residual zero, or the step within the pressure's rounding (64 eps |p|;
            // the stored volume is a difference of two held volumes, rounded to eps of those)
            const double step = r / slope;
            dx[i] -= step;
            if (r == 0.0 || std::fabs(step) <= 64.0 * 2.220446049250313e-16 * std::fabs(c.x0[i] + dx[i])) {
                g.endSolved |= bit;
                open &= ~bit;
            }
        }
    }
    // not solved (flat, or no end holds that volume): the extrapolation stays, the end is a junction's
    for (std::uint64_t bm = g.sfNodes & ~g.endSolved; bm; bm &= bm - 1) {
        const int i = std::countr_zero(bm);
        dx[i] = extrapolated[i];
    }
    // the storage at the values taken
    for (int i = 0; i < n; ++i) stor[i] = dstor[i] = 0.0;
    storageOfForm<true>(m, c);
    for (std::uint64_t bm = g.sfNodes; bm; bm &= bm - 1) {
        const int i = std::countr_zero(bm);
        g.endStor[i] = stor[i];
    }
}

void storageShares(const Model& m, Gauss2Work& g, const double* b, const double (*ainv)[2])
{
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasStorage<T>) {
            for (const auto& p : m.params->of<T>()) {
                const std::size_t slot = static_cast<std::size_t>(T::storedSlot(p));
                double& v0 = g.scratch[0][slot];
                double& v1 = g.scratch[1][slot];
                if constexpr (T::kStateFunctionStorage) {
                    const double s0 = v0, s1 = v1;
                    v0 = b[0] * (ainv[0][0] * s0 + ainv[0][1] * s1);
                    v1 = b[1] * (ainv[1][0] * s0 + ainv[1][1] * s1);
                } else {
                    v0 *= b[0];
                    v1 *= b[1];
                }
            }
        }
    });
}

} // namespace drivelab
