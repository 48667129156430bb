// The tool table of the MCP server: names, descriptions, input and output schemas
// (docs/MCP.md, "Tools"), and the small JSON Schema checker the arguments go through.
#include "cli/mcp/mcptools.h"

#include <cmath>

namespace drivelab::cli::mcp {

namespace {

// the `lab` argument every lab tool takes
constexpr const char* kLabArg = R"json({"type": ["object", "string"],
  "description": "the lab: its JSON document (an object, or its text), an example's URI (drivelab://examples/NAME), or a file path under the server's --root"})json";

const char* typeOf(const Json& v)
{
    if (v.is_object()) return "object";
    if (v.is_array()) return "array";
    if (v.is_string()) return "string";
    if (v.is_boolean()) return "boolean";
    if (v.is_number_integer()) return "integer";
    if (v.is_number()) return std::floor(v.get<double>()) == v.get<double>() ? "integer" : "number";
    return "null";
}

bool hasType(const Json& v, const std::string& type)
{
    const std::string t = typeOf(v);
    return t == type || (type == "number" && t == "integer");
}

std::string withLab(const char* schemaText)
{
    std::string s = schemaText;
    const std::string key = "\"LAB\"";
    for (std::size_t at; (at = s.find(key)) != std::string::npos;) s.replace(at, key.size(), kLabArg);
    return s;
}

Json diagnosticsSchema()
{
    return schema(R"json({"type": "array", "items": {"type": "object",
      "properties": {"severity": {"type": "string", "enum": ["error", "warning"]}, "component": {"type": "string"},
                     "field": {"type": "string"}, "message": {"type": "string"}},
      "required": ["severity", "component", "field", "message"]}})json");
}

std::vector<Tool> makeTools()
{
    const Json empty = schema(R"json({"type": "object", "properties": {}, "additionalProperties": false})json");
    const Json anyObject = schema(R"json({"type": "object"})json");
    Json checkOut = schema(R"json({"type": "object", "properties": {}, "required": ["diagnostics"]})json");
    checkOut["properties"]["diagnostics"] = diagnosticsSchema();
    Json causalityOut = schema(R"json({"type": "object", "properties": {"consistent": {"type": "boolean"}, "lab_valid": {"type": "boolean"},
      "bonds": {"type": "array"}, "elements": {"type": "array"}, "algebraic_loops": {"type": "array"}, "conflicts": {"type": "array"}},
      "required": ["consistent", "lab_valid", "bonds", "elements", "algebraic_loops", "conflicts", "diagnostics"]})json");
    causalityOut["properties"]["diagnostics"] = diagnosticsSchema();
    Json editOut = schema(R"json({"type": "object", "properties": {"lab": {"type": "object"}, "valid": {"type": "boolean"},
      "applied": {"type": "integer"}}, "required": ["lab", "valid", "applied", "diagnostics"]})json");
    editOut["properties"]["diagnostics"] = diagnosticsSchema();
    std::vector<Tool> t;
    t.push_back({"list_examples", "List the example labs",
                 "The example labs shipped with DriveLab: name, URI (a resource), lab name and description.", empty,
                 schema(R"json({"type": "object", "properties": {"examples": {"type": "array", "items": {"type": "object",
                   "properties": {"name": {"type": "string"}, "uri": {"type": "string"}, "title": {"type": "string"}},
                   "required": ["name", "uri", "title"]}}}, "required": ["examples"]})json"),
                 toolListExamples});
    t.push_back(
        {"get_example", "Get an example lab", "One example lab's JSON document, by name (list_examples).",
         schema(
             R"json({"type": "object", "properties": {"name": {"type": "string", "description": "the example's name, e.g. converter-launch"}},
                   "required": ["name"], "additionalProperties": false})json"),
         schema(R"json({"type": "object", "properties": {"name": {"type": "string"}, "uri": {"type": "string"},
                   "lab": {"type": "object"}}, "required": ["name", "uri", "lab"]})json"),
         toolGetExample});
    t.push_back({"list_component_types", "List the component types and node domains",
                 "Every component type from the registry: ports (with domains), parameters (units, defaults, ranges), inputs, "
                 "observables and the bond-graph element(s) it stands for; and every node domain with its fields.",
                 empty,
                 schema(R"json({"type": "object", "properties": {"component_types": {"type": "array"}, "node_domains": {"type": "array"}},
                   "required": ["component_types", "node_domains"]})json"),
                 toolListComponentTypes});
    t.push_back(
        {"check_lab", "Check a lab", "Validate a lab without running it: the diagnostics exactly as `drivelab-cli check --json`.",
         schema(withLab(R"json({"type": "object", "properties": {"lab": "LAB"}, "required": ["lab"], "additionalProperties": false})json")),
         checkOut, toolCheckLab});
    t.push_back(
        {"causality", "Bond-graph causality of a lab",
         "The bond-graph causality assignment, constrained groups, algebraic loops and conflicts, exactly as "
         "`drivelab-cli causality --json`.",
         schema(withLab(R"json({"type": "object", "properties": {"lab": "LAB"}, "required": ["lab"], "additionalProperties": false})json")),
         causalityOut, toolCausality});
    t.push_back({"run_lab", "Run a lab",
                 "Simulate a lab (or a portable asset) from t = 0 to its end, every report boundary checked, exactly as "
                 "`drivelab-cli run`: returns the fingerprint, the final state hash, the final values and the energy books; the "
                 "full report is a resource (drivelab://reports/N). Sends progress when asked; notifications/cancelled stops "
                 "the run (its batch rolls back).",
                 schema(withLab(R"json({"type": "object", "properties": {"lab": "LAB", "options": {"type": "object", "properties": {
                   "allow_unbalanced": {"type": "boolean", "description": "an unbalanced energy book is a warning (as run --allow-unbalanced)"},
                   "output": {"type": "string", "description": "also write the report to this path under --root"}},
                   "additionalProperties": false}}, "required": ["lab"], "additionalProperties": false})json")),
                 schema(R"json({"type": "object", "properties": {"lab": {"type": "string"}, "ticks": {"type": "integer"},
                   "tick_ns": {"type": "integer"}, "time": {"type": "number"}, "fingerprint": {"type": "string"},
                   "final_state_hash": {"type": "string"}, "boundaries": {"type": "integer"}, "final_values": {"type": "object"},
                   "energy": {"type": "object"}, "fluid_volume": {"type": "object"}, "vehicle": {"type": "object"}, "report_uri": {"type": "string"},
                   "report_bytes": {"type": "integer"}, "warnings": {"type": "array", "items": {"type": "string"}}},
                   "required": ["lab", "ticks", "fingerprint", "final_state_hash", "final_values", "energy", "report_uri"]})json"),
                 toolRunLab, true});
    t.push_back({"export_asset", "Export a portable asset",
                 "Run a lab and record it as a signed portable asset (as `drivelab-cli export`); the asset is a resource "
                 "(drivelab://assets/N) and, with output, a file under --root.",
                 schema(withLab(R"json({"type": "object", "properties": {"lab": "LAB",
                   "output": {"type": "string", "description": "also write the asset to this path under --root"}},
                   "required": ["lab"], "additionalProperties": false})json")),
                 schema(R"json({"type": "object", "properties": {"version": {"type": "integer"}, "ticks": {"type": "integer"},
                   "boundaries": {"type": "integer"}, "fingerprint": {"type": "string"}, "final_state_hash": {"type": "string"},
                   "signature": {"type": "string"}, "bytes": {"type": "integer"}, "asset_uri": {"type": "string"}},
                   "required": ["version", "fingerprint", "final_state_hash", "signature", "asset_uri"]})json"),
                 toolExportAsset, true});
    t.push_back({"verify_asset", "Verify a portable asset",
                 "Read a portable asset and replay it, comparing every recorded boundary and the final state bit for bit "
                 "(as `drivelab-cli verify`).",
                 schema(R"json({"type": "object", "properties": {"asset": {"type": "string",
                   "description": "the asset's text (exactly as written), its URI (drivelab://assets/N), or a path under --root"}},
                   "required": ["asset"], "additionalProperties": false})json"),
                 schema(R"json({"type": "object", "properties": {"verified": {"type": "boolean"}, "version": {"type": "integer"},
                   "fingerprint": {"type": "string"}, "final_state_hash": {"type": "string"}, "signature": {"type": "string"}},
                   "required": ["verified"]})json"),
                 toolVerifyAsset, true});
    t.push_back({"edit_lab", "Edit a lab",
                 "Apply operations to a lab (or to a new empty one) and return the new lab with its diagnostics. Operations: "
                 "{op: add_node, domain, id?, fields?}, {op: add_component, type, id?, ports?, parameters?, inputs?}, "
                 "{op: remove, id}, {op: rename, id, to}, {op: connect, component, port, node}, "
                 "{op: set, id, field, value} (a node field, a component parameter or input (inputs.NAME), or with id \"run\" "
                 "tick_ns, duration_ns, report_every_ticks; with id \"lab\" name or description), "
                 "{op: add_event, time_ns, component, input, value}.",
                 schema(withLab(R"json({"type": "object", "properties": {"lab": "LAB", "operations": {"type": "array",
                   "items": {"type": "object", "properties": {"op": {"type": "string",
                     "enum": ["add_node", "add_component", "remove", "rename", "connect", "set", "add_event"]}}, "required": ["op"]}}},
                   "required": ["operations"], "additionalProperties": false})json")),
                 editOut, toolEditLab});
    // the conformance suite's fixtures (docs/MCP.md, "Conformance")
    t.push_back(
        {"test_simple_text", "Conformance fixture", "A fixed text (conformance suite).", empty, Json(), toolTestSimpleText, false, true});
    t.push_back({"test_error_handling", "Conformance fixture", "Always a tool error (conformance suite).", empty, Json(),
                 toolTestErrorHandling, false, true});
    t.push_back({"test_tool_with_progress", "Conformance fixture", "Three progress notifications (conformance suite).", empty, Json(),
                 toolTestProgress, true, true});
    t.push_back({"test_tool_with_logging", "Conformance fixture", "Three log messages (conformance suite).", empty, Json(), toolTestLogging,
                 true, true});
    (void)anyObject;
    return t;
}

} // namespace

Json schema(std::string_view text) { return Json::parse(text); }

const std::vector<Tool>& tools()
{
    static const std::vector<Tool> all = makeTools();
    return all;
}

const Tool* findTool(const std::string& name, const Config& config)
{
    for (const auto& t : tools())
        if (name == t.name && (!t.fixture || config.args.conformanceTools)) return &t;
    return nullptr;
}

Json toolListEntry(const Tool& t)
{
    Json e{{"name", t.name}, {"title", t.title}, {"description", t.description}, {"inputSchema", t.inputSchema}};
    if (!t.outputSchema.is_null()) e["outputSchema"] = t.outputSchema;
    e["annotations"] = Json{{"title", t.title},
                            {"readOnlyHint", std::string(t.name) != "run_lab" && std::string(t.name) != "export_asset"},
                            {"openWorldHint", false}};
    return e;
}

std::string schemaProblem(const Json& s, const Json& v, const std::string& path)
{
    if (s.contains("type")) {
        bool ok = false;
        std::string names;
        const Json types = s["type"].is_array() ? s["type"] : Json::array({s["type"]});
        for (const auto& t : types) {
            ok = ok || hasType(v, t.get<std::string>());
            names += (names.empty() ? "" : " or ") + t.get<std::string>();
        }
        if (!ok)
            return path + ": must be " + (names == "object" || names == "integer" || names == "array" ? "an " : "a ") + names + " (got " +
                   typeOf(v) + ")";
    }
    if (s.contains("enum")) {
        bool found = false;
        for (const auto& e : s["enum"]) found = found || e == v;
        if (!found) return path + ": must be one of " + s["enum"].dump();
    }
    if (v.is_number() && s.contains("minimum") && v.get<double>() < s["minimum"].get<double>())
        return path + ": must be at least " + s["minimum"].dump();
    if (v.is_number() && s.contains("maximum") && v.get<double>() > s["maximum"].get<double>())
        return path + ": must be at most " + s["maximum"].dump();
    if (v.is_object()) {
        const Json props = s.value("properties", Json::object());
        for (const auto& r : s.value("required", Json::array()))
            if (!v.contains(r.get<std::string>())) return path + "." + r.get<std::string>() + ": is required";
        for (const auto& [k, x] : v.items()) {
            if (props.contains(k)) {
                const std::string p = schemaProblem(props[k], x, path + "." + k);
                if (!p.empty()) return p;
            } else if (s.contains("additionalProperties") && s["additionalProperties"] == false) {
                return path + "." + k + ": is not a known argument (known: " + [&] {
                    std::string names;
                    for (const auto& [pk, pv] : props.items()) names += (names.empty() ? "" : ", ") + pk;
                    return names.empty() ? std::string("none") : names;
                }() + ")";
            }
        }
    }
    if (v.is_array() && s.contains("items"))
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string p = schemaProblem(s["items"], v[i], path + "[" + std::to_string(i) + "]");
            if (!p.empty()) return p;
        }
    return "";
}

} // namespace drivelab::cli::mcp
