#include "document/partbody.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <fstream>

#include "spec/labwriter.h"

namespace drivelab {
namespace {

QString trPartBody(const char* text) { return QCoreApplication::translate("PartBody", text); }

// the definition as written: the lab's entry, or the part file read again
Json writtenDefinition(const LabSpec& lab, const PartDefinition& def, bool inLab)
{
    if (inLab) return lab.parts[*inlinePartIndex(lab, def.name)];
    std::ifstream in(def.origin);
    Json out = Json::parse(in, nullptr, false);
    return out.is_discarded() ? Json::object() : out;
}

} // namespace

std::optional<std::size_t> inlinePartIndex(const LabSpec& lab, const std::string& name)
{
    for (std::size_t k = 0; k < lab.parts.size(); ++k) {
        if (lab.parts[k].is_object() && lab.parts[k].value("name", std::string()) == name) return k;
    }
    return std::nullopt;
}

std::optional<PartBody> openPartBody(const LabSpec& lab, const std::string& name, QString* why)
{
    Diagnostics problems;
    PartLibrary library(lab, problems);
    std::string reason;
    const PartDefinition* def = library.find(name, reason);
    if (!def) {
        if (why) *why = trPartBody("Part %1 cannot be opened: %2").arg(QString::fromStdString(name), QString::fromStdString(reason));
        return std::nullopt;
    }
    PartBody out;
    out.part = name;
    out.ports = def->ports;
    out.inLab = inlinePartIndex(lab, name).has_value();
    out.origin = def->origin;
    // the part's network, in the lab's folder, with the lab's parts for the instances inside it
    out.lab = def->body;
    out.lab.name = name;
    out.lab.parts = lab.parts;
    out.lab.baseDir = lab.baseDir;
    out.lab.fileReader = lab.fileReader;
    // the ports are the markers its components connect to, first, as the part lists them
    std::vector<NodeSpec> nodes;
    for (const PartPort& p : def->ports) nodes.push_back({p.name, p.domain, Json::object()});
    for (auto& n : out.lab.nodes) nodes.push_back(std::move(n));
    out.lab.nodes = std::move(nodes);
    out.written = writtenDefinition(lab, *def, out.inLab);
    const Json& written = out.written;
    out.lab.layout = written.contains("layout") && written["layout"].is_object() ? written["layout"] : Json::object();
    return out;
}

std::optional<PartBody> openPartFileBody(const LabSpec& lab, const std::string& file, QString* why)
{
    const QFileInfo info(QString::fromStdString(file));
    QString name = info.fileName();
    if (!name.endsWith(QStringLiteral(".part.json"))) {
        if (why) *why = trPartBody("%1 is not a part file (NAME.part.json).").arg(info.filePath());
        return std::nullopt;
    }
    name.chop(int(qstrlen(".part.json")));
    // a lab in the file's folder that names it finds it beside itself
    LabSpec probe;
    probe.baseDir = info.absolutePath().toStdString();
    auto out = openPartBody(probe, name.toStdString(), why);
    if (!out) return std::nullopt;
    out->lab.parts = lab.parts;
    out->lab.baseDir = lab.baseDir;
    out->lab.fileReader = lab.fileReader;
    return out;
}

Json writePartBody(const Json& def, const PartBody& opened, const LabSpec& body)
{
    // the network without the port markers, as the lab file writes it
    LabSpec network = body;
    std::erase_if(network.nodes, [&](const NodeSpec& n) {
        for (const PartPort& p : opened.ports) {
            if (p.name == n.id) return true;
        }
        return false;
    });
    network.parts = Json::array();
    const Json written = labToJson(network, false);
    Json out = def;
    for (const char* k : {"nodes", "components", "signals", "instances"}) {
        const bool has = written.contains(k) && written[k].is_array() && !written[k].empty();
        // an empty list is left out, as Group writes a part
        if (has)
            out[k] = written[k];
        else
            out.erase(k);
    }
    if (body.layout.is_object() && (!body.layout.empty() || out.contains("layout"))) out["layout"] = body.layout;
    return out;
}

} // namespace drivelab
