#include "spec/labreader.h"
#include "spec/runmethods.h"

#include <cmath>
#include <set>

#include "components/registry.h"

namespace drivelab {
namespace {

// integral JSON number -> int64 (accepts 3e8 written as a float when it is whole)
bool asInt64(const Json& v, std::int64_t& out)
{
    if (v.is_number_integer()) {
        out = v.get<std::int64_t>();
        return true;
    }
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(INT64_MAX)) return false;
        out = static_cast<std::int64_t>(u);
        return true;
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e18) return false;
        out = static_cast<std::int64_t>(d);
        return true;
    }
    return false;
}

class Reader {
public:
    explicit Reader(Diagnostics& d) : m_d(d) { }

    std::optional<LabSpec> read(const Json& root)
    {
        if (!root.is_object()) {
            m_d.error("-", "-", "a lab file must be a JSON object");
            return std::nullopt;
        }
        LabSpec lab;
        static const std::set<std::string> known = {"format",  "version", "name",    "description", "run",       "nodes", "components",
                                                    "events",  "signals", "oil",     "results",     "layout",    "instances", "parts"};
        for (auto it = root.begin(); it != root.end(); ++it) {
            if (!known.count(it.key()))
                m_d.error("-", it.key(),
                          "unknown key '" + it.key() +
                              "' (a lab has: format, version, name, "
                              "description, run, nodes, components, events, signals, oil, results, parts, instances, layout)");
        }
        if (!readHeader(root, lab)) return std::nullopt;
        readParts(root, lab);
        if (root.contains("name")) {
            if (root["name"].is_string())
                lab.name = root["name"].get<std::string>();
            else
                m_d.error("-", "name", "must be a string");
        }
        if (root.contains("description")) lab.description = root["description"];
        readRun(root, lab);
        readNodes(root, lab);
        readComponents(root, lab);
        readEvents(root, lab);
        readSignals(root, lab);
        if (root.contains("oil")) {
            if (root["oil"].is_object())
                lab.oil = root["oil"];
            else
                m_d.error("oil", "-", "must be an object with the oil's properties (docs/FORMATS.md, \"Oil\")");
        }
        if (root.contains("results")) {
            if (root["results"].is_object())
                lab.results = root["results"];
            else
                m_d.error("results", "-", "must be an object with the vehicle results' settings (docs/FORMATS.md, \"Vehicle results\")");
        }
        if (root.contains("layout")) {
            if (root["layout"].is_object())
                lab.layout = root["layout"];
            else
                m_d.error("-", "layout", "must be an object");
        }
        if (m_d.hasErrors()) return std::nullopt;
        return lab;
    }

private:
    bool readHeader(const Json& root, LabSpec& lab)
    {
        if (!root.contains("format")) {
            m_d.error("-", "format", "missing; a lab file starts with \"format\": \"drivelab.lab\"");
            return false;
        }
        if (!root["format"].is_string() || root["format"].get<std::string>() != "drivelab.lab") {
            m_d.error("-", "format", "unknown format " + root["format"].dump() + "; expected \"drivelab.lab\"");
            return false;
        }
        std::int64_t v = 0;
        if (!root.contains("version")) {
            m_d.error("-", "version", "missing; this build writes version " + std::to_string(kLabVersion));
            return false;
        }
        if (!asInt64(root["version"], v) || v < 1) {
            m_d.error("-", "version", "must be a positive integer");
            return false;
        }
        if (v > kLabVersion) {
            m_d.error("-", "version",
                      "version " + std::to_string(v) + " was written by a newer DriveLab; this build reads versions 1 to " +
                          std::to_string(kLabVersion));
            return false;
        }
        lab.version = static_cast<int>(v);
        return true;
    }

    // version 2 (issue 36): inline part definitions (checked when an instance is flattened, where
    // the file parts are read too) and the instances of the lab's network
    void readParts(const Json& root, LabSpec& lab)
    {
        for (const char* key : {"parts", "instances"}) {
            if (root.contains(key) && lab.version < 2)
                m_d.error("-", key, "parts and instances need lab version 2 (this file says version " + std::to_string(lab.version) + ")");
        }
        if (readArray(root, "parts", false)) {
            const Json& parts = root["parts"];
            for (std::size_t i = 0; i < parts.size(); ++i) {
                const Json& e = parts[i];
                const std::string where = "parts[" + std::to_string(i) + "]";
                if (!e.is_object() || !e.contains("name") || !e["name"].is_string() || !isValidId(e["name"].get<std::string>()))
                    m_d.error("-", where, std::string("must be an object with a \"name\" (") + kIdRule + ")");
                else
                    lab.parts.push_back(e);
            }
        }
        if (!readArray(root, "instances", false)) return;
        const Json& instances = root["instances"];
        for (std::size_t i = 0; i < instances.size(); ++i) {
            const Json& e = instances[i];
            const std::string subject = subjectOf(e, "instances", i);
            InstanceSpec inst;
            if (!readIdAndKind(e, subject, "part", inst.id, inst.part)) continue;
            for (auto it = e.begin(); it != e.end(); ++it) {
                const std::string& k = it.key();
                if (k == "id" || k == "part") continue;
                if (k != "ports" && k != "parameters") {
                    m_d.error(subject, k, "unknown key '" + k + "' for an instance (it has: id, part, ports, parameters)");
                    continue;
                }
                if (!it.value().is_object()) {
                    m_d.error(subject, k, "must be an object");
                    continue;
                }
                (k == "ports" ? inst.ports : inst.parameters) = it.value();
            }
            lab.instances.push_back(std::move(inst));
        }
    }

    void readRun(const Json& root, LabSpec& lab)
    {
        if (!root.contains("run")) {
            m_d.error("-", "run", "missing; give tick_ns, duration_ns and report_every_ticks");
            return;
        }
        const Json& run = root["run"];
        if (!run.is_object()) {
            m_d.error("-", "run", "must be an object");
            return;
        }
        for (auto it = run.begin(); it != run.end(); ++it) {
            if (it.key() != "tick_ns" && it.key() != "duration_ns" && it.key() != "report_every_ticks" && it.key() != "method" &&
                it.key() != "accuracy")
                m_d.error("-", "run." + it.key(), "unknown key (run has tick_ns, duration_ns, report_every_ticks, method, accuracy)");
        }
        const auto field = [&](const char* key, std::int64_t& out) {
            if (!run.contains(key)) {
                m_d.error("-", std::string("run.") + key, "missing");
                return;
            }
            if (!asInt64(run[key], out)) m_d.error("-", std::string("run.") + key, "must be an integer");
        };
        field("tick_ns", lab.run.tickNs);
        field("duration_ns", lab.run.durationNs);
        field("report_every_ticks", lab.run.reportEveryTicks);
        if (run.contains("method")) {
            const Json& v = run["method"];
            std::string choices;
            bool known = false;
            const auto& methods = runMethods();
            for (std::size_t i = 0; i < methods.size(); ++i) {
                if (v == methods[i].name) {
                    lab.run.method = methods[i].method;
                    known = true;
                }
                choices += std::string(i == 0 ? "" : i + 1 == methods.size() ? " or " : ", ") + "\"" + methods[i].name + "\" (" +
                           methods[i].summary + ")";
            }
            if (!known) m_d.error("-", "run.method", "must be " + choices);
        }
        if (run.contains("accuracy")) {
            // a relative tolerance; JSON has no NaN, so a non-number, 0, a negative or one out of range is all there is to refuse
            const Json& v = run["accuracy"];
            if (v.is_number() && isValidAccuracy(v.get<double>()))
                lab.run.accuracy = v.get<double>();
            else
                m_d.error("-", "run.accuracy", "must be a relative tolerance from 1e-12 to 0.5 (got " + v.dump() +
                          "); leave it out to run at run.tick_ns with run.method");
        }
    }

    // subject of an entry: its id when it has a string id, else its position
    static std::string subjectOf(const Json& e, const char* list, std::size_t i)
    {
        // an id outside the id set is never echoed as a subject (it may hold control characters or ": ")
        if (e.is_object() && e.contains("id") && e["id"].is_string() && isValidPathId(e["id"].get<std::string>()))
            return e["id"].get<std::string>();
        return std::string(list) + "[" + std::to_string(i) + "]";
    }

    bool readArray(const Json& root, const char* key, bool required)
    {
        if (!root.contains(key)) {
            if (required) m_d.error("-", key, "missing (an empty list is [])");
            return false;
        }
        if (!root[key].is_array()) {
            m_d.error("-", key, "must be a list");
            return false;
        }
        return true;
    }

    bool readIdAndKind(const Json& e, const std::string& subject, const char* kindKey, std::string& id, std::string& kind)
    {
        if (!e.is_object()) {
            m_d.error(subject, "-", "must be an object");
            return false;
        }
        bool ok = true;
        if (!e.contains("id") || !e["id"].is_string()) {
            m_d.error(subject, "id", "missing or not a string");
            ok = false;
        } else if (!isValidPathId(e["id"].get<std::string>())) {
            m_d.error(subject, "id", "'" + e["id"].get<std::string>().substr(0, 80) + "' is not a valid id: " + kIdRule);
            ok = false;
        } else {
            id = e["id"].get<std::string>();
        }
        if (!e.contains(kindKey) || !e[kindKey].is_string()) {
            m_d.error(subject, kindKey, "missing or not a string");
            ok = false;
        } else {
            kind = e[kindKey].get<std::string>();
        }
        return ok;
    }

    void readNodes(const Json& root, LabSpec& lab)
    {
        if (!readArray(root, "nodes", true)) return;
        const Json& nodes = root["nodes"];
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const Json& e = nodes[i];
            const std::string subject = subjectOf(e, "nodes", i);
            NodeSpec n;
            if (!readIdAndKind(e, subject, "domain", n.id, n.domain)) continue;
            for (auto it = e.begin(); it != e.end(); ++it) {
                if (it.key() != "id" && it.key() != "domain") n.fields[it.key()] = it.value();
            }
            lab.nodes.push_back(std::move(n));
        }
    }

    void readComponents(const Json& root, LabSpec& lab)
    {
        if (!readArray(root, "components", true)) return;
        const Json& comps = root["components"];
        for (std::size_t i = 0; i < comps.size(); ++i) {
            const Json& e = comps[i];
            const std::string subject = subjectOf(e, "components", i);
            ComponentSpec c;
            if (!readIdAndKind(e, subject, "type", c.id, c.type)) continue;
            const ComponentDescriptor* desc = findComponentDescriptor(c.type);
            if (!desc) {
                m_d.error(subject, "type", "unknown component type '" + c.type + "' (known: " + knownTypeList() + ")");
                continue;
            }
            for (auto it = e.begin(); it != e.end(); ++it) {
                const std::string& k = it.key();
                if (k == "id" || k == "type") continue;
                if (k == "parameters" || k == "inputs") {
                    if (!it.value().is_object())
                        m_d.error(subject, k, "must be an object");
                    else
                        (k == "parameters" ? c.parameters : c.inputs) = it.value();
                    continue;
                }
                if (desc->port(k)) {
                    if (!it.value().is_string()) m_d.error(subject, k, "must be a node id (a string)");
                    continue;
                }
                std::string ports;
                for (const auto& p : desc->ports) ports += std::string(ports.empty() ? "" : ", ") + p.name;
                m_d.error(subject, k, "unknown key '" + k + "' for a " + c.type + " (it has: id, type, " + ports + ", parameters, inputs)");
            }
            // ports in descriptor order, so a re-saved file reads the same way
            for (const auto& p : desc->ports) {
                if (e.contains(p.name) && e[p.name].is_string()) c.ports.emplace_back(p.name, e[p.name].get<std::string>());
            }
            lab.components.push_back(std::move(c));
        }
    }

    // signals: {id, kind, fields...} like nodes; the kind's fields are checked by the compiler
    void readSignals(const Json& root, LabSpec& lab)
    {
        if (!readArray(root, "signals", false)) return;
        const Json& signals = root["signals"];
        for (std::size_t i = 0; i < signals.size(); ++i) {
            const Json& e = signals[i];
            const std::string subject = subjectOf(e, "signals", i);
            SignalSpec g;
            if (!readIdAndKind(e, subject, "kind", g.id, g.kind)) continue;
            for (auto it = e.begin(); it != e.end(); ++it) {
                if (it.key() != "id" && it.key() != "kind") g.fields[it.key()] = it.value();
            }
            lab.timeSignals.push_back(std::move(g));
        }
    }

    void readEvents(const Json& root, LabSpec& lab)
    {
        if (!readArray(root, "events", false)) return;
        const Json& events = root["events"];
        for (std::size_t i = 0; i < events.size(); ++i) {
            const Json& e = events[i];
            const std::string path = "events[" + std::to_string(i) + "]";
            const std::string subject =
                (e.is_object() && e.contains("component") && e["component"].is_string() && isValidPathId(e["component"].get<std::string>()))
                    ? e["component"].get<std::string>()
                    : "-";
            if (!e.is_object()) {
                m_d.error("-", path, "must be an object");
                continue;
            }
            for (auto it = e.begin(); it != e.end(); ++it) {
                if (it.key() != "time_ns" && it.key() != "component" && it.key() != "input" && it.key() != "value")
                    m_d.error(subject, path + "." + it.key(), "unknown key (an event has time_ns, component, input, value)");
            }
            EventSpec ev;
            bool ok = true;
            if (!e.contains("time_ns") || !asInt64(e["time_ns"], ev.timeNs)) {
                m_d.error(subject, path + ".time_ns", "missing or not an integer number of nanoseconds");
                ok = false;
            }
            if (!e.contains("component") || !e["component"].is_string()) {
                m_d.error(subject, path + ".component", "missing or not a component id");
                ok = false;
            } else {
                ev.component = e["component"].get<std::string>();
            }
            if (!e.contains("input") || !e["input"].is_string()) {
                m_d.error(subject, path + ".input", "missing or not an input name");
                ok = false;
            } else {
                ev.input = e["input"].get<std::string>();
            }
            if (!e.contains("value") || !e["value"].is_number()) {
                m_d.error(subject, path + ".value", "missing or not a number");
                ok = false;
            } else {
                ev.value = e["value"].get<double>();
            }
            if (ok) lab.events.push_back(std::move(ev));
        }
    }

    Diagnostics& m_d;
};

} // namespace

LabReadResult readLabJson(const Json& root)
{
    LabReadResult r;
    Reader reader(r.diagnostics);
    r.lab = reader.read(root);
    return r;
}

LabReadResult readLab(std::string_view text)
{
    LabReadResult r;
    auto root = parseJsonStrict(text, r.diagnostics);
    if (!root) return r;
    return readLabJson(*root);
}

} // namespace drivelab
