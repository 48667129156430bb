#include "io/assetv1.h"

#include <algorithm>

#include "util/hash.h"

namespace drivelab {
namespace {

// --- the version-1 text form --------------------------------------------------------
// Containers at depth 0..2 that hold a container are written one member per line,
// indented two spaces per level; every other value is written on one line with ", "
// and ": " separators (the report's boundary style). Numbers use the shortest exact
// form (appendDouble), integers their decimal digits.

void appendScalarV1(std::string& out, const Json& v)
{
    switch (v.type()) {
    case Json::value_t::null: out += "null"; break;
    case Json::value_t::boolean: out += v.get<bool>() ? "true" : "false"; break;
    case Json::value_t::number_integer: out += std::to_string(v.get<std::int64_t>()); break;
    case Json::value_t::number_unsigned: out += std::to_string(v.get<std::uint64_t>()); break;
    case Json::value_t::number_float: appendDouble(out, v.get<double>()); break;
    case Json::value_t::string: appendJsonString(out, v.get_ref<const std::string&>()); break;
    default: out += "null"; break; // binary and discarded values never come out of the parser
    }
}

void appendLine(std::string& out, const Json& v)
{
    if (v.is_object()) {
        out += '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first) out += ", ";
            first = false;
            appendJsonString(out, it.key());
            out += ": ";
            appendLine(out, it.value());
        }
        out += '}';
    } else if (v.is_array()) {
        out += '[';
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i) out += ", ";
            appendLine(out, v[i]);
        }
        out += ']';
    } else {
        appendScalarV1(out, v);
    }
}

bool holdsContainer(const Json& v)
{
    return std::any_of(v.begin(), v.end(), [](const Json& e) {
        return e.is_object() || e.is_array();
    });
}

void appendBlock(std::string& out, const Json& v, int depth)
{
    const bool expand = (v.is_object() || v.is_array()) && depth <= 2 && !v.empty() && holdsContainer(v);
    if (!expand) {
        appendLine(out, v);
        return;
    }
    const std::string inner = "\n" + std::string(static_cast<std::size_t>(2 * (depth + 1)), ' ');
    out += v.is_object() ? '{' : '[';
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (!first) out += ',';
        first = false;
        out += inner;
        if (v.is_object()) {
            appendJsonString(out, it.key());
            out += ": ";
        }
        appendBlock(out, it.value(), depth + 1);
    }
    out += '\n';
    out.append(static_cast<std::size_t>(2 * depth), ' ');
    out += v.is_object() ? '}' : ']';
}

// --- the stages ---------------------------------------------------------------------

bool hexField(const Json& root, const char* key, std::uint64_t& out, Diagnostics& d, const char* what)
{
    if (!root.contains(key)) {
        d.error("-", key, std::string("missing; ") + what);
        return false;
    }
    const Json& v = root[key];
    if (!v.is_string() || !fromHex16(v.get_ref<const std::string&>(), out)) {
        d.error("-", key, "must be a string of 16 lowercase hex digits, got " + v.dump().substr(0, 40));
        return false;
    }
    return true;
}

// stage 1: the signature covers every other member of the document
bool checkSignature(const Json& root, Asset& a, Diagnostics& d)
{
    if (!hexField(root, "signature", a.signature, d, "every asset carries the signature written with it")) return false;
    const std::uint64_t computed = assetSignatureV1(root);
    if (computed == a.signature) return true;
    d.error("-", "signature",
            "does not match the content (recorded " + toHex16(a.signature) + ", the content hashes to " + toHex16(computed) +
                "): the asset was changed after it was written; "
                "export it again from its lab");
    return false;
}

// stage 2: the recorded fingerprint is the model's (and its capabilities')
bool checkFingerprint(const Json& root, Asset& a, Diagnostics& d)
{
    bool ok = true;
    if (!root.contains("model") || !root["model"].is_object()) {
        d.error("-", "model", "missing or not an object; an asset holds its model (a normalized lab)");
        ok = false;
    }
    a.capabilities.clear();
    if (!root.contains("capabilities") || !root["capabilities"].is_array()) {
        d.error("-", "capabilities", "missing or not a list; an asset lists the capabilities its model needs ([] for none)");
        ok = false;
    } else {
        const Json& caps = root["capabilities"];
        for (std::size_t i = 0; i < caps.size(); ++i) {
            if (caps[i].is_string()) {
                a.capabilities.push_back(caps[i].get<std::string>());
            } else {
                d.error("-", "capabilities[" + std::to_string(i) + "]", "must be a capability name (a string)");
                ok = false;
            }
        }
    }
    if (!hexField(root, "model_fingerprint", a.fingerprint, d, "an asset records the fingerprint of its model")) ok = false;
    if (!ok) return false;
    const std::uint64_t computed = assetModelFingerprint(root["model"], a.capabilities);
    if (computed == a.fingerprint) return true;
    d.error("-", "model_fingerprint",
            "recorded " + toHex16(a.fingerprint) + " but the model and its capabilities hash to " + toHex16(computed) +
                ": the model was edited after export (a new signature "
                "does not make it valid); export the asset again from its lab");
    return false;
}

// stage 4: the text is exactly the version-1 form of the content, so no byte of the
// file (whitespace, the spelling of a number) can change unnoticed
bool checkTextForm(const Asset& a, std::string_view text, Diagnostics& d)
{
    Json doc = assetv1::document(a);
    doc["signature"] = toHex16(a.signature);
    const std::string expected = assetTextV1(doc);
    if (expected == text) return true;
    const std::size_t n = std::min(expected.size(), text.size());
    std::size_t at = 0;
    while (at < n && expected[at] == text[at]) ++at;
    std::size_t line = 1, lineStart = 0;
    for (std::size_t i = 0; i < at; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    const std::size_t column = at - lineStart + 1;
    d.error("-", "-",
            "the text differs from the version-1 form DriveLab writes for this content (line " + std::to_string(line) + ", column " +
                std::to_string(column) + "): the file was reformatted or edited; use the file as exported, or export it again");
    return false;
}

} // namespace

std::uint64_t assetSignatureV1(const Json& root)
{
    if (!root.is_object() || !root.contains("signature")) return hashBytes(canonicalJson(root));
    Json body = root;
    body.erase("signature");
    return hashBytes(canonicalJson(body));
}

std::uint64_t assetModelFingerprint(const Json& model, const std::vector<std::string>& capabilities)
{
    Hash64 h;
    std::string canon;
    if (model.is_object() && model.contains("name")) {
        Json m = model;
        m.erase("name");
        canon = canonicalJson(m);
    } else {
        canon = canonicalJson(model);
    }
    h.bytes(canon.data(), canon.size());
    for (const auto& cap : capabilities) h.str(cap);
    return h.digest();
}

std::string assetTextV1(const Json& root)
{
    std::string out;
    appendBlock(out, root, 0);
    out += '\n';
    return out;
}

namespace assetv1 {

Json document(const Asset& a)
{
    Json doc = Json::object();
    doc["format"] = kAssetFormat;
    doc["version"] = 1;
    doc["model"] = a.model;
    doc["model_fingerprint"] = toHex16(a.fingerprint);
    Json caps = Json::array();
    for (const auto& c : a.capabilities) caps.push_back(c);
    doc["capabilities"] = std::move(caps);
    Json expected = Json::object();
    expected["ticks"] = a.ticks;
    expected["boundaries"] = a.boundaries;
    expected["final_state_hash"] = toHex16(a.finalStateHash);
    doc["expected"] = std::move(expected);
    // the imported FMUs' archives (a model with fmu components only): the replay needs no file
    if (!a.fmus.empty()) doc["fmus"] = a.fmus;
    return doc;
}

std::optional<Asset> read(const Json& root, std::string_view text, Diagnostics& d)
{
    Asset a;
    a.version = 1;
    if (!checkSignature(root, a, d)) return std::nullopt;
    if (!checkFingerprint(root, a, d)) return std::nullopt;
    if (!checkSchema(root, a, d)) return std::nullopt;
    if (!checkTextForm(a, text, d)) return std::nullopt;
    return a;
}

} // namespace assetv1
} // namespace drivelab
