#include "modeldescription.h"

#include <cmath>

#include "fmiunits.h"

namespace drivelab::fmi {

namespace {

std::string attr(const char* name, const std::string& value) { return std::string(" ") + name + "=\"" + xmlEscape(value) + "\""; }
std::string num(double v) { return formatDouble(v); }

const char* causality(VarKind k)
{
    switch (k) {
    case VarKind::Time: return "independent";
    case VarKind::Output: return "output";
    case VarKind::Input: return "input";
    case VarKind::Parameter: return "parameter";
    }
    return "";
}

const char* variability(const FmuVariable& v)
{
    if (v.kind == VarKind::Parameter) return "fixed";
    return v.discrete ? "discrete" : "continuous";
}

// the attributes of a variable's value: unit, start, range
std::string valueAttributes(const FmuVariable& v)
{
    std::string s;
    if (!v.unit.empty()) s += attr("unit", v.unit);
    if (v.kind == VarKind::Input || v.kind == VarKind::Parameter) s += attr("start", num(v.start));
    if (v.kind == VarKind::Input && v.hasRange) {
        if (std::isfinite(v.min)) s += attr("min", num(v.min));
        if (std::isfinite(v.max)) s += attr("max", num(v.max));
    }
    return s;
}

// <UnitDefinitions>: each unit the variables use, once, in order of first use
std::string unitDefinitions(const FmuVariables& v)
{
    std::vector<std::string> units;
    for (const FmuVariable& var : v.vars) {
        if (var.unit.empty()) continue;
        bool seen = false;
        for (const std::string& u : units) seen = seen || u == var.unit;
        if (!seen) units.push_back(var.unit);
    }
    if (units.empty()) return {};
    std::string s = "  <UnitDefinitions>\n";
    for (const std::string& u : units) {
        BaseUnit b;
        if (!parseUnit(u, b)) {
            s += "    <Unit" + attr("name", u) + "/>\n";
            continue;
        }
        std::string base;
        for (std::size_t i = 0; i < 8; ++i)
            if (b.exponent[i] != 0) base += attr(baseUnitNames()[i], std::to_string(b.exponent[i]));
        if (b.factor != 1.0) base += attr("factor", num(b.factor));
        s += "    <Unit" + attr("name", u) + "><BaseUnit" + base + "/></Unit>\n";
    }
    return s + "  </UnitDefinitions>\n";
}

std::string logCategories()
{
    return "  <LogCategories>\n"
           "    <Category name=\"logStatusError\" description=\"errors: refused calls, bad values, solver failures\"/>\n"
           "    <Category name=\"logStatusWarning\" description=\"warnings of the lab compiled with the parameters set\"/>\n"
           "  </LogCategories>\n";
}

std::string defaultExperiment(const Model& m)
{
    const double end = static_cast<double>(m.ticks * m.tickNs) / 1e9;
    const double step = static_cast<double>(m.reportEvery * m.tickNs) / 1e9;
    return "  <DefaultExperiment" + attr("startTime", "0") + attr("stopTime", num(end)) + attr("stepSize", num(step)) + "/>\n";
}

std::string fmi3Document(const Model& m, const FmuVariables& v, const FmuIdentity& id)
{
    const double tick = static_cast<double>(m.tickNs) / 1e9;
    std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    s += "<fmiModelDescription" + attr("fmiVersion", "3.0") + attr("modelName", id.modelName) + attr("instantiationToken", v.instantiationToken) +
         attr("description", id.description) + attr("generationTool", "DriveLab") + attr("variableNamingConvention", "flat") + ">\n";
    s += "  <CoSimulation" + attr("modelIdentifier", id.modelIdentifier) + attr("canHandleVariableCommunicationStepSize", "true") +
         attr("fixedInternalStepSize", num(tick)) + attr("canGetAndSetFMUState", "true") + attr("canSerializeFMUState", "true") +
         attr("canBeInstantiatedOnlyOncePerProcess", "false") + attr("hasEventMode", "false") + attr("providesIntermediateUpdate", "false") +
         attr("mightReturnEarlyFromDoStep", "false") + attr("canReturnEarlyAfterIntermediateUpdate", "false") + "/>\n";
    s += unitDefinitions(v) + logCategories() + defaultExperiment(m);
    s += "  <ModelVariables>\n";
    for (const FmuVariable& var : v.vars) {
        s += "    <Float64" + attr("name", var.name) + attr("valueReference", std::to_string(var.vr));
        if (!var.description.empty()) s += attr("description", var.description);
        s += attr("causality", causality(var.kind)) + attr("variability", variability(var)) + valueAttributes(var) + "/>\n";
    }
    s += "  </ModelVariables>\n  <ModelStructure>\n";
    for (const FmuVariable& var : v.vars)
        if (var.kind == VarKind::Output) s += "    <Output" + attr("valueReference", std::to_string(var.vr)) + "/>\n";
    for (const FmuVariable& var : v.vars)
        if (var.kind == VarKind::Output) s += "    <InitialUnknown" + attr("valueReference", std::to_string(var.vr)) + "/>\n";
    s += "  </ModelStructure>\n</fmiModelDescription>\n";
    return s;
}

std::string fmi2Document(const Model& m, const FmuVariables& v, const FmuIdentity& id)
{
    std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    s += "<fmiModelDescription" + attr("fmiVersion", "2.0") + attr("modelName", id.modelName) + attr("guid", v.instantiationToken) +
         attr("description", id.description) + attr("generationTool", "DriveLab") + attr("variableNamingConvention", "flat") + ">\n";
    s += "  <CoSimulation" + attr("modelIdentifier", id.modelIdentifier) + attr("canHandleVariableCommunicationStepSize", "true") +
         attr("canGetAndSetFMUstate", "true") + attr("canSerializeFMUstate", "true") + attr("canBeInstantiatedOnlyOncePerProcess", "false") +
         attr("canNotUseMemoryManagementFunctions", "true") + attr("canInterpolateInputs", "false") +
         attr("maxOutputDerivativeOrder", "0") + attr("canRunAsynchronuously", "false") + "/>\n";
    s += unitDefinitions(v) + logCategories() + defaultExperiment(m);
    s += "  <ModelVariables>\n";
    for (const FmuVariable& var : v.vars) {
        s += "    <!-- index " + std::to_string(var.vr + 1) + " -->\n";
        s += "    <ScalarVariable" + attr("name", var.name) + attr("valueReference", std::to_string(var.vr));
        if (!var.description.empty()) s += attr("description", var.description);
        s += attr("causality", causality(var.kind)) + attr("variability", variability(var));
        if (var.kind == VarKind::Output) s += attr("initial", "calculated");
        s += "><Real" + valueAttributes(var) + "/></ScalarVariable>\n";
    }
    // ModelStructure names variables by their 1-based index in ModelVariables (vr + 1 here)
    s += "  </ModelVariables>\n  <ModelStructure>\n";
    bool any = false;
    for (const FmuVariable& var : v.vars) any = any || var.kind == VarKind::Output;
    if (any) {
        s += "    <Outputs>\n";
        for (const FmuVariable& var : v.vars)
            if (var.kind == VarKind::Output) s += "      <Unknown" + attr("index", std::to_string(var.vr + 1)) + "/>\n";
        s += "    </Outputs>\n    <InitialUnknowns>\n";
        for (const FmuVariable& var : v.vars)
            if (var.kind == VarKind::Output) s += "      <Unknown" + attr("index", std::to_string(var.vr + 1)) + "/>\n";
        s += "    </InitialUnknowns>\n";
    }
    s += "  </ModelStructure>\n</fmiModelDescription>\n";
    return s;
}

} // namespace

std::string xmlEscape(const std::string& s)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\n': out += "&#10;"; break;
        case '\t': out += "&#9;"; break;
        case '\r': out += "&#13;"; break;
        default:
            // other control characters are not allowed in XML 1.0 at all
            if (static_cast<unsigned char>(c) < 0x20) out += ' ';
            else out += c;
        }
    }
    return out;
}

std::string modelDescriptionXml(const Model& model, const FmuVariables& v, const FmuIdentity& id)
{
    return v.selection.fmiVersion == 2 ? fmi2Document(model, v, id) : fmi3Document(model, v, id);
}

} // namespace drivelab::fmi
