#include "util/textescape.h"

namespace drivelab {
namespace {

// length of the well-formed UTF-8 sequence at text[i] that is not a control character, or 0
std::size_t printableSequence(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) {
        return static_cast<unsigned char>(text[k]);
    };
    const unsigned char c = byte(i);
    if (c < 0x20 || c == 0x7f) return 0;
    if (c < 0x80) return 1;
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xbf; // range of the second byte (overlongs and surrogates excluded)
    if (c >= 0xc2 && c <= 0xdf)
        len = 2;
    else if (c == 0xe0) {
        len = 3;
        lo = 0xa0;
    } else if (c >= 0xe1 && c <= 0xec)
        len = 3;
    else if (c == 0xed) {
        len = 3;
        hi = 0x9f;
    } else if (c >= 0xee && c <= 0xef)
        len = 3;
    else if (c == 0xf0) {
        len = 4;
        lo = 0x90;
    } else if (c >= 0xf1 && c <= 0xf3)
        len = 4;
    else if (c == 0xf4) {
        len = 4;
        hi = 0x8f;
    } else
        return 0;
    if (i + len > text.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < len; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return 0;
    }
    // the C1 controls U+0080..U+009F are encoded c2 80..c2 9f
    if (c == 0xc2 && byte(i + 1) <= 0x9f) return 0;
    return len;
}

} // namespace

std::string printableText(std::string_view text)
{
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = printableSequence(text, i);
        if (n > 0) {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        const unsigned char c = static_cast<unsigned char>(text[i++]);
        out += "\\x";
        out.push_back(hex[c >> 4]);
        out.push_back(hex[c & 0xf]);
    }
    return out;
}

std::string printableLines(std::string_view text)
{
    std::string out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        out += printableText(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) break;
        out.push_back('\n');
        start = end + 1;
    }
    return out;
}

bool isPrintableText(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = printableSequence(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

Json printableJson(const Json& value)
{
    if (value.is_string()) return printableText(value.get_ref<const std::string&>());
    if (value.is_array()) {
        Json out = Json::array();
        for (const Json& v : value) out.push_back(printableJson(v));
        return out;
    }
    if (value.is_object()) {
        Json out = Json::object();
        for (auto it = value.begin(); it != value.end(); ++it) out[printableText(it.key())] = printableJson(it.value());
        return out;
    }
    return value;
}

} // namespace drivelab
