#include "compile/initialstate.h"

#include <bit>
#include <cmath>
#include <memory>

#include "compile/compilecontext.h"
#include "compile/compiler.h"
#include "solver/constraints.h"
#include "components/registry.h"

namespace drivelab {

void solveInitialConditions(Model& model, const std::vector<int>& rowComponent, Diagnostics& d)
{
    std::vector<double>& x = model.x0;
    // each switching component's own initial rule (Clutch::initialState)
    for (const auto& p : model.params->of<Clutch>()) Clutch::initialState(p, x.data(), model.realInit.data(), model.flagInit.data());
    ConstraintRow rows[kMaxRows];
    int slots[kMaxRows];
    int k = 0;
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasConstraint<T>) {
            for (const auto& p : model.params->of<T>()) {
                T::constraint(p, rows[k]);
                slots[k++] = p.row;
            }
        }
    });
    for (const auto& p : model.params->of<Clutch>()) {
        if (!Clutch::locked(p, model.flagInit.data())) continue;
        Clutch::lockRow(p, rows[k]);
        slots[k++] = p.row;
    }
    if (k == 0) return;
    auto basis = std::make_unique<ModeBasis>();
    buildModeBasis(rows, slots, k, model.nDyn, model.mass.data(), model.jacobianPattern.data(), model.fixedMask, *basis);
    // every row, redundant ones included, must hold at t = 0
    for (int r = 0; r < k; ++r) {
        double sum = 0.0, mag = 0.0;
        bool junction = false;
        for (int t = 0; t < 3; ++t) {
            if (rows[r].node[t] >= 0)
                junction = junction || model.stateKind[static_cast<std::size_t>(rows[r].node[t])] == StateKind::Algebraic;
        }
        if (junction) continue; // junction pressures are solved at t = 0
        for (int t = 0; t < 3; ++t) {
            if (rows[r].node[t] < 0) continue;
            const double v = rows[r].coef[t] * x[static_cast<std::size_t>(rows[r].node[t])];
            sum += v;
            mag += std::fabs(v);
        }
        if (std::fabs(sum) <= 1e-12 + 1e-9 * mag) continue;
        const int ci = rowComponent[static_cast<std::size_t>(slots[r])];
        const ComponentInfo& info = model.components[static_cast<std::size_t>(ci)];
        // suggest a consistent speed for the last node of the row
        int last = -1;
        for (int t = 0; t < 3; ++t) {
            if (rows[r].node[t] >= 0) last = t;
        }
        std::string names;
        for (int t = 0; t < 3; ++t) {
            if (rows[r].node[t] < 0) continue;
            const int dyn = rows[r].node[t];
            static const char* const kUnits[] = {" rad/s", " m/s", " Pa", " K"};
            names += std::string(names.empty() ? "" : ", ") + "'" +
                     model.nodes[static_cast<std::size_t>(model.dynNode[static_cast<std::size_t>(dyn)])].id + "' " +
                     formatDouble(x[static_cast<std::size_t>(dyn)]) +
                     kUnits[static_cast<int>(model.stateDomain[static_cast<std::size_t>(dyn)])];
        }
        std::string hint;
        if (last >= 0) {
            const int dyn = rows[r].node[last];
            const double want = -(sum - rows[r].coef[last] * x[static_cast<std::size_t>(dyn)]) / rows[r].coef[last];
            static const char* const kFields[] = {"initial_speed", "initial_velocity", "initial_pressure", "initial_temperature"};
            // a suggestion that overflows (a ratio at the edge of its range) is left out, not written
            if (std::isfinite(want))
                hint = "; for example set node '" + model.nodes[static_cast<std::size_t>(model.dynNode[static_cast<std::size_t>(dyn)])].id +
                       "' " + kFields[static_cast<int>(model.stateDomain[static_cast<std::size_t>(dyn)])] + " to " + formatDouble(want);
        }
        const bool isClutch = info.desc == &Clutch::descriptor();
        d.error(info.id, isClutch ? "node_b" : "-",
                "initial values (" + names + ") violate this " + info.desc->type + "'s rigid constraint" + hint);
    }
    // a rigid row between speeds that speed sources prescribe independently: they would fight it
    if (model.prescribedMask) {
        const int r = unimpliedRow(*basis, rows, k, model.prescribedMask);
        if (r >= 0) {
            const ComponentInfo& info = model.components[static_cast<std::size_t>(rowComponent[static_cast<std::size_t>(slots[r])])];
            std::string names;
            for (std::uint64_t bp = model.prescribedMask; bp; bp &= bp - 1) {
                const int f = std::countr_zero(bp);
                names += std::string(names.empty() ? "" : ", ") + "'" +
                         model.nodes[static_cast<std::size_t>(model.dynNode[static_cast<std::size_t>(f)])].id + "'";
            }
            d.error(info.id, "-",
                    "this " + std::string(info.desc->type) +
                        "'s rigid constraint ties speeds that speed sources prescribe "
                        "independently (their nodes: " +
                        names +
                        "), directly or through other rigid constraints; the "
                        "sources would fight it: remove one of the sources, or put the compliance the physics has between them");
        }
    }
    if (d.hasErrors()) return;
    projectOntoConstraints(*basis, model.mass.data(), x.data());
}

} // namespace drivelab
