#include "compile/normalize.h"

#include <algorithm>
#include <map>

#include "compile/compilecontext.h"
#include "util/hash.h"
#include "components/common/fmuhost.h"
#include "components/hydraulic/oil.h"
#include "compile/resultsspec.h"
#include "components/registry.h"

namespace drivelab {
namespace {

// a parameter value in its normalized form
Json normalizedValue(const ParameterDescriptor& p, const Json* v)
{
    if (p.kind == ParamKind::Table) {
        Json rows = Json::array();
        for (const auto& row : *v) {
            Json r = Json::object();
            for (const auto& c : p.columns) {
                if (c.id)
                    r[c.name] = row[c.name].get<std::string>();
                else
                    r[c.name] = row[c.name].get<double>();
            }
            rows.push_back(std::move(r));
        }
        return rows;
    }
    if (p.kind == ParamKind::Table2D) {
        Json t = Json::object();
        for (const char* axis : {"x", "y"}) {
            Json a = Json::array();
            for (const auto& e : (*v)[axis]) a.push_back(e.get<double>());
            t[axis] = std::move(a);
        }
        Json rows = Json::array();
        for (const auto& row : (*v)["values"]) {
            Json r = Json::array();
            for (const auto& e : row) r.push_back(e.get<double>());
            rows.push_back(std::move(r));
        }
        t["values"] = std::move(rows);
        return t;
    }
    if (p.kind == ParamKind::Boolean) return v ? v->get<bool>() : false;
    if (p.kind == ParamKind::Text) return v ? v->get<std::string>() : std::string();
    if (p.kind == ParamKind::NumberMap) {
        // by name, whatever order the file has
        std::map<std::string, double> sorted;
        if (v)
            for (auto it = v->begin(); it != v->end(); ++it) sorted[it.key()] = it.value().get<double>();
        Json m = Json::object();
        for (const auto& [name, value] : sorted) m[name] = value;
        return m;
    }
    return v ? parameterValue(p, *v) : p.fileDefault;
}

} // namespace

void normalizeModel(const LabSpec& spec, Model& model, const Json& signals, const Json& parts)
{
    Json root = Json::object();
    root["format"] = "drivelab.lab";
    // version 1 unless the lab has parts: every lab from before version 2 keeps its fingerprint
    root["version"] = parts.empty() ? 1 : 2;
    root["run"] =
        Json{{"tick_ns", spec.run.tickNs}, {"duration_ns", spec.run.durationNs}, {"report_every_ticks", spec.run.reportEveryTicks}};
    // the method only when it is not the default, so a lab without it (or with "midpoint") keeps its fingerprint
    if (model.method == IntegrationMethod::Gauss2) root["run"]["method"] = "gauss2";
    if (model.method == IntegrationMethod::Radau3) root["run"]["method"] = "radau3";
    Json nodes = Json::array();
    for (const NodeSpec& n : spec.nodes) {
        const NodeDomainDescriptor* desc = nodeDomainDescriptor(*domainFromName(n.domain));
        Json e = Json::object();
        e["id"] = n.id;
        e["domain"] = n.domain;
        for (const auto& f : desc->fields) {
            if (n.fields.contains(f.name))
                e[f.name] = parameterValue(f, n.fields[f.name]);
            else if (f.omitWhenAbsent)
                continue;
            else if (std::string(f.name) == "ambient_temperature")
                e[f.name] = parameterValue(*desc->field("initial_temperature"), n.fields["initial_temperature"]);
            else
                e[f.name] = f.fileDefault;
        }
        nodes.push_back(std::move(e));
    }
    root["nodes"] = std::move(nodes);
    Json comps = Json::array();
    for (const ComponentSpec& c : spec.components) {
        const ComponentDescriptor& desc = *findComponentDescriptor(c.type);
        Json e = Json::object();
        e["id"] = c.id;
        e["type"] = c.type;
        for (const auto& p : desc.ports) {
            const std::string* node = c.port(p.name);
            if (node)
                e[p.name] = *node;
            else if (p.allowGround)
                e[p.name] = kGroundId;
        }
        Json params = Json::object();
        for (const auto& p : desc.parameters) {
            const bool given = c.parameters.contains(p.name);
            if ((p.omitWhenAbsent || p.kind == ParamKind::Table || p.kind == ParamKind::Table2D || p.kind == ParamKind::Text ||
                 p.kind == ParamKind::NumberMap) &&
                !given)
                continue;
            params[p.name] = normalizedValue(p, given ? &c.parameters[p.name] : nullptr);
        }
        // an imported FMU's archive by its content hash: replacing the file changes the fingerprint
        for (const FmuBinding& b : model.fmus)
            if (b.component == c.id) params["archive_hash"] = b.fmu->archiveHash();
        if (!params.empty()) e["parameters"] = std::move(params);
        // inputs the compiled component does not use (a pressure-applied clutch's capacity) are left out
        const char* inactive = nullptr;
        const int ci = model.componentIndex(c.id);
        if (ci >= 0) {
            const ComponentInfo& info = model.components[static_cast<std::size_t>(ci)];
            forEachComponentType([&]<class T, std::size_t I>() {
                if constexpr (HasInactiveInput<T>) {
                    if (static_cast<int>(I) == info.type)
                        inactive = T::inactiveInput(model.params->of<T>()[static_cast<std::size_t>(info.local)]);
                }
            });
        }
        Json inputs = Json::object();
        for (const auto& in : desc.inputs) {
            if (inactive && std::string(in.name) == inactive) continue;
            if (c.inputs.contains(in.name) && c.inputs[in.name].is_object()) {
                // a binding: its signal (or controller), scale and offset (defaults filled)
                const Json& b = c.inputs[in.name];
                const char* from = b.contains("controller") ? "controller" : "signal";
                inputs[in.name] = Json{{from, b.at(from)}, {"scale", b.value("scale", 1.0)}, {"offset", b.value("offset", 0.0)}};
                continue;
            }
            inputs[in.name] = c.inputs.contains(in.name) ? c.inputs[in.name].get<double>() : in.initialDefault;
        }
        if (!inputs.empty()) e["inputs"] = std::move(inputs);
        comps.push_back(std::move(e));
    }
    root["components"] = std::move(comps);
    // events in the order they take effect
    std::vector<std::size_t> order(spec.events.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return spec.events[a].timeNs < spec.events[b].timeNs;
    });
    Json events = Json::array();
    for (std::size_t i : order) {
        const EventSpec& ev = spec.events[i];
        events.push_back(Json{{"time_ns", ev.timeNs}, {"component", ev.component}, {"input", ev.input}, {"value", ev.value}});
    }
    root["events"] = std::move(events);
    // signals only when there are any, so labs without signals keep their fingerprints
    if (!signals.empty()) root["signals"] = signals;
    // the oil only in thermal-liquid labs, so isothermal labs keep their fingerprints
    if (!spec.oil.is_null()) root["oil"] = normalizedOil(spec.oil);
    // the part definitions the lab defines or uses (issue 36): editing a part file changes the
    // fingerprint; an asset carries them, and reading this normalized lab back records the same
    if (!parts.empty()) root["parts"] = parts;
    // the vehicle results' settings only when given (docs/FORMATS.md, "Vehicle results")
    if (!spec.results.is_null()) root["results"] = normalizedResults(spec.results);
    model.normalized = std::move(root);
    Hash64 h;
    const std::string canon = canonicalJson(model.normalized);
    h.bytes(canon.data(), canon.size());
    // capability tags: a converter-free model's fingerprint is the plain hash
    for (const auto& cap : model.capabilities) h.str(cap);
    model.fingerprint = h.digest();
}

} // namespace drivelab
