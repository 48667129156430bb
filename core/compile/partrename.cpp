#include "compile/partrename.h"

#include "compile/partdef.h"

namespace drivelab {
namespace {

bool nameChar(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

// every "=expr" string inside v (recursively: table rows, 2-D tables, bindings' scale)
void renameInside(Json& v, const std::string& from, const std::string& to)
{
    if (v.is_string()) {
        if (isExpressionValue(v)) v = renameInExpression(v.get<std::string>(), from, to);
    } else if (v.is_array() || v.is_object()) {
        for (auto& e : v) renameInside(e, from, to);
    }
}

// rename key `from` of an instance's `parameters` to `to`, keeping its place
void renameKey(Json& params, const std::string& from, const std::string& to)
{
    if (!params.is_object() || !params.contains(from)) return;
    Json renamed = Json::object();
    for (auto it = params.begin(); it != params.end(); ++it) renamed[it.key() == from ? to : it.key()] = it.value();
    params = std::move(renamed);
}

} // namespace

std::string renameInExpression(const std::string& text, const std::string& from, const std::string& to)
{
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        if (!nameChar(text[i])) {
            out += text[i++];
            continue;
        }
        // one run of name characters: a name (or a number, whose letters are not names)
        std::size_t j = i;
        while (j < text.size() && nameChar(text[j])) ++j;
        const std::string word = text.substr(i, j - i);
        out += word == from ? to : word;
        i = j;
    }
    return out;
}

bool renamePartParameter(Json& def, const std::string& from, const std::string& to, std::string& why)
{
    if (!def.is_object() || !def.contains("parameters") || !def["parameters"].is_array()) {
        why = "the part has no parameters";
        return false;
    }
    Json* entry = nullptr;
    for (Json& p : def["parameters"]) {
        if (!p.is_object() || !p.contains("name")) continue;
        if (p["name"] == to) {
            why = "the part already has a parameter '" + to + "'";
            return false;
        }
        if (p["name"] == from) entry = &p;
    }
    if (!entry) {
        why = "the part has no parameter '" + from + "'";
        return false;
    }
    if (!isParameterName(to)) {
        why = "'" + to.substr(0, 80) + "' is not a parameter name (a letter, then letters, digits or _)";
        return false;
    }
    (*entry)["name"] = to;
    for (const char* k : {"nodes", "components", "signals", "instances"}) {
        if (def.contains(k)) renameInside(def[k], from, to);
    }
    return true;
}

void renameInstanceParameters(Json& def, const std::string& part, const std::string& from, const std::string& to)
{
    if (!def.is_object() || !def.contains("instances") || !def["instances"].is_array()) return;
    for (Json& inst : def["instances"]) {
        if (inst.is_object() && inst.value("part", std::string()) == part && inst.contains("parameters"))
            renameKey(inst["parameters"], from, to);
    }
}

void renameInstanceParameters(LabSpec& lab, const std::string& part, const std::string& from, const std::string& to)
{
    for (InstanceSpec& inst : lab.instances) {
        if (inst.part == part) renameKey(inst.parameters, from, to);
    }
    for (Json& def : lab.parts) renameInstanceParameters(def, part, from, to);
}

bool renameInlinePartParameter(LabSpec& lab, const std::string& part, const std::string& from, const std::string& to, std::string& why)
{
    for (Json& def : lab.parts) {
        if (!def.is_object() || def.value("name", std::string()) != part) continue;
        if (!renamePartParameter(def, from, to, why)) return false;
        renameInstanceParameters(lab, part, from, to);
        return true;
    }
    why = "the lab defines no part '" + part + "'";
    return false;
}

} // namespace drivelab
