#include "compile/partdef.h"

#include <cmath>
#include <set>

#include "spec/descriptor.h"
#include "spec/labfiles.h"
#include "spec/labreader.h"

namespace drivelab {

bool isParameterName(const std::string& n)
{
    if (n.empty() || n.size() > kMaxIdLength) return false;
    const auto alpha = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    if (!alpha(n[0])) return false;
    for (char c : n) {
        if (!(alpha(c) || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return true;
}

namespace {

// what a fingerprint covers of a definition: no description, layout or file header
Json recordOf(const Json& def)
{
    Json r = def;
    for (const char* k : {"description", "layout", "format", "version"}) r.erase(k);
    for (const char* list : {"ports", "parameters"}) {
        if (!r.contains(list) || !r[list].is_array()) continue;
        for (auto& e : r[list]) {
            if (e.is_object()) e.erase("description");
        }
    }
    return r;
}

class DefinitionReader {
public:
    DefinitionReader(const std::string& subject, Diagnostics& d) : m_subject(subject), m_d(d) { }

    std::shared_ptr<PartDefinition> read(const Json& def, const std::string& name, const std::string& origin, bool file)
    {
        auto p = std::make_shared<PartDefinition>();
        p->name = name;
        p->origin = origin;
        if (!def.is_object()) {
            error("-", "a part definition must be a JSON object");
            return nullptr;
        }
        static const std::set<std::string> known = {"format", "version",    "name",    "description", "ports",
                                                    "parameters", "nodes", "components", "signals", "instances", "layout"};
        for (auto it = def.begin(); it != def.end(); ++it) {
            if (!known.count(it.key()) || (!file && (it.key() == "format" || it.key() == "version")))
                error(it.key(), it.key() == "events" ? "a part has no events: the lab schedules them on the instance's components "
                                                       "(\"component\": \"gearbox/brake\")"
                                                     : "unknown key '" + it.key() +
                                                           "' (a part has: name, description, ports, parameters, nodes, components, "
                                                           "signals, instances, layout)");
        }
        if (file) header(def);
        if (!def.contains("name") || !def["name"].is_string() || def["name"].get<std::string>() != name)
            error("name", "must be \"" + name + "\" (the name instances use" + std::string(file ? ", the file's name" : "") + ")");
        ports(def, *p);
        parameters(def, *p);
        body(def, *p);
        if (m_failed) return nullptr;
        p->record = recordOf(def);
        return p;
    }

private:
    void error(const std::string& field, const std::string& message)
    {
        m_d.error(m_subject, field, message);
        m_failed = true;
    }

    void header(const Json& def)
    {
        if (!def.contains("format") || def["format"] != kPartFormat)
            error("format", std::string("must be \"") + kPartFormat + "\" (a part file)");
        if (!def.contains("version") || !def["version"].is_number_integer() || def["version"].get<std::int64_t>() < 1)
            error("version", "must be a positive integer");
        else if (def["version"].get<std::int64_t>() > kPartVersion)
            error("version", "part version " + def["version"].dump() + " was written by a newer DriveLab; this build reads version 1");
    }

    static bool list(const Json& def, const char* key) { return def.contains(key) && def[key].is_array(); }

    void ports(const Json& def, PartDefinition& p)
    {
        if (def.contains("ports") && !list(def, "ports")) error("ports", "must be a list");
        if (!list(def, "ports")) return;
        std::set<std::string> seen;
        for (std::size_t i = 0; i < def["ports"].size(); ++i) {
            const Json& e = def["ports"][i];
            const std::string at = "ports[" + std::to_string(i) + "]";
            if (!e.is_object() || !e.contains("name") || !e["name"].is_string() || !isValidId(e["name"].get<std::string>())) {
                error(at + ".name", std::string("missing or not a valid name (") + kIdRule + ")");
                continue;
            }
            PartPort port{e["name"].get<std::string>(), ""};
            for (auto it = e.begin(); it != e.end(); ++it) {
                if (it.key() != "name" && it.key() != "domain" && it.key() != "description")
                    error(at + "." + it.key(), "unknown key (a port has name, domain, description)");
            }
            if (!e.contains("domain") || !e["domain"].is_string() || !domainFromName(e["domain"].get<std::string>()))
                error(at + ".domain", "missing or not a domain (rotational, translational, hydraulic, thermal)");
            else
                port.domain = e["domain"].get<std::string>();
            if (port.name == kGroundId) error(at + ".name", "'ground' is the fixed reference, not a port");
            if (!seen.insert(port.name).second) error(at + ".name", "port '" + port.name + "' is listed twice");
            p.ports.push_back(std::move(port));
        }
    }

    void parameters(const Json& def, PartDefinition& p)
    {
        if (def.contains("parameters") && !list(def, "parameters")) error("parameters", "must be a list");
        if (!list(def, "parameters")) return;
        std::set<std::string> seen;
        for (std::size_t i = 0; i < def["parameters"].size(); ++i) {
            const Json& e = def["parameters"][i];
            const std::string at = "parameters[" + std::to_string(i) + "]";
            if (!e.is_object() || !e.contains("name") || !e["name"].is_string() || !isParameterName(e["name"].get<std::string>())) {
                error(at + ".name", "missing or not a parameter name (a letter, then letters, digits or _: a name in expressions)");
                continue;
            }
            PartParameter q;
            q.name = e["name"].get<std::string>();
            for (auto it = e.begin(); it != e.end(); ++it) {
                const std::string& k = it.key();
                if (k == "name" || k == "description") continue;
                if (k == "unit") {
                    if (it.value().is_string())
                        q.unit = it.value().get<std::string>();
                    else
                        error(at + ".unit", "must be a string (an SI unit as DriveLab writes it: \"kg m^2\", \"N m\", \"-\")");
                } else if (k == "default" || k == "min" || k == "max") {
                    if (!it.value().is_number()) {
                        error(at + "." + k, "must be a number");
                        continue;
                    }
                    const double v = it.value().get<double>();
                    (k == "default" ? q.defaultValue.emplace(v) : k == "min" ? q.min : q.max) = v;
                } else {
                    error(at + "." + k, "unknown key (a parameter has name, unit, default, min, max, description)");
                }
            }
            if (q.min > q.max) error(at + ".min", "is above max");
            if (q.defaultValue && (*q.defaultValue < q.min || *q.defaultValue > q.max))
                error(at + ".default", "is outside [min, max]");
            if (!seen.insert(q.name).second) error(at + ".name", "parameter '" + q.name + "' is listed twice");
            p.parameters.push_back(std::move(q));
        }
    }

    // nodes, components, signals and instances: read by the lab reader, errors placed in the part
    void body(const Json& def, PartDefinition& p)
    {
        Json lab = Json{{"format", "drivelab.lab"},
                        {"version", 2},
                        {"run", Json{{"tick_ns", 1}, {"duration_ns", 1}, {"report_every_ticks", 1}}},
                        {"nodes", Json::array()},
                        {"components", Json::array()}};
        for (const char* k : {"nodes", "components", "signals", "instances"}) {
            if (def.contains(k)) lab[k] = def[k];
        }
        LabReadResult r = readLabJson(lab);
        for (const auto& x : r.diagnostics.items()) error(x.subject == "-" ? x.field : x.subject + "." + x.field, x.message);
        if (!r.lab) return;
        p.body = std::move(*r.lab);
        for (const auto& n : p.body.nodes) {
            if (p.port(n.id)) error("nodes", "'" + n.id + "' is both a port and a node of the part; a port is the node the outside connects");
        }
    }

    std::string m_subject;
    Diagnostics& m_d;
    bool m_failed = false;
};

} // namespace

const PartPort* PartDefinition::port(const std::string& n) const
{
    for (const auto& p : ports) {
        if (p.name == n) return &p;
    }
    return nullptr;
}

const PartParameter* PartDefinition::parameter(const std::string& n) const
{
    for (const auto& p : parameters) {
        if (p.name == n) return &p;
    }
    return nullptr;
}

PartLibrary::PartLibrary(const LabSpec& lab, Diagnostics& d) : m_lab(lab), m_d(d)
{
    for (const Json& def : lab.parts) {
        const std::string name = def.value("name", std::string());
        const std::string subject = "parts." + name;
        if (m_parts.count(name) || m_failed.count(name)) {
            d.error(subject, "name", "part '" + name + "' is defined twice in the lab");
            continue;
        }
        auto p = DefinitionReader(subject, d).read(def, name, "the lab's parts", false);
        if (p)
            m_parts[name] = std::move(p);
        else
            m_failed[name] = "its definition in the lab's parts has errors";
    }
}

const PartDefinition* PartLibrary::find(const std::string& name, std::string& why)
{
    if (const auto it = m_parts.find(name); it != m_parts.end()) return it->second.get();
    if (const auto it = m_failed.find(name); it != m_failed.end()) {
        why = it->second;
        return nullptr;
    }
    if (!isValidId(name)) {
        why = "'" + name.substr(0, 80) + "' is not a part name (" + kIdRule + ")";
        m_failed[name] = why;
        return nullptr;
    }
    // not inline: NAME.part.json beside the lab, else in the part library folders
    const std::string file = name + ".part.json";
    std::string text, reason, path = file;
    bool read = false;
    std::vector<std::string> library;
    if (m_lab.fileReader) {
        read = m_lab.fileReader(file, text, reason);
    } else {
        Diagnostics fd;
        path = partFilePath(m_lab, name);
        read = readTextFile(path, text, fd);
        if (!read && !fd.empty()) reason = fd.items().front().message;
        library = partLibraryDirs();
    }
    if (!read) {
        std::string folders;
        for (const std::string& dir : library) folders += (folders.empty() ? "" : ", ") + dir;
        why = "no part '" + name + "': the lab's parts do not define it and " + file + " beside the lab cannot be read (" + reason + ")" +
              (folders.empty() ? std::string() : "; the part library folders (" + folders + ") have no " + file);
        m_failed[name] = why;
        return nullptr;
    }
    Diagnostics pd;
    std::optional<Json> root = parseJsonStrict(text, pd);
    std::shared_ptr<PartDefinition> p;
    if (root) p = DefinitionReader(file, m_d).read(*root, name, m_lab.fileReader ? labFilePath(m_lab, file) : path, true);
    for (const auto& x : pd.items()) m_d.error(file, x.field, x.message);
    if (!p) {
        why = "part file " + file + " has errors (reported under " + file + ")";
        m_failed[name] = why;
        return nullptr;
    }
    m_parts[name] = p;
    return p.get();
}

Json PartLibrary::record() const
{
    Json out = Json::array();
    for (const auto& [name, p] : m_parts) out.push_back(p->record);
    return out;
}

} // namespace drivelab
