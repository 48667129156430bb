// The schema stage of the version-1 asset reader (docs/ASSETS.md): every member present
// with its type, the model a valid lab, the capabilities exactly those the model needs
// and this build has, the expected run shaped like the model's report boundaries.
#include <algorithm>
#include <set>

#include "components/common/fmuarchive.h"
#include "components/registry.h"
#include "io/assetv1.h"
#include "spec/labreader.h"
#include "util/hash.h"

namespace drivelab::assetv1 {
namespace {

// a flood of identical problems helps nobody: the schema stops reporting after this many
constexpr int kMaxSchemaErrors = 20;

class Schema {
public:
    explicit Schema(Diagnostics& d) : m_d(d) { }

    void error(const std::string& subject, const std::string& field, const std::string& message)
    {
        if (m_errors++ < kMaxSchemaErrors) m_d.error(subject, field, message);
    }
    bool failed() const { return m_errors > 0; }
    bool full() const { return m_errors >= kMaxSchemaErrors; }

    // every key is one of `allowed`; every key of `required` is present
    void keys(const Json& obj, const std::string& path, std::initializer_list<const char*> allowed,
              std::initializer_list<const char*> required)
    {
        std::string list;
        for (const char* k : allowed) list += std::string(list.empty() ? "" : ", ") + k;
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            bool known = false;
            for (const char* k : allowed) known = known || it.key() == k;
            if (!known)
                error("-", join(path, it.key()),
                      "unknown key '" + it.key() + "' (" + (path.empty() ? "an asset" : path) + " has: " + list + ")");
        }
        for (const char* k : required) {
            if (!obj.contains(k)) error("-", join(path, k), "missing");
        }
    }

    static std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

    // the embedded FMU archives (docs/ASSETS.md, "Imported FMUs"): an object of base64 strings by
    // file; null when the asset has none or one is malformed (then an error)
    std::shared_ptr<const EmbeddedFmus> fmus(const Json& root)
    {
        auto out = std::make_shared<EmbeddedFmus>();
        if (!root.contains("fmus")) return out;
        const Json& f = root["fmus"];
        if (!f.is_object() || f.empty()) {
            error("-", "fmus", "must be an object of FMU archives (base64) by the file the model's fmu components name");
            return nullptr;
        }
        for (auto it = f.begin(); it != f.end(); ++it) {
            std::string bytes;
            if (!it.value().is_string() || !base64Decode(it.value().get_ref<const std::string&>(), bytes))
                error("-", "fmus." + it.key(), "must be the FMU archive's bytes as base64 (RFC 4648, padded, one line)");
            (*out)[it.key()] = std::move(bytes);
        }
        return failed() ? nullptr : out;
    }

    // every embedded archive is one the model's fmu components name
    void fmusUsed(const EmbeddedFmus& fmus, const Model& model)
    {
        for (const auto& [file, bytes] : fmus) {
            bool used = false;
            for (const FmuBinding& b : model.fmus) used = used || b.file == file;
            if (!used) error("-", "fmus." + file, "is embedded but no fmu component of the model names it");
        }
    }

    // the model: a valid lab (reader and compiler), without editor-only members; its FMUs read
    // from the asset's embedded archives only
    std::shared_ptr<const Model> model(const Json& m, const std::shared_ptr<const EmbeddedFmus>& fmus)
    {
        for (const char* k : {"layout", "description"}) {
            if (m.contains(k))
                error("-", std::string("model.") + k, "an asset's model has no " + std::string(k) + " (it is not part of the record)");
        }
        keys(m, "model", {"format", "version", "name", "run", "nodes", "components", "events", "signals", "oil", "parts", "results"}, {});
        if (failed()) return nullptr;
        LabReadResult r = readLabJson(m);
        if (!r.lab) {
            adopt(r.diagnostics);
            if (!failed()) error("-", "model", "is not a readable lab");
            return nullptr;
        }
        bool importsFmus = !fmus->empty();
        if (m.contains("components") && m["components"].is_array())
            for (const Json& c : m["components"]) importsFmus = importsFmus || (c.is_object() && c.value("type", Json()) == "fmu");
        if (importsFmus) r.lab->fileReader = embeddedFmuReader(fmus);
        CompileResult c = compile(*r.lab);
        adopt(c.diagnostics);
        if (!c.model && !failed()) error("-", "model", "does not compile");
        return c.model;
    }

    // the capabilities: each known to this build, no repeats, exactly those the model needs
    void capabilitiesKnown(const std::vector<std::string>& caps)
    {
        std::set<std::string> known, seen;
        for (const ComponentDescriptor* desc : componentDescriptors()) {
            if (desc->capability) known.insert(desc->capability);
        }
        for (std::size_t i = 0; i < caps.size(); ++i) {
            const std::string field = "capabilities[" + std::to_string(i) + "]";
            if (!known.count(caps[i]))
                error("-", field,
                      "the model needs capability '" + caps[i] +
                          "', which this build of DriveLab does not have; "
                          "open the asset with a newer DriveLab");
            if (!seen.insert(caps[i]).second) error("-", field, "'" + caps[i] + "' is listed twice");
        }
    }
    void capabilitiesMatch(const std::vector<std::string>& caps, const Model& model)
    {
        for (const auto& need : model.capabilities) {
            if (std::find(caps.begin(), caps.end(), need) == caps.end())
                error("-", "capabilities", "the model needs '" + need + "' but the asset does not declare it");
        }
        for (std::size_t i = 0; i < caps.size(); ++i) {
            if (std::find(model.capabilities.begin(), model.capabilities.end(), caps[i]) == model.capabilities.end())
                error("-", "capabilities[" + std::to_string(i) + "]", "'" + caps[i] + "' is declared but the model does not need it");
        }
    }

    // the expected run: ticks, final hash, and one boundary per report boundary of the model
    void expected(const Json& e, const Model& model, Asset& a)
    {
        if (!e.is_object()) {
            error("-", "expected", "must be an object with ticks, boundaries and final_state_hash");
            return;
        }
        keys(e, "expected", {"ticks", "boundaries", "final_state_hash"}, {"ticks", "boundaries", "final_state_hash"});
        if (failed()) return;
        const Json& ticks = e["ticks"];
        if (!ticks.is_number_integer() || ticks.get<std::int64_t>() != model.ticks)
            error("-", "expected.ticks",
                  "is " + ticks.dump().substr(0, 40) + "; the model's run has " + std::to_string(model.ticks) + " ticks");
        const Json& hash = e["final_state_hash"];
        if (!hash.is_string() || !fromHex16(hash.get_ref<const std::string&>(), a.finalStateHash))
            error("-", "expected.final_state_hash", "must be a string of 16 lowercase hex digits");
        const Json& list = e["boundaries"];
        if (!list.is_array()) {
            error("-", "expected.boundaries", "must be a list of report boundaries");
            return;
        }
        const auto count = static_cast<std::size_t>(model.boundaryCount());
        if (list.size() != count) {
            error("-", "expected.boundaries",
                  "has " + std::to_string(list.size()) + " boundaries; a run of " + std::to_string(model.ticks) +
                      " ticks reporting every " + std::to_string(model.reportEvery) + " has " + std::to_string(count));
            return;
        }
        std::vector<std::vector<std::string>> firstNames; // observables of each subject at boundary 0
        for (std::size_t i = 0; i < count && !full(); ++i) boundary(list[i], i, model, firstNames);
        if (failed()) return;
        a.ticks = model.ticks;
        a.boundaries = list;
    }

private:
    // one subject (node or component) of the model
    struct Subject {
        const std::string* id;
        std::span<const ObservableDescriptor> observables;
    };

    void boundary(const Json& b, std::size_t i, const Model& model, std::vector<std::vector<std::string>>& firstNames)
    {
        const std::string path = "expected.boundaries[" + std::to_string(i) + "]";
        // a model with signals records their values after the components (docs/FORMATS.md, "Signals")
        static const char* const order[] = {"tick", "time", "nodes", "components", "signals"};
        const bool withSignals = !model.timeSignals.empty();
        std::size_t k = 0;
        bool shaped = b.is_object() && b.size() == (withSignals ? 5u : 4u);
        for (auto it = b.begin(); shaped && it != b.end(); ++it) shaped = it.key() == order[k++];
        if (!shaped) {
            error("-", path,
                  withSignals ? "must be an object with tick, time, nodes, components and signals, in this order"
                              : "must be an object with tick, time, nodes and components, in this order");
            return;
        }
        const std::int64_t tick = std::min(static_cast<std::int64_t>(i) * model.reportEvery, model.ticks);
        if (!b["tick"].is_number_integer() || b["tick"].get<std::int64_t>() != tick)
            error("-", path + ".tick",
                  "is " + b["tick"].dump().substr(0, 40) + "; boundary " + std::to_string(i) + " is at tick " + std::to_string(tick));
        if (!b["time"].is_number_float()) error("-", path + ".time", "must be a number written as a real (seconds)");
        std::vector<Subject> nodes, comps;
        for (const auto& n : model.nodes) nodes.push_back({&n.id, n.desc->observables});
        for (const auto& c : model.components) comps.push_back({&c.id, c.observables()});
        static constexpr ObservableDescriptor kSignalValue[] = {{.name = "value", .unit = ""}};
        std::vector<Subject> signals_;
        for (const auto& g : model.timeSignals) signals_.push_back({&g.id, kSignalValue});
        if (firstNames.empty()) firstNames.resize(nodes.size() + comps.size() + signals_.size());
        group(b["nodes"], path + ".nodes", nodes, i, firstNames, 0);
        group(b["components"], path + ".components", comps, i, firstNames, nodes.size());
        if (withSignals) group(b["signals"], path + ".signals", signals_, i, firstNames, nodes.size() + comps.size());
    }

    // every subject present in model order; its observables a subsequence of its
    // descriptor's, the same at every boundary; integers where the descriptor says so
    void group(const Json& g, const std::string& path, const std::vector<Subject>& subjects, std::size_t i,
               std::vector<std::vector<std::string>>& firstNames, std::size_t offset)
    {
        if (!g.is_object()) {
            error("-", path, "must be an object keyed by id");
            return;
        }
        auto it = g.begin();
        for (std::size_t s = 0; s < subjects.size(); ++s, ++it) {
            const std::string& id = *subjects[s].id;
            if (it == g.end() || it.key() != id) {
                error("-", path,
                      (it == g.end() ? std::string("ends") : "has '" + it.key() + "'") + " where '" + id +
                          "' is expected (every id of the model appears, in model order)");
                return;
            }
            const std::string where = path + "." + id;
            const Json& values = it.value();
            if (!values.is_object()) {
                error(id, where, "must be an object of observables");
                continue;
            }
            std::vector<std::string> names;
            std::size_t next = 0; // next candidate descriptor observable
            const auto& obs = subjects[s].observables;
            for (auto v = values.begin(); v != values.end(); ++v) {
                while (next < obs.size() && v.key() != obs[next].name) ++next;
                if (next == obs.size()) {
                    error(id, where + "." + v.key(), "is not an observable of '" + id + "', or is out of order");
                    return;
                }
                const bool integer = obs[next].integer;
                if (integer ? !v.value().is_number_integer() : !v.value().is_number_float())
                    error(id, where + "." + v.key(), integer ? "must be a whole number" : "must be a number written as a real");
                names.push_back(v.key());
                ++next;
            }
            std::vector<std::string>& first = firstNames[offset + s];
            if (i == 0)
                first = std::move(names);
            else if (names != first)
                error(id, where, "has other observables than at boundary 0 (every boundary records the same ones)");
        }
        if (it != g.end()) error("-", path + "." + it.key(), "is not an id of the model");
    }

    // the model's own diagnostics, their fields placed under `model.`
    void adopt(const Diagnostics& from)
    {
        for (const auto& x : from.items()) {
            const std::string field = x.field == "-" ? "model" : "model." + x.field;
            if (x.severity == Severity::Warning)
                m_d.warning(x.subject, field, x.message);
            else
                error(x.subject, field, x.message);
        }
    }

    Diagnostics& m_d;
    int m_errors = 0;
};

} // namespace

bool checkSchema(const Json& root, Asset& a, Diagnostics& d)
{
    Schema s(d);
    s.keys(root, "", {"format", "version", "model", "model_fingerprint", "capabilities", "expected", "fmus", "signature"},
           {"format", "version", "model", "model_fingerprint", "capabilities", "expected", "signature"});
    s.capabilitiesKnown(a.capabilities);
    if (s.failed()) return false;
    const std::shared_ptr<const EmbeddedFmus> fmus = s.fmus(root);
    if (!fmus) return false;
    std::shared_ptr<const Model> model = s.model(root["model"], fmus);
    if (!model) return false;
    s.fmusUsed(*fmus, *model);
    s.capabilitiesMatch(a.capabilities, *model);
    s.expected(root["expected"], *model, a);
    if (s.failed()) return false;
    a.model = root["model"];
    a.fmus = root.contains("fmus") ? root["fmus"] : Json::object();
    a.compiled = std::move(model);
    return true;
}

} // namespace drivelab::assetv1
