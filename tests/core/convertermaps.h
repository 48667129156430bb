#pragma once
// Converter maps for tests: JSON text builders.
#include <string>
#include <vector>

#include "util/jsonwrite.h"

namespace drivelab::test {

/// one map point
struct MapPoint {
    double s, r, c;
};

/// a map as JSON text
inline std::string mapJson(const std::vector<MapPoint>& pts)
{
    std::string out = "[";
    for (std::size_t i = 0; i < pts.size(); ++i) {
        out += std::string(i ? ", " : "") + R"({"speed_ratio": )" + formatDouble(pts[i].s) + R"(, "torque_ratio": )" +
               formatDouble(pts[i].r) + R"(, "capacity_coefficient": )" + formatDouble(pts[i].c) + "}";
    }
    return out + "]";
}

/// C(s) = k (1 - s), R = 1 on [-1, 1]
inline std::vector<MapPoint> linearMap(double k) { return {{-1.0, 1.0, 2.0 * k}, {1.0, 1.0, 0.0}}; }

/// a converter component with four maps
inline std::string converterJson(const std::string& id, const std::string& pump, const std::string& turbine, const std::string& pp,
                                 const std::string& pn, const std::string& tp, const std::string& tn, const std::string& extra = "")
{
    return R"({"id": ")" + id + R"(", "type": "torque_converter", "node_a": ")" + pump + R"(", "node_b": ")" + turbine + "\"" + extra +
           R"(, "parameters": {"pump_positive": )" + pp + R"(, "pump_negative": )" + pn + R"(, "turbine_positive": )" + tp +
           R"(, "turbine_negative": )" + tn + "}}";
}

/// a converter with the same map in all four slots
inline std::string converterJson(const std::string& id, const std::string& pump, const std::string& turbine, const std::string& map,
                                 const std::string& extra = "")
{
    return converterJson(id, pump, turbine, map, map, map, map, extra);
}

/// a realistic drive map: stall torque ratio 2, coupling near s = 0.85
inline std::vector<MapPoint> driveMap()
{
    return {{-1.0, 1.0, 0.008}, {0.0, 2.0, 0.007},   {0.2, 1.8, 0.007},  {0.4, 1.6, 0.0069},  {0.6, 1.35, 0.0066},
            {0.8, 1.1, 0.0055}, {0.85, 1.0, 0.0048}, {0.9, 1.0, 0.0038}, {0.95, 1.0, 0.0022}, {1.0, 1.0, 0.0}};
}

/// a coast map without multiplication, paired with driveMap() at s = -1
inline std::vector<MapPoint> coastMap()
{
    return {{-1.0, 1.0, 0.008}, {0.0, 1.0, 0.003}, {0.5, 1.0, 0.0025}, {0.8, 1.0, 0.0015}, {1.0, 1.0, 0.0}};
}

} // namespace drivelab::test
