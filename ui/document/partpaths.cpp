#include "document/partpaths.h"

#include "compile/partdef.h"

namespace drivelab {
namespace {

// nested deeper than this is a cycle the compiler refuses anyway
constexpr int kMaxDepth = 32;

void collect(const std::vector<InstanceSpec>& instances, const std::string& prefix, const std::string& name, PartLibrary& library,
             int depth, std::vector<std::string>& out)
{
    if (depth > kMaxDepth) return;
    for (const InstanceSpec& i : instances) {
        const std::string path = prefix + i.id;
        if (i.part == name) out.push_back(path);
        std::string why;
        if (const PartDefinition* def = library.find(i.part, why)) collect(def->body.instances, path + '/', name, library, depth + 1, out);
    }
}

// `id` renamed when it is `P/from` or `P/from/...` for one of `paths`
bool renameId(std::string& id, const std::vector<std::string>& paths, const std::string& from, const std::string& to)
{
    for (const std::string& p : paths) {
        const std::string old = p + '/' + from;
        if (id.rfind(old, 0) != 0 || (id.size() > old.size() && id[old.size()] != '/')) continue;
        id = p + '/' + to + id.substr(old.size());
        return true;
    }
    return false;
}

// a string member `key` of object `o` renamed
bool renameMember(Json& o, const char* key, const std::vector<std::string>& paths, const std::string& from, const std::string& to)
{
    if (!o.is_object() || !o.contains(key) || !o[key].is_string()) return false;
    std::string id = o[key].get<std::string>();
    if (!renameId(id, paths, from, to)) return false;
    o[key] = id;
    return true;
}

} // namespace

std::vector<std::string> instancePathsOf(const LabSpec& lab, const std::string& name)
{
    std::vector<std::string> out;
    Diagnostics ignored;
    PartLibrary library(lab, ignored);
    collect(lab.instances, std::string(), name, library, 0, out);
    return out;
}

PathReferences pathReferences(const LabSpec& lab)
{
    PathReferences out;
    out.events = lab.events;
    for (const ComponentSpec& c : lab.components) out.inputs.push_back(c.inputs);
    out.results = lab.results;
    return out;
}

void putPathReferences(LabSpec& lab, const PathReferences& refs)
{
    lab.events = refs.events;
    for (std::size_t k = 0; k < lab.components.size() && k < refs.inputs.size(); ++k) lab.components[k].inputs = refs.inputs[k];
    lab.results = refs.results;
}

bool renameInsideInstances(PathReferences& refs, const std::vector<std::string>& paths, const std::string& from, const std::string& to)
{
    bool any = false;
    for (EventSpec& e : refs.events) any = renameId(e.component, paths, from, to) || any;
    for (Json& inputs : refs.inputs) {
        if (!inputs.is_object()) continue;
        for (auto& [name, value] : inputs.items()) {
            any = renameMember(value, "signal", paths, from, to) || any;
            any = renameMember(value, "controller", paths, from, to) || any;
        }
    }
    any = renameMember(refs.results, "vehicle", paths, from, to) || any;
    if (refs.results.is_object() && refs.results.contains("reference_speed"))
        any = renameMember(refs.results["reference_speed"], "signal", paths, from, to) || any;
    return any;
}

} // namespace drivelab
