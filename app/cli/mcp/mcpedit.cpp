// edit_lab: an agent builds a lab step by step without writing the whole document. The
// operations go through the editor's own helpers (spec/specedit.h: fresh ids, removals that
// leave no dangling port or event, renames that keep every reference); the answer is the
// new lab and its diagnostics as `check --json` gives them.
#include "cli/mcp/mcptools.h"
#include "cli/output.h"
#include "components/registry.h"
#include "io/labfile.h"
#include "spec/labwriter.h"
#include "spec/specedit.h"
#include "util/textescape.h"

namespace drivelab::cli::mcp {

namespace {

// one operation; "" when applied, else the message for `operations[i].FIELD`
struct OpError {
    std::string subject = "-";
    std::string field;
    std::string message;
};

bool str(const Json& op, const char* key, std::string& out)
{
    if (!op.contains(key) || !op[key].is_string()) return false;
    out = op[key].get<std::string>();
    return true;
}

std::optional<OpError> need(const Json& op, const char* key, std::string& out)
{
    if (str(op, key, out)) return std::nullopt;
    return OpError{"-", key, "is required (a string)"};
}

std::optional<OpError> mergeObject(const Json& op, const char* key, Json& into)
{
    if (!op.contains(key)) return std::nullopt;
    if (!op[key].is_object()) return OpError{"-", key, "must be an object"};
    for (const auto& [k, v] : op[key].items()) into[k] = v;
    return std::nullopt;
}

std::optional<OpError> setRun(LabSpec& lab, const std::string& field, const Json& v)
{
    if (!v.is_number_integer() && !(v.is_number() && v.get<double>() == static_cast<double>(static_cast<std::int64_t>(v.get<double>()))))
        return OpError{"run", "value", "must be a whole number"};
    const auto n = v.is_number_integer() ? v.get<std::int64_t>() : static_cast<std::int64_t>(v.get<double>());
    if (field == "tick_ns")
        lab.run.tickNs = n;
    else if (field == "duration_ns")
        lab.run.durationNs = n;
    else if (field == "report_every_ticks")
        lab.run.reportEveryTicks = n;
    else
        return OpError{"run", "field", "must be tick_ns, duration_ns or report_every_ticks"};
    return std::nullopt;
}

std::optional<OpError> apply(LabSpec& lab, const Json& op)
{
    const std::string kind = op["op"];
    std::string id, s;
    if (kind == "add_node") {
        if (auto e = need(op, "domain", s)) return e;
        const auto domain = domainFromName(s);
        const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
        if (!d) return OpError{"-", "domain", "must be rotational, translational, hydraulic or thermal"};
        if (!str(op, "id", id)) id = uniqueId(lab, s);
        if (!isValidId(id) || lab.idTaken(id)) return OpError{"-", "id", "'" + id + "' is taken or not an id (" + kIdRule + ")"};
        NodeSpec n = makeNode(*d, id);
        if (auto e = mergeObject(op, "fields", n.fields)) return e;
        lab.nodes.push_back(std::move(n));
    } else if (kind == "add_component") {
        if (auto e = need(op, "type", s)) return e;
        const ComponentDescriptor* d = findComponentDescriptor(s);
        if (!d) return OpError{"-", "type", "unknown type '" + s + "'; the types are " + knownTypeList()};
        if (!str(op, "id", id)) id = uniqueId(lab, s);
        if (!isValidId(id) || lab.idTaken(id)) return OpError{"-", "id", "'" + id + "' is taken or not an id (" + kIdRule + ")"};
        ComponentSpec c = makeComponent(*d, id);
        if (auto e = mergeObject(op, "parameters", c.parameters)) return e;
        if (auto e = mergeObject(op, "inputs", c.inputs)) return e;
        if (op.contains("ports")) {
            if (!op["ports"].is_object()) return OpError{id, "ports", "must be an object {port: node}"};
            for (const auto& [port, node] : op["ports"].items()) {
                if (!d->port(port)) return OpError{id, "ports." + port, "is not a port of " + std::string(d->type)};
                if (!node.is_string()) return OpError{id, "ports." + port, "must name a node (a string)"};
                c.setPort(port, node.get<std::string>());
            }
        }
        lab.components.push_back(std::move(c));
    } else if (kind == "remove") {
        if (auto e = need(op, "id", id)) return e;
        if (!removeItem(lab, id)) return OpError{id, "id", "no node or component has this id"};
    } else if (kind == "rename") {
        if (auto e = need(op, "id", id)) return e;
        if (auto e = need(op, "to", s)) return e;
        if (!lab.findNode(id) && !lab.findComponent(id)) return OpError{id, "id", "no node or component has this id"};
        if (!renameItem(lab, id, s)) return OpError{id, "to", "'" + s + "' is taken or not an id (" + kIdRule + ")"};
    } else if (kind == "connect") {
        std::string port, node;
        if (auto e = need(op, "component", id)) return e;
        if (auto e = need(op, "port", port)) return e;
        if (auto e = need(op, "node", node)) return e;
        ComponentSpec* c = lab.findComponent(id);
        if (!c) return OpError{id, "component", "no component has this id"};
        const ComponentDescriptor* d = findComponentDescriptor(c->type);
        if (d && !d->port(port)) return OpError{id, "port", "'" + port + "' is not a port of " + c->type};
        if (node != kGroundId && !node.empty() && !lab.findNode(node)) return OpError{id, "node", "no node has the id '" + node + "'"};
        c->setPort(port, node);
    } else if (kind == "set") {
        std::string field;
        if (auto e = need(op, "id", id)) return e;
        if (auto e = need(op, "field", field)) return e;
        if (!op.contains("value")) return OpError{id, "value", "is required"};
        const Json& v = op["value"];
        if (id == "run") return setRun(lab, field, v);
        if (id == "lab") {
            if (field == "name" && v.is_string())
                lab.name = v.get<std::string>();
            else if (field == "description")
                lab.description = v;
            else
                return OpError{"lab", "field", "must be name (a string) or description"};
            return std::nullopt;
        }
        if (NodeSpec* n = lab.findNode(id)) {
            if (v.is_null())
                n->fields.erase(field);
            else
                n->fields[field] = v;
        } else if (ComponentSpec* c = lab.findComponent(id)) {
            const ComponentDescriptor* d = findComponentDescriptor(c->type);
            const bool input = field.rfind("inputs.", 0) == 0 || (d && !d->parameter(field) && d->input(field));
            const std::string name = field.rfind("inputs.", 0) == 0       ? field.substr(7)
                                     : field.rfind("parameters.", 0) == 0 ? field.substr(11)
                                                                          : field;
            Json& into = input ? c->inputs : c->parameters;
            if (v.is_null())
                into.erase(name);
            else
                into[name] = v;
        } else if (InstanceSpec* inst = lab.findInstance(id)) {
            // a part parameter of an instance (`brake_capacity` or `parameters.brake_capacity`);
            // the compile's diagnostics name a parameter the part does not have
            const std::string name = field.rfind("parameters.", 0) == 0 ? field.substr(11) : field;
            if (v.is_null())
                inst->parameters.erase(name);
            else
                inst->parameters[name] = v;
        } else {
            return OpError{id, "id", "no node, component or instance has this id (or use \"run\" or \"lab\")"};
        }
    } else if (kind == "add_event") {
        EventSpec ev;
        if (auto e = need(op, "component", ev.component)) return e;
        if (auto e = need(op, "input", ev.input)) return e;
        if (!op.contains("time_ns") || !op["time_ns"].is_number_integer()) return OpError{"-", "time_ns", "must be a whole number"};
        if (!op.contains("value") || !op["value"].is_number()) return OpError{"-", "value", "must be a number"};
        ev.timeNs = op["time_ns"];
        ev.value = op["value"];
        lab.events.push_back(std::move(ev));
    }
    return std::nullopt;
}

} // namespace

ToolResult toolEditLab(const Json& args, CallContext& ctx)
{
    LabSpec lab;
    std::string file = "lab";
    LabFileReader files = labArgument(Json::object(), ctx, "lab").files; // a new lab: files under the root
    if (args.contains("lab")) {
        const LabText text = labArgument(args["lab"], ctx, "lab");
        if (!text.ok) return toolError(text.error);
        file = text.file;
        files = text.files;
        LabReadResult read = readLab(text.text);
        if (!read.lab)
            return toolError(diagnosticLines(file, read.diagnostics) + printableText(file) +
                             ": -: -: the lab does not read, so it cannot be edited; fix the lines above first\n");
        lab = std::move(*read.lab);
    }
    const Json& ops = args["operations"];
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (const auto e = apply(lab, ops[i]))
            return toolError(printableText(file) + ": " + printableText(e->subject) + ": operations[" + std::to_string(i) + "]." +
                             e->field + ": " + printableText(e->message) + " (no operation was applied)\n");
    }
    const LoadedLab checked = loadLabText(writeLab(lab), files);
    ToolResult r;
    r.structured = Json{{"lab", labToJson(lab)},
                        {"valid", checked.model != nullptr},
                        {"applied", ops.size()},
                        {"diagnostics", checkJson(checked.diagnostics)["diagnostics"]}};
    r.text = std::to_string(ops.size()) + " operation(s) applied; the lab is " + (checked.model ? "valid" : "not valid yet") + "\n" +
             diagnosticLines(file, checked.diagnostics);
    return r;
}

} // namespace drivelab::cli::mcp
