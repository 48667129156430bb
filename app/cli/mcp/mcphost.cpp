// Host and Origin values the HTTP transport takes (mcphost.h): parsed, never matched by prefix.
#include "cli/mcp/mcphost.h"

#include <cstddef>

namespace drivelab::cli::mcp {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool sameIgnoringCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lowerAscii(a[i]) != lowerAscii(b[i])) return false;
    return true;
}

// a decimal number 0..255 without a leading zero (as `0` alone); its value in `v`
bool octet(std::string_view s, int& v)
{
    if (s.empty() || s.size() > 3 || (s.size() > 1 && s[0] == '0')) return false;
    v = 0;
    for (const char c : s) {
        if (!digit(c)) return false;
        v = v * 10 + (c - '0');
    }
    return v <= 255;
}

// 127.x.y.z written as four canonical decimal parts
bool loopbackIpv4(std::string_view s)
{
    int first = -1;
    for (int part = 0; part < 4; ++part) {
        const std::size_t dot = s.find('.');
        const bool last = part == 3;
        if (last != (dot == std::string_view::npos)) return false;
        int v = 0;
        if (!octet(s.substr(0, dot), v)) return false;
        if (part == 0) first = v;
        if (!last) s.remove_prefix(dot + 1);
    }
    return first == 127;
}

// a port: 1 to 5 digits, at most 65535
bool port(std::string_view s)
{
    if (s.empty() || s.size() > 5) return false;
    long v = 0;
    for (const char c : s) {
        if (!digit(c)) return false;
        v = v * 10 + (c - '0');
    }
    return v <= 65535;
}

} // namespace

bool allowedAuthority(std::string_view value, AuthorityHeader header, std::string_view alsoHost)
{
    // an Origin: http or https, then the authority (a browser sends nothing after it)
    if (header == AuthorityHeader::Origin) {
        const std::size_t sep = value.find("://");
        if (sep == std::string_view::npos) return false; // `null`, or not an origin
        const std::string_view scheme = value.substr(0, sep);
        if (!sameIgnoringCase(scheme, "http") && !sameIgnoringCase(scheme, "https")) return false;
        value.remove_prefix(sep + 3);
    }
    // the host (an IPv6 literal with its brackets) and the port after it
    std::string_view host = value, rest;
    if (!value.empty() && value.front() == '[') {
        const std::size_t close = value.find(']');
        if (close == std::string_view::npos) return false;
        host = value.substr(0, close + 1);
        rest = value.substr(close + 1);
    } else if (const std::size_t colon = value.find(':'); colon != std::string_view::npos) {
        host = value.substr(0, colon);
        rest = value.substr(colon);
    }
    if (!rest.empty() && (rest.front() != ':' || !port(rest.substr(1)))) return false;
    // the names only this machine answers to; anything else (a character more or less) is foreign
    if (host.empty()) return false;
    if (sameIgnoringCase(host, "localhost") || host == "[::1]" || loopbackIpv4(host)) return true;
    return !alsoHost.empty() && sameIgnoringCase(host, alsoHost);
}

} // namespace drivelab::cli::mcp
