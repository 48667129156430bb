#include "components/hydraulic/oil.h"

#include "compile/compilecontext.h"
#include "spec/diagnostic.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr Range kViscosity = Range::closed(1.0, 1e6); // mm^2/s (Walther is fitted for nu >= 2 mm^2/s)

constexpr ParameterDescriptor kOilFields[] = {
    {.name = "density", .unit = "kg/m^3", .range = ranges::kDensity, .editorDefault = "870", .doc = "density at the reference state"},
    {.name = "reference_temperature",
     .unit = "K",
     .range = ranges::kTemperature,
     .required = false,
     .fileDefault = 313.15,
     .editorDefault = "313.15",
     .doc = "temperature of the reference state (absent: 313.15 K, 40 degC): laminar conductances are given there"},
    {.name = "reference_pressure",
     .unit = "Pa",
     .range = ranges::kPressure,
     .required = false,
     .fileDefault = 101325.0,
     .editorDefault = "101325",
     .doc = "pressure of the reference state (absent: 101325 Pa)"},
    {.name = "bulk_modulus",
     .unit = "Pa",
     .range = ranges::kBulkModulus,
     .required = false,
     .fileDefault = 1.5e9,
     .editorDefault = "1.5e9",
     .doc = "bulk modulus of the density law outside node volumes (a volume uses its own; absent: 1.5e9 Pa)"},
    {.name = "thermal_expansion",
     .unit = "1/K",
     .range = Range::closed(0.0, 0.01),
     .editorDefault = "7e-4",
     .doc = "volumetric thermal expansion coefficient alpha"},
    {.name = "specific_heat", .unit = "J/(kg K)", .range = Range::closed(1.0, 1e5), .editorDefault = "1900", .doc = "specific heat c"},
    {.name = "viscosity_40c",
     .unit = "mm^2/s",
     .range = kViscosity,
     .editorDefault = "46",
     .doc = "kinematic viscosity at 40 degC (the oil's data sheet; Walther, ASTM D341)"},
    {.name = "viscosity_100c",
     .unit = "mm^2/s",
     .range = kViscosity,
     .editorDefault = "6.8",
     .doc = "kinematic viscosity at 100 degC (below viscosity_40c)"},
};

double value(const Json& oil, const ParameterDescriptor& f)
{
    return oil.contains(f.name) ? parameterValue(f, oil[f.name]) : f.fileDefault;
}

} // namespace

std::span<const ParameterDescriptor> oilFields() { return kOilFields; }

namespace {

// validate and compile an oil object (false with diagnostics)
bool readOil(const Json& oil, Diagnostics& d, OilModel& out)
{
    out = OilModel{};
    if (oil.is_null()) return true;
    if (!oil.is_object()) {
        d.error("oil", "-", "must be an object with the oil's properties (docs/FORMATS.md, \"Oil\")");
        return false;
    }
    bool ok = true;
    std::string names;
    for (const auto& f : kOilFields) names += std::string(names.empty() ? "" : ", ") + f.name;
    for (auto it = oil.begin(); it != oil.end(); ++it) {
        bool known = false;
        for (const auto& f : kOilFields) known = known || it.key() == f.name;
        if (!known) {
            d.error("oil", it.key(), "unknown field (oil has: " + names + ")");
            ok = false;
        }
    }
    for (const auto& f : kOilFields) {
        if (oil.contains(f.name))
            ok = validateParameter(f, oil[f.name], "oil", f.name, d) && ok;
        else if (f.required) {
            d.error("oil", f.name, std::string("missing [") + f.unit + "]: " + f.doc);
            ok = false;
        }
    }
    if (!ok) return false;
    const auto v = [&](int i) {
        return value(oil, kOilFields[i]);
    };
    out.rho = v(0);
    out.tRef = v(1);
    out.pRef = v(2);
    out.beta = v(3);
    out.alpha = v(4);
    out.c = v(5);
    const double nu40 = v(6), nu100 = v(7);
    if (!(nu100 < nu40)) {
        d.error("oil", "viscosity_100c",
                "is " + formatDouble(nu100) + " mm^2/s but must be below viscosity_40c (" + formatDouble(nu40) + " mm^2/s): oil thins as it warms");
        return false;
    }
    const double t40 = 313.15, t100 = 373.15;
    const double z40 = std::log10(std::log10(nu40 + 0.7)), z100 = std::log10(std::log10(nu100 + 0.7));
    out.wB = (z40 - z100) / (std::log10(t100) - std::log10(t40));
    out.wA = z40 + out.wB * std::log10(t40);
    out.present = true;
    out.nuRef = out.viscosity(out.tRef);
    return true;
}

// the oil the editor offers (every field at its editor default): a valid oil
Json editorDefaultOil()
{
    Json out = Json::object();
    for (const auto& f : kOilFields) out[f.name] = Json::parse(f.editorDefault);
    return out;
}

} // namespace

bool compileOil(const Json& oil, Diagnostics& d, OilModel& out)
{
    if (readOil(oil, d, out)) return true;
    // the lab has an oil section with errors: what depends on the oil (thermal-liquid volumes,
    // walls, densities) is compiled against a stand-in oil, so that only the oil's own fields
    // are reported and nothing reads "the lab has no oil section" (no model is built while
    // there are errors)
    Diagnostics ignored;
    readOil(editorDefaultOil(), ignored, out);
    return false;
}

Json normalizedOil(const Json& oil)
{
    Json out = Json::object();
    for (const auto& f : kOilFields) out[f.name] = value(oil, f);
    return out;
}

} // namespace drivelab
