#include "compile/resultsspec.h"

#include <cmath>

namespace drivelab {

namespace {
constexpr const char* kSubject = "results";
constexpr const char* kVehicleType = "vehicle_body";

int vehicleCount(const LabSpec& lab)
{
    int n = 0;
    for (const ComponentSpec& c : lab.components) n += c.type == kVehicleType;
    return n;
}
} // namespace

void checkResults(const LabSpec& lab, Diagnostics& d)
{
    const Json& r = lab.results;
    if (r.is_null()) {
        if (vehicleCount(lab) > 1)
            d.warning(kSubject, "vehicle",
                      "the lab has " + std::to_string(vehicleCount(lab)) +
                          " vehicle bodies and no \"results\": {\"vehicle\": ID} names the one its vehicle results are for: "
                          "the report has no vehicle section");
        return;
    }
    for (auto it = r.begin(); it != r.end(); ++it) {
        if (it.key() != "vehicle" && it.key() != "reference_speed")
            d.error(kSubject, it.key(), "unknown field '" + it.key() + "' (results has: vehicle, reference_speed)");
    }
    if (r.contains("vehicle")) {
        const Json& v = r["vehicle"];
        const ComponentSpec* c = v.is_string() ? lab.findComponent(v.get<std::string>()) : nullptr;
        if (!v.is_string())
            d.error(kSubject, "vehicle", "must be the id of a vehicle_body (a string)");
        else if (!c || c->type != kVehicleType)
            d.error(kSubject, "vehicle", "'" + v.get<std::string>() + "' is not a vehicle_body of the lab: name the vehicle body the results are for");
    } else if (vehicleCount(lab) > 1) {
        d.error(kSubject, "vehicle", "the lab has " + std::to_string(vehicleCount(lab)) + " vehicle bodies: name the one the results are for");
    } else if (vehicleCount(lab) == 0) {
        d.error(kSubject, "vehicle", "the lab has no vehicle_body: vehicle results need one");
    }
    if (!r.contains("reference_speed")) return;
    const Json& ref = r["reference_speed"];
    if (!ref.is_object()) {
        d.error(kSubject, "reference_speed", "must be {\"signal\": ID, \"scale\": s, \"offset\": o} (v_ref = s x signal + o, m/s)");
        return;
    }
    for (auto it = ref.begin(); it != ref.end(); ++it) {
        if (it.key() != "signal" && it.key() != "scale" && it.key() != "offset")
            d.error(kSubject, "reference_speed." + it.key(), "unknown field '" + it.key() + "' (reference_speed has: signal, scale, offset)");
    }
    if (!ref.contains("signal") || !ref["signal"].is_string())
        d.error(kSubject, "reference_speed.signal", "missing: the id of the signal holding the reference speed (the drive cycle)");
    else if (!lab.findSignal(ref["signal"].get<std::string>()))
        d.error(kSubject, "reference_speed.signal", "'" + ref["signal"].get<std::string>() + "' is not a signal of the lab");
    for (const char* f : {"scale", "offset"}) {
        if (!ref.contains(f)) continue;
        const Json& x = ref[f];
        if (!x.is_number() || !std::isfinite(x.get<double>()) || std::fabs(x.get<double>()) > 1e6)
            d.error(kSubject, std::string("reference_speed.") + f, "must be a finite number in [-1e6, 1e6]");
        else if (std::string(f) == "scale" && x.get<double>() == 0.0)
            d.error(kSubject, "reference_speed.scale", "must not be 0 (m/s per unit of the signal: 1/3.6 for km/h, 0.44704 for mph)");
    }
}

Json normalizedResults(const Json& results)
{
    if (results.is_null()) return Json();
    Json out = Json::object();
    if (results.contains("vehicle")) out["vehicle"] = results["vehicle"];
    if (results.contains("reference_speed")) {
        const Json& ref = results["reference_speed"];
        out["reference_speed"] =
            Json{{"signal", ref.at("signal")}, {"scale", ref.value("scale", 1.0)}, {"offset", ref.value("offset", 0.0)}};
    }
    return out;
}

ResultsSettings readResultsSettings(const Json& results)
{
    ResultsSettings s;
    if (!results.is_object()) return s;
    if (results.contains("vehicle") && results["vehicle"].is_string()) s.vehicle = results["vehicle"].get<std::string>();
    if (results.contains("reference_speed") && results["reference_speed"].is_object()) {
        const Json& ref = results["reference_speed"];
        if (ref.contains("signal") && ref["signal"].is_string()) s.signal = ref["signal"].get<std::string>();
        s.scale = ref.value("scale", 1.0);
        s.offset = ref.value("offset", 0.0);
    }
    return s;
}

} // namespace drivelab
