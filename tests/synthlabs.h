#pragma once
// Models built programmatically rather than kept as lab files (some exceed the product's
// limits on purpose): the benchmarks' scaling cases and the tests of those limits.
#include <string>

namespace drivelab::synth {

/// N inertias in a chain, neighbours coupled by converters with C = k (1 - s), R = 1,
/// a damper to ground on every node, every node starting at a different nonzero speed
/// (dampers on every node: 2n - 1 components, n <= 32; `lean`: one damper on the last node, n
/// - 1 converters, n <= 64)
inline std::string chainLab(int n, long long durationNs, bool lean = false)
{
    const std::string map =
        R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.02}, {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])";
    std::string nodes, comps;
    for (int i = 0; i < n; ++i) {
        nodes += std::string(i ? ", " : "") + R"({"id": "n)" + std::to_string(i) + R"(", "domain": "rotational", "inertia": )" +
                 std::to_string(0.1 + 0.01 * i) + R"(, "initial_speed": )" + std::to_string(200.0 - 11.0 * i) + "}";
        if (!lean || i + 1 == n)
            comps += std::string(comps.empty() ? "" : ", ") + R"({"id": "d)" + std::to_string(i) +
                     R"(", "type": "damper", "node_a": "n)" + std::to_string(i) + R"(", "parameters": {"damping": 0.001}})";
        if (i + 1 < n)
            comps += std::string(comps.empty() ? "" : ", ") + R"({"id": "c)" + std::to_string(i) + R"(", "type": "torque_converter", "node_a": "n)" + std::to_string(i) +
                     R"(", "node_b": "n)" + std::to_string(i + 1) + R"(", "parameters": {"pump_positive": )" + map +
                     R"(, "pump_negative": )" + map + R"(, "turbine_positive": )" + map + R"(, "turbine_negative": )" + map + "}}";
    }
    return R"({"format": "drivelab.lab", "version": 1, "name": "chain-)" + std::to_string(n) +
           R"(", "run": {"tick_ns": 50000, "duration_ns": )" + std::to_string(durationNs) + R"(, "report_every_ticks": 1000}, "nodes": [)" +
           nodes + R"(], "components": [)" + comps + "]}";
}

/// a model with 64 components (32 inertias, 31 dampers between neighbours, 31 springs
/// beside them, one motor, one brake) for compile-time measurements
inline std::string wideLab()
{
    std::string nodes, comps;
    for (int i = 0; i < 32; ++i) {
        nodes += std::string(i ? ", " : "") + R"({"id": "n)" + std::to_string(i) +
                 R"(", "domain": "rotational", "inertia": 0.1, "initial_speed": 10})";
        if (i + 1 < 32) {
            comps += std::string(i ? ", " : "") + R"({"id": "d)" + std::to_string(i) + R"(", "type": "damper", "node_a": "n)" +
                     std::to_string(i) + R"(", "node_b": "n)" + std::to_string(i + 1) + R"(", "parameters": {"damping": 0.1}})";
            comps += R"(, {"id": "s)" + std::to_string(i) + R"(", "type": "spring", "node_a": "n)" + std::to_string(i) +
                     R"(", "node_b": "n)" + std::to_string(i + 1) + R"(", "parameters": {"stiffness": 1000}})";
        }
    }
    comps +=
        R"(, {"id": "m", "type": "motor", "node_a": "n0", "inputs": {"command": 1}, "parameters": {"torque_curve": [{"speed": 0, "torque": 10}, {"speed": 100, "torque": 0}]}})";
    comps += R"(, {"id": "b", "type": "clutch", "node_a": "n31", "node_b": "ground", "inputs": {"capacity": 5}})";
    return R"({"format": "drivelab.lab", "version": 1, "name": "wide", "run": {"tick_ns": 50000, "duration_ns": 1000000000, "report_every_ticks": 1000}, "nodes": [)" +
           nodes + R"(], "components": [)" + comps + "]}";
}

} // namespace drivelab::synth
