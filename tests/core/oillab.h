#pragma once
// Lab text for thermal-liquid tests (tst_thermalliquid, tst_oilflows): the test oil and the
// nodes that carry oil temperature (docs/PHYSICS.md, "Thermal-liquid oil"), and the RK4 their
// independently integrated references use.
#include <array>
#include <functional>

#include "testutil.h"

namespace drivelab::test {

/// the test oil: rho_r, alpha, c, nu(40 degC), nu(100 degC), T_r and p_r (the defaults), beta of the volumes
constexpr double kRho = 870.0, kAlpha = 7e-4, kC = 1900.0, kNu40 = 46.0, kNu100 = 6.8, kTr = 313.15, kPr = 101325.0;
constexpr double kBeta = 1.5e9;

/// the test oil as a lab's "oil" object
inline const std::string kOil = R"({"density": 870, "thermal_expansion": 7e-4, "specific_heat": 1900, "viscosity_40c": 46, "viscosity_100c": 6.8})";

/// a lab with the oil section
inline std::string oilLab(const std::string& run, const std::string& nodes, const std::string& components, const std::string& oil = kOil)
{
    std::string text = lab(run, nodes, components);
    text.pop_back();
    return text + R"(, "oil": )" + oil + "}";
}

/// a thermal-liquid volume (bulk modulus kBeta)
inline std::string oilVolume(const std::string& id, double volume, double p0, double t0)
{
    std::string n = volumeNode(id, volume, kBeta, p0);
    n.pop_back();
    return n + R"(, "initial_temperature": )" + formatDouble(t0) + "}";
}

/// a reservoir whose oil is at temperature t
inline std::string tank(const std::string& id, double p, double t)
{
    std::string n = reservoir(id, p);
    n.pop_back();
    return n + R"(, "temperature": )" + formatDouble(t) + "}";
}

/// the oil's density law rho(p, T), written out independently of the product
inline double oilDensity(double p, double t) { return kRho * (1.0 + (p - kPr) / kBeta - kAlpha * (t - kTr)); }

/// classic RK4 on y' = f(y) over [0, t] in n steps
template <std::size_t N>
inline std::array<double, N> rk4(std::array<double, N> y, double t, int n, const std::function<std::array<double, N>(const std::array<double, N>&)>& f)
{
    const double h = t / n;
    for (int i = 0; i < n; ++i) {
        auto add = [&](const std::array<double, N>& a, const std::array<double, N>& k, double s) {
            std::array<double, N> r{};
            for (std::size_t j = 0; j < N; ++j) r[j] = a[j] + s * k[j];
            return r;
        };
        const auto k1 = f(y), k2 = f(add(y, k1, h / 2)), k3 = f(add(y, k2, h / 2)), k4 = f(add(y, k3, h));
        for (std::size_t j = 0; j < N; ++j) y[j] += h / 6.0 * (k1[j] + 2.0 * k2[j] + 2.0 * k3[j] + k4[j]);
    }
    return y;
}

} // namespace drivelab::test
