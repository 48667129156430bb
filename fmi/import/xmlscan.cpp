#include "xmlscan.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace drivelab {
namespace {

bool xmlNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == ':'; }
bool xmlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// append the UTF-8 encoding of a code point
void xmlAppendUtf8(std::string& out, unsigned long cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xc0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xe0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    }
}

/// an attribute value with its entity and character references replaced; false on an unknown one
bool xmlDecode(const std::string& raw, std::string& out)
{
    out.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '&') {
            out += raw[i];
            continue;
        }
        const std::size_t semi = raw.find(';', i);
        if (semi == std::string::npos) return false;
        const std::string ref = raw.substr(i + 1, semi - i - 1);
        if (ref == "lt") out += '<';
        else if (ref == "gt") out += '>';
        else if (ref == "amp") out += '&';
        else if (ref == "quot") out += '"';
        else if (ref == "apos") out += '\'';
        else if (ref.size() > 1 && ref[0] == '#') {
            const bool hex = ref[1] == 'x';
            char* stop = nullptr;
            const unsigned long cp = std::strtoul(ref.c_str() + (hex ? 2 : 1), &stop, hex ? 16 : 10);
            if (!stop || *stop || cp == 0 || cp > 0x10ffff) return false;
            xmlAppendUtf8(out, cp);
        } else {
            return false;
        }
        i = semi;
    }
    return true;
}

} // namespace

const std::string* XmlTag::attr(const std::string& key) const
{
    for (const auto& [k, v] : attrs) {
        if (k == key) return &v;
    }
    return nullptr;
}

bool scanXml(const std::string& xml, std::vector<XmlTag>& tags, std::string& error)
{
    tags.clear();
    std::vector<int> open; // indices of the tags still open
    std::size_t i = 0;
    const auto lineAt = [&](std::size_t at) { return std::to_string(1 + std::count(xml.begin(), xml.begin() + static_cast<long>(std::min(at, xml.size())), '\n')); };
    const auto fail = [&](std::size_t at, const std::string& why) {
        error = "line " + lineAt(at) + ": " + why;
        return false;
    };
    bool rootSeen = false;
    while ((i = xml.find('<', i)) != std::string::npos) {
        const std::size_t start = i;
        // comments, processing instructions, CDATA, the document type
        if (xml.compare(i, 4, "<!--") == 0) {
            const std::size_t e = xml.find("-->", i + 4);
            if (e == std::string::npos) return fail(start, "a comment is not closed");
            i = e + 3;
            continue;
        }
        if (xml.compare(i, 2, "<?") == 0) {
            const std::size_t e = xml.find("?>", i + 2);
            if (e == std::string::npos) return fail(start, "a processing instruction is not closed");
            i = e + 2;
            continue;
        }
        if (xml.compare(i, 9, "<![CDATA[") == 0) {
            const std::size_t e = xml.find("]]>", i + 9);
            if (e == std::string::npos) return fail(start, "a CDATA section is not closed");
            i = e + 3;
            continue;
        }
        if (xml.compare(i, 2, "<!") == 0) {
            const std::size_t e = xml.find('>', i + 2);
            if (e == std::string::npos) return fail(start, "a declaration is not closed");
            i = e + 1;
            continue;
        }
        ++i;
        // a closing tag
        if (i < xml.size() && xml[i] == '/') {
            ++i;
            const std::size_t n0 = i;
            while (i < xml.size() && xmlNameChar(xml[i])) ++i;
            const std::string name = xml.substr(n0, i - n0);
            while (i < xml.size() && xmlSpace(xml[i])) ++i;
            if (i >= xml.size() || xml[i] != '>') return fail(start, "closing tag </" + name + " is not closed");
            ++i;
            if (open.empty() || tags[static_cast<std::size_t>(open.back())].name != name)
                return fail(start, "</" + name + "> closes " + (open.empty() ? std::string("nothing") : "<" + tags[static_cast<std::size_t>(open.back())].name + ">"));
            open.pop_back();
            continue;
        }
        // a start tag: name, attributes, '>' or '/>'
        XmlTag t;
        const std::size_t n0 = i;
        while (i < xml.size() && xmlNameChar(xml[i])) ++i;
        t.name = xml.substr(n0, i - n0);
        if (t.name.empty()) return fail(start, "a '<' that starts no tag");
        if (open.empty() && rootSeen) return fail(start, "a second root element <" + t.name + ">");
        bool empty = false;
        for (;;) {
            while (i < xml.size() && xmlSpace(xml[i])) ++i;
            if (i >= xml.size()) return fail(start, "tag <" + t.name + "> is not closed");
            if (xml[i] == '>') {
                ++i;
                break;
            }
            if (xml.compare(i, 2, "/>") == 0) {
                i += 2;
                empty = true;
                break;
            }
            const std::size_t k0 = i;
            while (i < xml.size() && xmlNameChar(xml[i])) ++i;
            const std::string key = xml.substr(k0, i - k0);
            while (i < xml.size() && xmlSpace(xml[i])) ++i;
            if (key.empty() || i >= xml.size() || xml[i] != '=') return fail(start, "tag <" + t.name + ">: an attribute without '=value'");
            ++i;
            while (i < xml.size() && xmlSpace(xml[i])) ++i;
            if (i >= xml.size() || (xml[i] != '"' && xml[i] != '\'')) return fail(start, "tag <" + t.name + ">: attribute " + key + " is not quoted");
            const char q = xml[i++];
            const std::size_t v1 = xml.find(q, i);
            if (v1 == std::string::npos) return fail(start, "tag <" + t.name + ">: attribute " + key + " is not closed");
            std::string value;
            if (!xmlDecode(xml.substr(i, v1 - i), value)) return fail(start, "tag <" + t.name + ">: attribute " + key + " has an unknown '&' reference");
            if (t.attr(key)) return fail(start, "tag <" + t.name + ">: attribute " + key + " given twice");
            t.attrs.emplace_back(key, std::move(value));
            i = v1 + 1;
        }
        t.depth = static_cast<int>(open.size());
        t.parent = open.empty() ? -1 : open.back();
        rootSeen = true;
        tags.push_back(std::move(t));
        if (!empty) open.push_back(static_cast<int>(tags.size()) - 1);
    }
    if (!open.empty()) return fail(xml.size(), "<" + tags[static_cast<std::size_t>(open.back())].name + "> is not closed");
    if (tags.empty()) return fail(0, "no element");
    return true;
}

} // namespace drivelab
