#include "spec/labwriter.h"
#include "spec/runmethods.h"

namespace drivelab {

Json labToJson(const LabSpec& lab, bool withLayout)
{
    Json root = Json::object();
    root["format"] = "drivelab.lab";
    // the lowest version that holds the lab: one without parts, instances or expressions stays
    // version 1, so every lab from before version 2 saves to the same bytes
    root["version"] = labNeedsVersion2(lab) ? 2 : 1;
    root["name"] = lab.name;
    if (!(lab.description.is_string() && lab.description.get<std::string>().empty())) root["description"] = lab.description;
    root["run"] = Json{{"tick_ns", lab.run.tickNs}, {"duration_ns", lab.run.durationNs}, {"report_every_ticks", lab.run.reportEveryTicks}};
    if (lab.run.method != RunMethod::Absent)
        root["run"]["method"] = runMethodInfo(lab.run.method).name;
    if (lab.run.accuracy > 0.0) root["run"]["accuracy"] = lab.run.accuracy;
    Json nodes = Json::array();
    for (const auto& n : lab.nodes) {
        Json e = Json::object();
        e["id"] = n.id;
        e["domain"] = n.domain;
        for (auto it = n.fields.begin(); it != n.fields.end(); ++it) e[it.key()] = it.value();
        nodes.push_back(std::move(e));
    }
    root["nodes"] = std::move(nodes);
    Json comps = Json::array();
    for (const auto& c : lab.components) {
        Json e = Json::object();
        e["id"] = c.id;
        e["type"] = c.type;
        for (const auto& [port, node] : c.ports) e[port] = node;
        if (!c.parameters.empty()) e["parameters"] = c.parameters;
        if (!c.inputs.empty()) e["inputs"] = c.inputs;
        comps.push_back(std::move(e));
    }
    root["components"] = std::move(comps);
    Json events = Json::array();
    for (const auto& ev : lab.events) {
        events.push_back(Json{{"time_ns", ev.timeNs}, {"component", ev.component}, {"input", ev.input}, {"value", ev.value}});
    }
    root["events"] = std::move(events);
    if (!lab.timeSignals.empty()) {
        Json signals = Json::array();
        for (const auto& g : lab.timeSignals) {
            Json e = Json::object();
            e["id"] = g.id;
            e["kind"] = g.kind;
            for (auto it = g.fields.begin(); it != g.fields.end(); ++it) e[it.key()] = it.value();
            signals.push_back(std::move(e));
        }
        root["signals"] = std::move(signals);
    }
    if (!lab.parts.empty()) root["parts"] = lab.parts;
    if (!lab.instances.empty()) {
        Json instances = Json::array();
        for (const auto& i : lab.instances) {
            Json e = Json{{"id", i.id}, {"part", i.part}};
            if (!i.ports.empty()) e["ports"] = i.ports;
            if (!i.parameters.empty()) e["parameters"] = i.parameters;
            instances.push_back(std::move(e));
        }
        root["instances"] = std::move(instances);
    }
    if (!lab.oil.is_null()) root["oil"] = lab.oil;
    if (!lab.results.is_null()) root["results"] = lab.results;
    if (withLayout && !lab.layout.empty()) root["layout"] = lab.layout;
    return root;
}

std::string writeLab(const LabSpec& lab) { return prettyJson(labToJson(lab)); }

} // namespace drivelab
