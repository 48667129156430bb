#include "fmudescriptionreader.h"

#include <charconv>
#include <set>

#include "xmlscan.h"

namespace drivelab {
namespace {

bool fmuParseUnsigned(const std::string& s, unsigned& out)
{
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && !s.empty();
}

bool fmuParseDouble(const std::string& s, double& out)
{
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && !s.empty();
}

/// an attribute or a default
std::string fmuAttr(const XmlTag& t, const char* key, const char* otherwise = "")
{
    const std::string* v = t.attr(key);
    return v ? *v : std::string(otherwise);
}

/// the unit of a variable's type element: its own `unit`, else its declaredType's (FMI 3:
/// <TypeDefinitions><Float64Type name unit/>, FMI 2: <TypeDefinitions><SimpleType name><Real unit/>)
std::string fmuUnit(const std::vector<XmlTag>& tags, const XmlTag& typed)
{
    if (const std::string* u = typed.attr("unit")) return *u;
    const std::string* declared = typed.attr("declaredType");
    if (!declared) return std::string();
    for (std::size_t i = 0; i < tags.size(); ++i) {
        const XmlTag& t = tags[i];
        if (t.depth != 2 || tags[t.parent].name != "TypeDefinitions" || fmuAttr(t, "name") != *declared) continue;
        if (const std::string* u = t.attr("unit")) return *u; // FMI 3
        for (std::size_t j = i + 1; j < tags.size() && tags[j].depth > t.depth; ++j) {
            if (tags[j].parent == static_cast<int>(i)) return fmuAttr(tags[j], "unit"); // FMI 2
        }
    }
    return std::string();
}

} // namespace

bool readFmuDescription(const std::string& xml, FmuDescription& d, std::string& error)
{
    std::vector<XmlTag> tags;
    if (!scanXml(xml, tags, error)) {
        error = "modelDescription.xml is not well-formed XML (" + error + ")";
        return false;
    }
    const XmlTag& root = tags[0];
    if (root.name != "fmiModelDescription") {
        error = "modelDescription.xml's root element is <" + root.name + ">, not <fmiModelDescription>";
        return false;
    }
    const std::string version = fmuAttr(root, "fmiVersion");
    if (version.rfind("3.", 0) == 0)
        d.fmiVersion = 3;
    else if (version == "2.0")
        d.fmiVersion = 2;
    else {
        error = "modelDescription.xml has fmiVersion \"" + version + "\" (DriveLab imports FMI 3.0 and 2.0)";
        return false;
    }
    d.modelName = fmuAttr(root, "modelName");
    d.token = fmuAttr(root, d.fmiVersion == 3 ? "instantiationToken" : "guid");
    if (d.token.empty()) {
        error = std::string("modelDescription.xml has no ") + (d.fmiVersion == 3 ? "instantiationToken" : "guid");
        return false;
    }
    // the co-simulation interface, the variables
    int variablesAt = -1;
    for (std::size_t i = 0; i < tags.size(); ++i) {
        const XmlTag& t = tags[i];
        if (t.depth != 1) continue;
        if (t.name == "CoSimulation") {
            d.identifier = fmuAttr(t, "modelIdentifier");
            d.canGetAndSetState = fmuAttr(t, d.fmiVersion == 3 ? "canGetAndSetFMUState" : "canGetAndSetFMUstate") == "true";
            // the standard offers the serialize functions only with both flags
            d.canSerializeState =
                d.canGetAndSetState && fmuAttr(t, d.fmiVersion == 3 ? "canSerializeFMUState" : "canSerializeFMUstate") == "true";
        }
        if (t.name == "ModelVariables") variablesAt = static_cast<int>(i);
    }
    if (d.identifier.empty()) {
        error = "modelDescription.xml has no <CoSimulation modelIdentifier=...> (DriveLab imports co-simulation FMUs; a "
                "model-exchange FMU needs a co-simulation export from its tool)";
        return false;
    }
    d.variables.clear();
    std::set<std::string> seen;
    for (std::size_t i = 0; i < tags.size(); ++i) {
        const XmlTag& t = tags[i];
        if (variablesAt < 0 || t.parent != variablesAt) continue;
        FmuVariable v;
        v.name = fmuAttr(t, "name");
        const std::string vr = fmuAttr(t, "valueReference");
        if (v.name.empty() || !fmuParseUnsigned(vr, v.vr)) {
            error = "modelDescription.xml: variable '" + v.name + "' has no valid name and valueReference (\"" + vr + "\")";
            return false;
        }
        v.causality = fmuAttr(t, "causality", "local");
        v.variability = fmuAttr(t, "variability", "continuous");
        // FMI 3: the element is the type; FMI 2: a ScalarVariable holds one type element
        const XmlTag* typed = &t;
        if (d.fmiVersion == 2) {
            typed = nullptr;
            for (std::size_t j = i + 1; j < tags.size() && tags[j].depth > t.depth; ++j) {
                if (tags[j].parent == static_cast<int>(i)) {
                    typed = &tags[j];
                    break;
                }
            }
            if (!typed) {
                error = "modelDescription.xml: variable '" + v.name + "' has no type element (<Real/>, <Integer/>, ...)";
                return false;
            }
        }
        v.type = typed->name;
        v.unit = fmuUnit(tags, *typed);
        v.description = fmuAttr(t, "description");
        if (const std::string* start = typed->attr("start"); start && v.isReal()) {
            if (!fmuParseDouble(*start, v.start)) {
                error = "modelDescription.xml: variable '" + v.name + "' has start \"" + *start + "\", not a number";
                return false;
            }
            v.hasStart = true;
        }
        if (!seen.insert(v.name).second) {
            error = "modelDescription.xml: variable '" + v.name + "' is declared twice";
            return false;
        }
        d.variables.push_back(std::move(v));
    }
    return true;
}

} // namespace drivelab
