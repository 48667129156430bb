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

/// a lab of `instances` instances of one inline part chained shaft to shaft (issue 36's compile
/// benchmark: 20 instances of 10 components = 200 + 1 components on 61 nodes, within the limits
/// of 256 components and 64 nodes; up to 21 instances compile, more only flatten). The part
/// `stage` has ports in and out, two inner shafts of inertia "=J" and "=J*2", a gear "=r" and
/// springs and dampers "=k", "=k*2", "=k/4", "=c", "=c/2", ... (10 components); instance i joins
/// lab node s_i to s_(i+1) with its own stiffness, and the lab drives s_0 with a motor
inline std::string partsChainLab(int instances)
{
    const std::string part = R"({"name": "stage",
        "ports": [{"name": "in", "domain": "rotational"}, {"name": "out", "domain": "rotational"}],
        "parameters": [{"name": "J", "unit": "kg m^2", "default": 0.1, "min": 0}, {"name": "k", "unit": "N m/rad", "default": 1000, "min": 0},
                       {"name": "c", "unit": "N m s/rad", "default": 0.2, "min": 0}, {"name": "r", "unit": "-", "default": 1}],
        "nodes": [{"id": "a", "domain": "rotational", "inertia": "=J", "initial_speed": 10},
                  {"id": "b", "domain": "rotational", "inertia": "=J*2", "initial_speed": 10}],
        "components": [{"id": "s1", "type": "spring", "node_a": "in", "node_b": "a", "parameters": {"stiffness": "=k"}},
                       {"id": "d1", "type": "damper", "node_a": "in", "node_b": "a", "parameters": {"damping": "=c"}},
                       {"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": "=r"}},
                       {"id": "d2", "type": "damper", "node_a": "b", "parameters": {"damping": "=c/2"}},
                       {"id": "s2", "type": "spring", "node_a": "b", "node_b": "out", "parameters": {"stiffness": "=k*2"}},
                       {"id": "d3", "type": "damper", "node_a": "b", "node_b": "out", "parameters": {"damping": "=c/2"}},
                       {"id": "s3", "type": "spring", "node_a": "a", "node_b": "out", "parameters": {"stiffness": "=k/4"}},
                       {"id": "d4", "type": "damper", "node_a": "a", "parameters": {"damping": "=c/4"}},
                       {"id": "d5", "type": "damper", "node_a": "out", "parameters": {"damping": 0.01}},
                       {"id": "d6", "type": "damper", "node_a": "in", "parameters": {"damping": "=c/10"}}]})";
    std::string nodes, inst;
    for (int i = 0; i <= instances; ++i) {
        nodes += std::string(i ? ", " : "") + R"({"id": "s)" + std::to_string(i) + R"(", "domain": "rotational", "inertia": 0.2, "initial_speed": 10})";
        if (i == instances) break;
        inst += std::string(i ? ", " : "") + R"({"id": "stage)" + std::to_string(i) + R"(", "part": "stage", "ports": {"in": "s)" +
                std::to_string(i) + R"(", "out": "s)" + std::to_string(i + 1) + R"("}, "parameters": {"k": )" + std::to_string(1000 + 10 * i) +
                R"(, "c": "=0.1 + 0.1"}})";
    }
    return R"({"format": "drivelab.lab", "version": 2, "name": "parts chain", "run": {"tick_ns": 50000, "duration_ns": 100000000, "report_every_ticks": 100},
        "parts": [)" + part + R"(], "instances": [)" + inst + R"(], "nodes": [)" + nodes +
           R"(], "components": [{"id": "m", "type": "motor", "node_a": "s0", "inputs": {"command": 1},
                "parameters": {"torque_curve": [{"speed": 0, "torque": 10}, {"speed": 100, "torque": 0}]}}]})";
}

} // namespace drivelab::synth
