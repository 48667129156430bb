#include "io/vehicleresults.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "compile/model.h"
#include "compile/resultsspec.h"

namespace drivelab {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
constexpr double kGravity = 9.80665;

/// the split categories in report order; others (a new type's) follow in model order
constexpr const char* kCategoryOrder[] = {"engine", "converter", "clutches", "brakes", "tyre_slip", "dampers", "hydraulic", "aero", "rolling"};

int findObs(const std::vector<ObservableRef>& layout, const std::string& subject, const char* name, int group)
{
    for (std::size_t i = 0; i < layout.size(); ++i)
        if (layout[i].group() == group && layout[i].subject == subject && layout[i].name == name) return static_cast<int>(i);
    return -1;
}

double param(const Json& component, const char* name, double absent)
{
    if (!component.contains("parameters")) return absent;
    const Json& p = component["parameters"];
    return p.contains(name) && p[name].is_number() ? p[name].get<double>() : absent;
}

/// the scalar results in report order, with their units
struct ResultUnit {
    const char* name;
    const char* unit;
};
constexpr ResultUnit kResults[] = {{"duration", "s"},
                                   {"distance", "m"},
                                   {"mean_speed_kmh", "km/h"},
                                   {"top_speed_kmh", "km/h"},
                                   {"top_speed_time", "s"},
                                   {"time_0_100_kmh", "s"},
                                   {"positive_tractive_energy", "J"},
                                   {"net_tractive_energy", "J"},
                                   {"max_excess_force", "N"},
                                   {"gradeability", "%"},
                                   {"fuel_mass", "g"},
                                   {"fuel_volume", "L"},
                                   {"fuel_l_per_100km", "L/100km"},
                                   {"co2_mass", "g"},
                                   {"co2_g_per_km", "g/km"},
                                   {"trace_rms_kmh", "km/h"},
                                   {"trace_worst_kmh", "km/h"},
                                   {"trace_worst_time", "s"},
                                   {"trace_outside_time", "s"}};

} // namespace

const char* vehicleResultUnit(const std::string& name)
{
    if (name.rfind("energy_split.", 0) == 0) return "J";
    for (const ResultUnit& u : kResults)
        if (name == u.name) return u.unit;
    return "";
}

double timeOutsideBand(double e0, double e1, double band, double h)
{
    // e linear over [0, h]: the measure of {s : |e(s)| > band}, one side at a time
    const auto above = [&](double a, double b) {
        // the time a + (b - a) s / h > band
        if (a > band && b > band) return h;
        if (a <= band && b <= band) return 0.0;
        const double s = (band - a) / (b - a) * h; // the crossing
        return a > band ? s : h - s;
    };
    return above(e0, e1) + above(-e0, -e1);
}

VehicleResults::VehicleResults(const Model& m)
{
    const Json& normalized = m.normalized;
    const ResultsSettings settings = readResultsSettings(normalized.contains("results") ? normalized["results"] : Json());
    // the vehicle: the one the section names, or the lab's only vehicle body
    const Json& comps = normalized.at("components");
    const Json* vehicle = nullptr;
    int count = 0;
    for (std::size_t i = 0; i < comps.size(); ++i) {
        if (comps[i].at("type") != "vehicle_body") continue;
        ++count;
        if (settings.vehicle.empty() || comps[i].at("id") == settings.vehicle) {
            if (!vehicle) vehicle = &comps[i];
        }
    }
    if (!vehicle || (settings.vehicle.empty() && count != 1)) return;
    m_vehicleId = vehicle->at("id").get<std::string>();
    m_vehicle = m.componentIndex(m_vehicleId);
    const std::vector<ObservableRef> layout = observableLayout(m);
    m_speed = findObs(layout, m_vehicleId, "speed", 1);
    m_acc = findObs(layout, m_vehicleId, "acceleration", 1);
    m_power = findObs(layout, m_vehicleId, "road_load_power", 1);
    m_gradeF = findObs(layout, m_vehicleId, "grade_force", 1);
    m_distance = findObs(layout, m_vehicleId, "distance", 1);
    m_height = findObs(layout, m_vehicleId, "height", 1);
    m_mass = param(*vehicle, "mass", 0.0);
    const double r = param(*vehicle, "wheel_radius", 1.0);
    m_massEq = m_mass + param(*vehicle, "rotating_inertia", 0.0) / (r * r);
    if (!settings.signal.empty()) {
        m_reference = settings.signal;
        m_ref = findObs(layout, settings.signal, "value", 2);
        m_scale = settings.scale;
        m_offset = settings.offset;
    }
    // the fuel of every mapped engine, and every loss with a split category
    for (std::size_t i = 0; i < comps.size(); ++i) {
        const std::string id = comps[i].at("id").get<std::string>();
        const int ci = m.componentIndex(id);
        if (ci < 0) continue;
        const ComponentInfo& info = m.components[static_cast<std::size_t>(ci)];
        if (comps[i].at("type") == "mapped_engine")
            m_engines.push_back({findObs(layout, id, "fuel_mass", 1), param(comps[i], "fuel_density", kNone),
                                 param(comps[i], "fuel_carbon_fraction", kNone)});
        const bool grounded = comps[i].contains("node_b") && comps[i]["node_b"] == "ground";
        for (const ObservableDescriptor& o : info.observables()) {
            if (!o.split) continue;
            const char* category = grounded && o.splitGrounded ? o.splitGrounded : o.split;
            m_losses.push_back({findObs(layout, id, o.name, 1), id, category});
        }
    }
    m_final.assign(m_losses.size() + m_engines.size() + 2, 0.0);
}

const std::vector<std::string>& VehicleResults::scalarNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const ResultUnit& u : kResults) n.emplace_back(u.name);
        return n;
    }();
    return names;
}

void VehicleResults::sample(const double* v, double t)
{
    if (m_vehicle < 0) return;
    const double speed = v[m_speed];
    const double e = m_ref >= 0 ? speed - (m_scale * v[m_ref] + m_offset) : 0.0;
    if (m_started) {
        const double h = t - m_tPrev;
        // the tick's tractive energy: the road load's work and the vehicle's kinetic-energy change
        const double tick = v[m_power] * h + 0.5 * m_massEq * (speed * speed - m_vPrev * m_vPrev);
        m_net += tick;
        m_positive += std::max(0.0, tick);
        m_excess = std::max(m_excess, v[m_gradeF] + m_massEq * v[m_acc]);
        if (m_ref >= 0) {
            m_errSq += h * (m_ePrev * m_ePrev + m_ePrev * e + e * e) / 3.0;
            m_outside += timeOutsideBand(m_ePrev, e, kTraceBand, h);
        }
        // the launch: the first time v reaches 100 km/h, from the last sample at rest before it
        if (m_t100 < 0.0 && m_atRest && m_vPrev < kLaunchTarget && speed >= kLaunchTarget)
            m_t100 = m_tPrev + (kLaunchTarget - m_vPrev) / (speed - m_vPrev) * h - m_restT;
    } else {
        m_t0 = t;
    }
    if (speed <= 0.0 && m_t100 < 0.0) {
        m_atRest = true;
        m_restT = t;
    }
    if (!m_started || speed > m_top) {
        m_top = speed;
        m_topT = t;
    }
    if (m_ref >= 0 && (!m_started || std::fabs(e) > m_worst)) {
        m_worst = std::fabs(e);
        m_worstT = t;
    }
    m_started = true;
    m_tPrev = t;
    m_vPrev = speed;
    m_ePrev = e;
    // what finish() reads: the cumulative losses, fuels, distance and height
    std::size_t k = 0;
    for (const Loss& l : m_losses) m_final[k++] = l.obs >= 0 ? v[l.obs] : 0.0;
    for (const Engine& g : m_engines) m_final[k++] = g.fuel >= 0 ? v[g.fuel] : 0.0;
    m_final[k++] = v[m_distance];
    m_final[k] = v[m_height];
}

VehicleSummary VehicleResults::finish(const EnergyReport& books) const
{
    VehicleSummary s;
    s.vehicle = m_vehicleId;
    s.reference = m_reference;
    const double duration = m_tPrev - m_t0;
    const std::size_t nl = m_losses.size(), ne = m_engines.size();
    const double distance = m_final[nl + ne], height = m_final[nl + ne + 1];
    const double km = distance / 1000.0;
    // fuel: the mass of every engine; volume and CO2 only when every engine that burnt gives its fuel's data
    double fuel = 0.0, litres = 0.0, co2 = 0.0;
    for (std::size_t i = 0; i < ne; ++i) {
        const double g = m_final[nl + i];
        fuel += g;
        if (g == 0.0) continue; // an engine that burnt nothing needs no fuel data
        litres += g / m_engines[i].density; // g / (kg/m^3) = L; NaN when the density is not given
        co2 += g * m_engines[i].carbon * kCo2PerCarbon;
    }
    if (ne == 0) litres = co2 = kNone;
    const bool moved = distance > 0.0;
    const double gradeability = m_excess > 0.0 && m_excess < m_mass * kGravity
                                    ? 100.0 * std::tan(std::asin(m_excess / (m_mass * kGravity)))
                                    : kNone;
    const bool ref = m_ref >= 0;
    s.scalars = {{"duration", duration},
                 {"distance", distance},
                 {"mean_speed_kmh", duration > 0.0 ? 3.6 * distance / duration : kNone},
                 {"top_speed_kmh", 3.6 * m_top},
                 {"top_speed_time", m_topT},
                 {"time_0_100_kmh", m_t100 >= 0.0 ? m_t100 : kNone},
                 {"positive_tractive_energy", m_positive},
                 {"net_tractive_energy", m_net},
                 {"max_excess_force", m_started && m_tPrev > m_t0 ? m_excess : kNone},
                 {"gradeability", gradeability},
                 {"fuel_mass", ne ? fuel : kNone},
                 {"fuel_volume", litres},
                 {"fuel_l_per_100km", moved ? litres / (distance / 1e5) : kNone},
                 {"co2_mass", co2},
                 {"co2_g_per_km", moved ? co2 / km : kNone},
                 {"trace_rms_kmh", ref && duration > 0.0 ? 3.6 * std::sqrt(m_errSq / duration) : kNone},
                 {"trace_worst_kmh", ref ? 3.6 * m_worst : kNone},
                 {"trace_worst_time", ref ? m_worstT : kNone},
                 {"trace_outside_time", ref ? m_outside : kNone}};
    // the energy split: losses by category, in report order, then the rest of the books
    std::vector<std::string> order(std::begin(kCategoryOrder), std::end(kCategoryOrder));
    for (const Loss& l : m_losses)
        if (std::find(order.begin(), order.end(), l.category) == order.end()) order.push_back(l.category);
    double categorised = 0.0;
    for (const std::string& c : order) {
        bool present = false;
        double sum = 0.0;
        for (std::size_t i = 0; i < nl; ++i) {
            if (m_losses[i].category != c) continue;
            present = true;
            sum += m_final[i];
        }
        if (!present) continue;
        s.split.emplace_back(c, sum);
        categorised += sum;
    }
    const double grade = m_mass * kGravity * height;
    s.split.emplace_back("grade", grade);
    s.split.emplace_back("other_heat", books.heatToNodes + books.heatToLedger - categorised);
    s.split.emplace_back("stored_change", books.storedFinal - books.storedInitial - grade);
    s.split.emplace_back("numerical_dissipation", books.numericalDissipation);
    for (std::size_t i = 0; i < nl; ++i) s.parts.push_back({m_losses[i].id, m_losses[i].category, m_final[i]});
    return s;
}

bool VehicleSummary::value(const std::string& name, double& out) const
{
    const std::string prefix = "energy_split.";
    const bool inSplit = name.rfind(prefix, 0) == 0;
    for (const auto& [n, v] : inSplit ? split : scalars) {
        if (n != (inSplit ? name.substr(prefix.size()) : name)) continue;
        out = v;
        return true;
    }
    return false;
}

Json VehicleSummary::toJson() const
{
    const auto number = [](double v) {
        return std::isfinite(v) ? Json(v) : Json();
    };
    Json out = Json::object();
    out["vehicle"] = vehicle;
    out["reference_speed"] = reference.empty() ? Json() : Json(reference);
    for (const auto& [n, v] : scalars) out[n] = number(v);
    Json sp = Json::object();
    for (const auto& [n, v] : split) sp[n] = number(v);
    out["energy_split"] = std::move(sp);
    Json parts = Json::array();
    for (const SplitPart& p : this->parts) parts.push_back(Json{{"id", p.id}, {"category", p.category}, {"energy", number(p.energy)}});
    out["energy_split_components"] = std::move(parts);
    return out;
}

} // namespace drivelab
