#include "document/partupdate.h"

#include <QFileInfo>

#include "compile/partdef.h"
#include "document/partbody.h"
#include "document/partpaths.h"

namespace drivelab {
namespace {

bool sameFile(const std::string& a, const std::string& b)
{
    const QString ca = QFileInfo(QString::fromStdString(a)).canonicalFilePath();
    return !ca.isEmpty() && ca == QFileInfo(QString::fromStdString(b)).canonicalFilePath();
}

// the saved definition as the lab's `parts` holds an inline part: without the file's header
Json asInline(Json def)
{
    def.erase("format");
    def.erase("version");
    return def;
}

} // namespace

PartUpdate planPartUpdate(const LabSpec& lab, const std::string& name, const std::string& file, const Json& saved,
                          const std::vector<std::pair<std::string, std::string>>& renames)
{
    PartUpdate out;
    out.after = lab;
    const std::vector<std::string> paths = instancePathsOf(lab, name);
    if (const auto k = inlinePartIndex(lab, name)) {
        out.copied = paths;
        const Json copy = asInline(saved);
        out.copyDiffers = lab.parts[*k] != copy;
        out.after.parts[*k] = copy;
    } else {
        Diagnostics ignored;
        PartLibrary library(lab, ignored);
        std::string why;
        const PartDefinition* def = library.find(name, why);
        if (def && !sameFile(def->origin, file)) {
            out.otherFile = def->origin;
            return out; // the lab uses another file of that name: nothing of this one
        }
        out.linked = paths;
    }
    PathReferences refs = pathReferences(out.after);
    bool renamed = false;
    for (const auto& [from, to] : renames) renamed = renameInsideInstances(refs, paths, from, to) || renamed;
    if (renamed) putPathReferences(out.after, refs);
    out.changes = out.copyDiffers || renamed;
    if (!out.changes) out.after = lab;
    return out;
}

} // namespace drivelab
