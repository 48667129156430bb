#include "document/partpaths.h"

#include "compile/partdef.h"
#include "spec/specedit.h"

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
    std::vector<Json*> inputs;
    for (Json& in : refs.inputs) inputs.push_back(&in);
    bool any = false;
    for (const std::string& p : paths) any = renameReferences(refs.events, inputs, refs.results, p + '/' + from, p + '/' + to, true) || any;
    return any;
}

} // namespace drivelab
