#include "io/assetv2.h"

#include <cmath>

#include "io/assetv1.h"
#include "util/hash.h"

namespace drivelab {
namespace {

// the books a version-2 asset records, in the report's order
constexpr const char* kEnergyKeys[] = {"kinetic_initial", "kinetic_final",         "stored_initial",    "stored_final",
                                       "source_work",     "heat_to_nodes",         "heat_to_ledger",    "numerical_dissipation",
                                       "residual",        "thermal_stored_change", "heat_from_sources", "heat_to_ambient",
                                       "thermal_residual"};
constexpr const char* kVolumeKeys[] = {"supplied", "stored_change", "absorbed_by_chambers", "residual"};
constexpr const char* kOilKeys[] = {"internal_energy_change", "heat_from_losses", "energy_flowed_in", "absorbed_by_chambers"};

// one book object: exactly `keys` in order, each a finite real written as a real
template <std::size_t N> bool checkBooks(const Json& e, const char* member, const char* const (&keys)[N], Diagnostics& d)
{
    const std::string path = std::string("expected.") + member;
    if (!e.contains(member) || !e[member].is_object()) {
        d.error("-", path, "missing or not an object; a version-2 asset records the run's books as the report writes them");
        return false;
    }
    const Json& b = e[member];
    bool ok = b.size() == N;
    std::size_t i = 0;
    for (auto it = b.begin(); ok && it != b.end(); ++it, ++i) ok = it.key() == keys[i];
    if (!ok) {
        std::string list;
        for (const char* k : keys) list += std::string(list.empty() ? "" : ", ") + k;
        d.error("-", path, "must hold exactly " + list + ", in that order");
        return false;
    }
    for (auto it = b.begin(); it != b.end(); ++it) {
        if (!it.value().is_number_float() || !std::isfinite(it.value().get<double>())) {
            d.error("-", path + "." + it.key(), "must be a finite real number");
            return false;
        }
    }
    return true;
}

} // namespace

namespace assetv2 {

Json document(const Asset& a)
{
    Json doc = assetv1::document(a);
    doc["version"] = 2;
    for (auto it = a.books.begin(); it != a.books.end(); ++it) doc["expected"][it.key()] = it.value();
    return doc;
}

std::optional<Asset> read(const Json& root, std::string_view text, Diagnostics& d)
{
    // stage 1: the signature covers every other member
    if (!root.contains("signature") || !root["signature"].is_string() || root["signature"].get<std::string>().size() != 16) {
        d.error("-", "signature", "missing or not 16 lowercase hex digits; every asset carries the signature written with it");
        return std::nullopt;
    }
    const std::string recorded = root["signature"].get<std::string>();
    const std::uint64_t computed = assetSignatureV1(root);
    if (recorded != toHex16(computed)) {
        d.error("-", "signature",
                "does not match the content (recorded " + recorded.substr(0, 16) + ", the content hashes to " + toHex16(computed) +
                    "): the asset was changed after it was written; export it again from its lab");
        return std::nullopt;
    }
    // stages 2 and 3: version 1's fingerprint and schema, on the document without the books
    Json books = Json::object();
    Json v1 = root;
    v1["version"] = 1;
    if (v1.contains("expected") && v1["expected"].is_object()) {
        for (const char* member : {"energy", "fluid_volume", "oil"}) {
            if (!v1["expected"].contains(member)) continue;
            books[member] = v1["expected"][member];
            v1["expected"].erase(member);
        }
    }
    v1["signature"] = toHex16(assetSignatureV1(v1));
    std::optional<Asset> a = assetv1::read(v1, assetTextV1(v1), d);
    if (!a) return std::nullopt;
    // the books: energy always, fluid volume exactly when the model has hydraulic nodes
    const Json& e = root["expected"];
    if (!checkBooks(e, "energy", kEnergyKeys, d)) return std::nullopt;
    if (a->compiled->hasHydraulic && !checkBooks(e, "fluid_volume", kVolumeKeys, d)) return std::nullopt;
    if (!a->compiled->hasHydraulic && e.contains("fluid_volume")) {
        d.error("-", "expected.fluid_volume", "recorded for a model without hydraulic nodes");
        return std::nullopt;
    }
    // the oil books exactly when the model has thermal-liquid volumes
    const bool oil = !a->compiled->oilVolumes.empty();
    if (oil && !checkBooks(e, "oil", kOilKeys, d)) return std::nullopt;
    if (!oil && e.contains("oil")) {
        d.error("-", "expected.oil", "recorded for a model without thermal-liquid volumes");
        return std::nullopt;
    }
    a->version = 2;
    a->books = books;
    a->signature = computed;
    // stage 4: the text is exactly the form DriveLab writes for this content
    Json doc = document(*a);
    doc["signature"] = toHex16(computed);
    const std::string expected = assetTextV1(doc);
    if (expected != text) {
        const std::size_t n = std::min(expected.size(), text.size());
        std::size_t at = 0, line = 1, lineStart = 0;
        while (at < n && expected[at] == text[at]) ++at;
        for (std::size_t i = 0; i < at; ++i) {
            if (text[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        }
        d.error("-", "-",
                "the text differs from the version-2 form DriveLab writes for this content (line " + std::to_string(line) + ", column " +
                    std::to_string(at - lineStart + 1) +
                    "): the file was reformatted or edited; use the file as exported, or export it again");
        return std::nullopt;
    }
    return a;
}

} // namespace assetv2
} // namespace drivelab
