// What the server knows without a lab: the example labs (list_examples, get_example, the
// drivelab://examples/ resources), the component registry (list_component_types) and the
// prompts.
#include <cmath>

#include "analysis/bondgraphreading.h"
#include "cli/mcp/mcptools.h"
#include "cli/output.h"
#include "cli/shared.h"
#include "components/registry.h"
#include "spec/labreader.h"

namespace drivelab::cli::mcp {

namespace {

Json number(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }

Json rangeJson(const Range& r)
{
    return Json{{"lo", number(r.lo)},      {"hi", number(r.hi)},   {"lo_strict", r.loStrict},
                {"hi_strict", r.hiStrict}, {"nonzero", r.nonzero}, {"min_magnitude", r.minMagnitude},
                {"text", r.describe()}};
}

const char* kindName(ParamKind k)
{
    switch (k) {
    case ParamKind::Real: return "real";
    case ParamKind::WholeNumber: return "whole_number";
    case ParamKind::Boolean: return "boolean";
    case ParamKind::Table: return "table";
    case ParamKind::RealOrKeyword: return "real_or_keyword";
    case ParamKind::Table2D: return "table2d";
    case ParamKind::Text: return "text";
    case ParamKind::NumberMap: return "number_map";
    }
    return "real";
}

Json parameterJson(const ParameterDescriptor& p)
{
    Json j{{"name", p.name}, {"unit", p.unit}, {"kind", kindName(p.kind)}, {"required", p.required}};
    if (p.kind != ParamKind::Table && p.kind != ParamKind::Table2D && p.kind != ParamKind::Boolean && p.kind != ParamKind::Text &&
        p.kind != ParamKind::NumberMap)
        j["range"] = rangeJson(p.range);
    if (!p.required) j["default"] = number(p.fileDefault);
    j["editor_default"] = Json::parse(p.editorDefault, nullptr, false);
    if (j["editor_default"].is_discarded()) j["editor_default"] = p.editorDefault;
    j["doc"] = p.doc;
    if (p.kind == ParamKind::Table || p.kind == ParamKind::Table2D) {
        Json cols = Json::array();
        for (const auto& c : p.columns) {
            if (c.id) // a column of component ids (a shift schedule's elements)
                cols.push_back(Json{{"name", c.name}, {"unit", c.unit}, {"kind", "component_id"}, {"doc", c.doc}});
            else
                cols.push_back(Json{{"name", c.name}, {"unit", c.unit}, {"range", rangeJson(c.range)}, {"doc", c.doc}});
        }
        j["columns"] = cols;
        j["min_rows"] = p.minRows;
        j["max_rows"] = p.maxRows;
    }
    if (p.keyword) {
        j["keyword"] = p.keyword;
        j["keyword_value"] = number(p.keywordValue);
    }
    if (p.omitWhenAbsent) j["omit_when_absent"] = true;
    return j;
}

Json observablesJson(std::span<const ObservableDescriptor> obs)
{
    Json list = Json::array();
    for (const auto& o : obs) list.push_back(Json{{"name", o.name}, {"unit", o.unit}, {"integer", o.integer}, {"doc", o.doc}});
    return list;
}

Json componentJson(const ComponentDescriptor& d)
{
    Json ports = Json::array(), params = Json::array(), inputs = Json::array();
    for (const auto& p : d.ports)
        ports.push_back(Json{{"name", p.name},
                             {"domain", p.sameDomainAsA ? "same as node_a (rotational, translational or hydraulic)" : domainName(p.domain)},
                             {"optional", p.optional},
                             {"allow_ground", p.allowGround},
                             {"doc", p.doc}});
    for (const auto& p : d.parameters) params.push_back(parameterJson(p));
    for (const auto& i : d.inputs) {
        Json j{{"name", i.name}, {"unit", i.unit}, {"range", rangeJson(i.range)}, {"default", number(i.initialDefault)}, {"doc", i.doc}};
        if (i.idleAtZero) j["idle_at_zero"] = i.idleAtZero;
        inputs.push_back(j);
    }
    return Json{{"type", d.type},
                {"label", d.label},
                {"group", paletteGroupName(d.group)},
                {"keywords", d.keywords},
                {"field_prefix", d.fieldPrefix},
                {"bond_graph", bondGraphSummary(d)},
                {"doc", d.doc},
                {"ports", ports},
                {"parameters", params},
                {"inputs", inputs},
                {"observables", observablesJson(d.observables)}};
}

// a lab's `name` and `description` for the example list ("" when it does not read)
std::pair<std::string, std::string> titleOf(const std::string& text)
{
    const Json j = Json::parse(text, nullptr, false);
    if (!j.is_object()) return {"", ""};
    const Json d = j.value("description", Json(""));
    return {j.value("name", std::string()), d.is_string() ? d.get<std::string>() : d.dump()};
}

} // namespace

const Example* findExample(const std::string& nameOrUri)
{
    const std::string prefix = "drivelab://examples/";
    const std::string name = nameOrUri.rfind(prefix, 0) == 0 ? nameOrUri.substr(prefix.size()) : nameOrUri;
    for (const auto& e : examples())
        if (e.name == name) return &e;
    return nullptr;
}

std::string exampleUri(const Example& e) { return "drivelab://examples/" + e.name; }

ToolResult toolListExamples(const Json&, CallContext&)
{
    ToolResult r;
    Json list = Json::array();
    for (const auto& e : examples()) {
        const auto [title, description] = titleOf(e.text);
        list.push_back(Json{{"name", e.name}, {"uri", exampleUri(e)}, {"title", title}, {"description", description}});
        r.text += e.name + ": " + title + "\n";
    }
    r.structured = Json{{"examples", list}};
    return r;
}

ToolResult toolGetExample(const Json& args, CallContext&)
{
    const std::string name = args["name"];
    const Example* e = findExample(name);
    if (!e) {
        std::string known;
        for (const auto& x : examples()) known += (known.empty() ? "" : ", ") + x.name;
        return toolError(name + ": -: name: no such example; the examples are " + known + "\n");
    }
    ToolResult r;
    r.structured = Json{{"name", e->name}, {"uri", exampleUri(*e)}, {"lab", Json::parse(e->text)}};
    r.text = e->text;
    return r;
}

ToolResult toolListComponentTypes(const Json&, CallContext&)
{
    ToolResult r;
    Json types = Json::array(), domains = Json::array();
    for (const ComponentDescriptor* d : componentDescriptors()) {
        types.push_back(componentJson(*d));
        r.text += std::string(d->type) + " (" + d->label + ", bond graph: " + bondGraphSummary(*d) + ")\n";
    }
    for (Domain dom : {Domain::Rotational, Domain::Translational, Domain::Hydraulic, Domain::Thermal}) {
        const NodeDomainDescriptor* n = nodeDomainDescriptor(dom);
        if (!n) continue;
        Json fields = Json::array();
        for (const auto& f : n->fields) fields.push_back(parameterJson(f));
        domains.push_back(Json{{"domain", domainName(dom)},
                               {"label", n->label},
                               {"doc", n->doc},
                               {"fields", fields},
                               {"observables", observablesJson(n->observables)}});
    }
    r.structured = Json{{"component_types", types}, {"node_domains", domains}};
    return r;
}

Json promptList()
{
    const Json arg = Json::array({Json{{"name", "lab"},
                                       {"description", "an example's name, a drivelab:// URI, a path under --root, or the lab's JSON text"},
                                       {"required", true}}});
    return Json::array({Json{{"name", "explain_lab"},
                             {"title", "Explain this lab"},
                             {"description", "Explain what a DriveLab lab models, how its parts connect and what a run shows"},
                             {"arguments", arg}},
                        Json{{"name", "why_does_lab_not_run"},
                             {"title", "Why does this lab not run?"},
                             {"description", "Diagnose a lab that is refused or fails, with its check and causality findings"},
                             {"arguments", arg}}});
}

Json getPrompt(const Json& params, CallContext& ctx, int& code, std::string& message)
{
    const std::string name = params.value("name", Json("")).is_string() ? params.value("name", std::string()) : "";
    if (name != "explain_lab" && name != "why_does_lab_not_run") {
        code = InvalidParams;
        message = "Invalid params: unknown prompt '" + name + "' (prompts/list names them)";
        return Json();
    }
    const Json args = params.value("arguments", Json::object());
    if (!args.is_object() || !args.contains("lab") || !args["lab"].is_string()) {
        code = InvalidParams;
        message = "Invalid params: " + name + " needs the argument lab (a string)";
        return Json();
    }
    const Example* example = findExample(args["lab"].get<std::string>());
    const LabText lab = labArgument(example ? Json(exampleUri(*example)) : args["lab"], ctx, "lab");
    if (!lab.ok) {
        code = InvalidParams;
        message = "Invalid params: " + lab.error;
        return Json();
    }
    const Json resource{{"type", "resource"},
                        {"resource", Json{{"uri", lab.file.rfind("drivelab://", 0) == 0 ? lab.file : "drivelab://inline/" + lab.file},
                                          {"mimeType", "application/json"},
                                          {"text", lab.text}}}};
    std::string text;
    if (name == "explain_lab") {
        text = "Explain this DriveLab lab to an engineer: what machine it models, what each node and component stands for "
               "(list_component_types gives every type's ports, parameters and bond-graph element), how power flows from the "
               "sources to the loads, what the events do over the run, and what a run would show (run_lab gives the final "
               "values and energy books; the report resource has every boundary). The lab follows.";
    } else {
        const LoadedLab loaded = loadLabText(lab.text, lab.files);
        Diagnostics none;
        const CausalityRun causal = analyzeLabText(true, lab.text, none, {}, lab.files);
        std::string conflicts;
        for (const auto& c : causal.report.conflicts) conflicts += "- " + c.message + "\n";
        text = "This DriveLab lab does not run as expected. Explain why, in plain words, and propose the smallest changes that "
               "fix it (as edit_lab operations where possible). What `drivelab-cli check` says:\n" +
               (loaded.diagnostics.empty() ? std::string("(no problems)\n") : diagnosticLines(lab.file, loaded.diagnostics)) +
               "Causality conflicts:\n" + (conflicts.empty() ? std::string("(none)\n") : conflicts) +
               (loaded.model ? "The lab is valid; if a run fails, run_lab names the failing tick and component.\n" : "") +
               "The lab follows.";
    }
    return Json{{"description", name == "explain_lab" ? "Explain this lab" : "Why does this lab not run?"},
                {"messages", Json::array({Json{{"role", "user"}, {"content", Json{{"type", "text"}, {"text", text}}}},
                                          Json{{"role", "user"}, {"content", resource}}})}};
}

} // namespace drivelab::cli::mcp
