#include "util/jsonwrite.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace drivelab {

void appendDouble(std::string& out, double v)
{
    if (!std::isfinite(v)) throw std::domain_error("non-finite number cannot be written as JSON");
    char buf[40];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string_view s(buf, static_cast<std::size_t>(r.ptr - buf));
    out.append(s);
    // keep doubles visibly real: "100" -> "100.0"
    if (s.find_first_of(".e") == std::string_view::npos) out.append(".0");
}

std::string formatDouble(double v)
{
    std::string s;
    appendDouble(s, v);
    return s;
}

void appendJsonString(std::string& out, const std::string& s)
{
    out.push_back('"');
    for (unsigned char c : s) {
        switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        default:
            if (c < 0x20) {
                static const char* hex = "0123456789abcdef";
                out.append("\\u00");
                out.push_back(hex[c >> 4]);
                out.push_back(hex[c & 0xf]);
            } else {
                out.push_back(static_cast<char>(c));
            }
        }
    }
    out.push_back('"');
}

namespace {

void appendScalar(std::string& out, const Json& v)
{
    switch (v.type()) {
    case Json::value_t::null: out.append("null"); break;
    case Json::value_t::boolean: out.append(v.get<bool>() ? "true" : "false"); break;
    case Json::value_t::number_integer: out.append(std::to_string(v.get<std::int64_t>())); break;
    case Json::value_t::number_unsigned: out.append(std::to_string(v.get<std::uint64_t>())); break;
    case Json::value_t::number_float: appendDouble(out, v.get<double>()); break;
    case Json::value_t::string: appendJsonString(out, v.get_ref<const std::string&>()); break;
    default: throw std::domain_error("unsupported JSON value");
    }
}

void appendCanonical(std::string& out, const Json& v)
{
    if (v.is_object()) {
        std::vector<const std::string*> keys;
        keys.reserve(v.size());
        for (auto it = v.begin(); it != v.end(); ++it) keys.push_back(&it.key());
        std::sort(keys.begin(), keys.end(), [](const std::string* a, const std::string* b) {
            return *a < *b;
        });
        out.push_back('{');
        bool first = true;
        for (const std::string* k : keys) {
            if (!first) out.push_back(',');
            first = false;
            appendJsonString(out, *k);
            out.push_back(':');
            appendCanonical(out, v.at(*k));
        }
        out.push_back('}');
    } else if (v.is_array()) {
        out.push_back('[');
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i) out.push_back(',');
            appendCanonical(out, v[i]);
        }
        out.push_back(']');
    } else {
        appendScalar(out, v);
    }
}

bool allScalar(const Json& v)
{
    for (const auto& e : v) {
        if (e.is_object() || e.is_array()) return false;
    }
    return true;
}

void indentTo(std::string& out, int level)
{
    out.push_back('\n');
    out.append(static_cast<std::size_t>(level) * 2, ' ');
}

void appendPretty(std::string& out, const Json& v, int level)
{
    const bool container = v.is_object() || v.is_array();
    if (!container) {
        appendScalar(out, v);
        return;
    }
    if (v.empty()) {
        out.append(v.is_object() ? "{}" : "[]");
        return;
    }
    // short all-scalar containers on one line
    if (allScalar(v)) {
        std::string line;
        line.push_back(v.is_object() ? '{' : '[');
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            line.append(first ? (v.is_object() ? " " : "") : ", ");
            first = false;
            if (v.is_object()) {
                appendJsonString(line, it.key());
                line.append(": ");
            }
            appendScalar(line, *it);
        }
        line.append(v.is_object() ? " }" : "]");
        if (line.size() <= 110) {
            out.append(line);
            return;
        }
    }
    out.push_back(v.is_object() ? '{' : '[');
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (!first) out.push_back(',');
        first = false;
        indentTo(out, level + 1);
        if (v.is_object()) {
            appendJsonString(out, it.key());
            out.append(": ");
        }
        appendPretty(out, *it, level + 1);
    }
    indentTo(out, level);
    out.push_back(v.is_object() ? '}' : ']');
}

} // namespace

std::string canonicalJson(const Json& value)
{
    std::string out;
    appendCanonical(out, value);
    return out;
}

std::string prettyJson(const Json& value)
{
    std::string out;
    appendPretty(out, value, 0);
    out.push_back('\n');
    return out;
}

} // namespace drivelab
