#include "document/partinterfacecache.h"

#include <map>
#include <vector>

#include "document/partblocks.h"
#include "spec/labfiles.h"
#include "spec/labreader.h"

namespace drivelab {
namespace {

// a part's interface and what it was made from
struct Entry {
    bool inlineDef = false;   // from the lab's parts (else from a part file)
    std::vector<Json> defs;   // the lab's definitions of the part as written (inline)
    std::string text;         // the part file's text (file)
    std::optional<PartInterface> made;
    std::string why;
};

std::map<std::string, Entry>& entries()
{
    static std::map<std::string, Entry> all; // by part name: the last source seen
    return all;
}

std::size_t& misses()
{
    static std::size_t n = 0;
    return n;
}

std::optional<PartInterface> answer(const Entry& e, std::string* why)
{
    if (!e.made && why) *why = e.why;
    return e.made;
}

} // namespace

std::size_t partInterfaceMisses() { return misses(); }

std::optional<PartInterface> cachedPartInterface(const LabSpec& lab, const std::string& name, std::string* why,
                                                 const PartInterfaceMaker& make)
{
    // where the compiler takes the part from: the lab's parts first (PartLibrary), else its file
    Entry now;
    for (const Json& def : lab.parts) {
        if (def.is_object() && def.value("name", std::string()) == name) now.defs.push_back(def);
    }
    now.inlineDef = !now.defs.empty();
    if (!now.inlineDef) {
        const std::string file = name + ".part.json";
        bool read = false;
        if (lab.fileReader) {
            std::string reason;
            read = lab.fileReader(file, now.text, reason);
        } else {
            Diagnostics ignored;
            read = readTextFile(partFilePath(lab, name), now.text, ignored);
        }
        if (!read) { // not cached: the look-up names why (the file, the library folders)
            ++misses();
            std::string reason;
            auto made = make(lab, name, reason);
            if (!made && why) *why = reason;
            return made;
        }
    }
    auto& all = entries();
    const auto known = all.find(name);
    if (known != all.end() && known->second.inlineDef == now.inlineDef && known->second.defs == now.defs && known->second.text == now.text)
        return answer(known->second, why);
    ++misses();
    if (now.inlineDef) {
        now.made = make(lab, name, now.why);
    } else {
        // the interface of the text just read (not of a later state of the file): a lab that reads
        // exactly that text and has no inline parts (an inline part of another name does not
        // change how this one reads)
        LabSpec probe;
        probe.baseDir = lab.baseDir;
        const std::string text = now.text;
        probe.fileReader = [text](const std::string&, std::string& out, std::string&) {
            out = text;
            return true;
        };
        now.made = make(probe, name, now.why);
    }
    Entry& kept = all[name];
    kept = std::move(now);
    return answer(kept, why);
}

} // namespace drivelab
