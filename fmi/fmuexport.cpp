#include "fmuexport.h"

#include "io/asset.h"
#include "io/labfile.h"
#include "storedzip.h"
#include "util/hash.h"

namespace drivelab::fmi {

namespace {

const char* kindName(VarKind k)
{
    switch (k) {
    case VarKind::Time: return "independent";
    case VarKind::Output: return "output";
    case VarKind::Input: return "input";
    case VarKind::Parameter: return "parameter (fixed)";
    }
    return "";
}

// documentation/index.html: what a user of the FMU needs without DriveLab at hand
std::string documentationHtml(const Model& m, const FmuVariables& v, const FmuIdentity& id)
{
    const double tick = static_cast<double>(m.tickNs) / 1e9;
    const double end = static_cast<double>(m.ticks * m.tickNs) / 1e9;
    std::string s = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + xmlEscape(id.modelName) + "</title></head><body>\n";
    s += "<h1>" + xmlEscape(id.modelName) + "</h1>\n";
    s += "<p>A DriveLab lab exported as an FMI " + std::to_string(v.selection.fmiVersion) +
         " co-simulation FMU. Model fingerprint " + toHex16(v.fingerprint) + ", instantiation token " + xmlEscape(v.instantiationToken) +
         ".</p>\n";
    s += "<h2>Stepping</h2>\n<ul>\n";
    s += "<li>The lab's tick is " + formatDouble(tick) + " s; every communication step must be a whole number of ticks "
         "(any number: the step size may vary). Another step size returns an error status with a logged message.</li>\n";
    s += "<li>The run starts at 0 s and ends at " + formatDouble(end) + " s (the lab's run.duration_ns); a step past the end is an error.</li>\n";
    s += "<li>Outputs at each communication point are bit-identical to <code>drivelab-cli run</code> of resources/lab.json at the "
         "same tick.</li>\n";
    s += "<li>An input set between steps acts like the lab's events: from the next tick on. A signal-bound input stops following "
         "its signal once set.</li>\n";
    s += "<li>Parameters are fixed: set them before initialization ends; the lab is compiled again with them.</li>\n";
    s += "<li>Get/set and serialize FMU state are supported; a serialized state carries the state hash DriveLab reports as "
         "final_state_hash.</li>\n</ul>\n";
    s += "<h2>Variables</h2>\n<table>\n<tr><th>value reference</th><th>name</th><th>causality</th><th>unit</th><th>start</th>"
         "<th>description</th></tr>\n";
    for (const FmuVariable& var : v.vars) {
        const bool hasStart = var.kind == VarKind::Input || var.kind == VarKind::Parameter;
        s += "<tr><td>" + std::to_string(var.vr) + "</td><td>" + xmlEscape(var.name) + "</td><td>" + kindName(var.kind) + "</td><td>" +
             xmlEscape(var.unit) + "</td><td>" + (hasStart ? formatDouble(var.start) : std::string()) + "</td><td>" +
             xmlEscape(var.description) + "</td></tr>\n";
    }
    s += "</table>\n</body></html>\n";
    return s;
}

} // namespace

std::string modelIdentifierFor(const std::string& outputPath)
{
    std::string name = outputPath.substr(outputPath.find_last_of('/') + 1);
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".fmu") == 0) name.resize(name.size() - 4);
    std::string id;
    for (char c : name) {
        const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        id += ok ? c : '_';
    }
    if (id.empty() || (id[0] >= '0' && id[0] <= '9')) id = "_" + id;
    return id;
}

bool buildFmu(const Model& model, const LabSpec& spec, const FmuSelection& sel, const FmuIdentity& id, const std::string& library,
              FmuArchive& out, std::vector<std::string>& errors)
{
    if (!buildVariables(model, spec, sel, out.variables, errors)) return false;
    // never an FMU whose lab does not read back to the same model (the library checks the token)
    const std::string labText = prettyJson(assetModelJson(model));
    const LoadedLab back = loadLabText(labText);
    if (!back.model || back.model->fingerprint != model.fingerprint) {
        errors.push_back("internal error: the normalized lab does not read back to fingerprint " + toHex16(model.fingerprint) +
                         "; nothing written");
        return false;
    }
    out.modelDescription = modelDescriptionXml(model, out.variables, id);
    const std::string platform = sel.fmiVersion == 2 ? "binaries/linux64/" : "binaries/x86_64-linux/";
    StoredZip zip;
    std::string why;
    const bool ok = zip.add("modelDescription.xml", out.modelDescription, why) &&
                    zip.add(platform + id.modelIdentifier + ".so", library, why) &&
                    zip.add("resources/lab.json", labText, why) &&
                    zip.add("resources/drivelab-fmu.json", prettyJson(selectionJson(out.variables)), why) &&
                    zip.add("documentation/index.html", documentationHtml(model, out.variables, id), why);
    if (!ok) {
        errors.push_back(why);
        return false;
    }
    out.bytes = zip.finish();
    return true;
}

} // namespace drivelab::fmi
