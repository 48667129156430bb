#pragma once
// The names the HTTP transport answers to (docs/MCP.md, "Errors, limits and security"): the
// defence against DNS rebinding, where a page of an attacker's site makes the browser send
// requests to a name the attacker owns that resolves to 127.0.0.1. Such a request carries the
// attacker's name in Host and Origin, so both must name this machine by a name no one else can
// own. One pure function, tested by a table in tests/core/tst_mcp.cpp.
#include <string_view>

namespace drivelab::cli::mcp {

/// the header a value comes from
enum class AuthorityHeader {
    Host,  ///< `Host: HOST[:PORT]`
    Origin ///< `Origin: SCHEME://HOST[:PORT]` (a browser's serialized origin, or `null`)
};

/// True when `value` (the whole header value) names this server by a loopback name:
/// `localhost` (in any case), a canonical dotted-quad IPv4 literal in 127.0.0.0/8 (four decimal
/// parts 0..255 without leading zeros, the first 127) or `[::1]`; or, when `alsoHost` is not
/// empty, exactly `alsoHost` ignoring case (the HOST of `--http HOST:PORT --allow-remote`,
/// brackets included for IPv6). An Origin must be `http://` or `https://` and the host; either
/// header may end in `:PORT` (1 to 5 digits, at most 65535). Everything else is false: other
/// names and look-alikes (`127.0.0.1.evil.example`, `localhost.evil.example`), trailing dots,
/// other IPv4 spellings (`127.1`, `0x7f.0.0.1`, `0177.0.0.1`, `2130706433`), other IPv6 spellings
/// (`[0:0:0:0:0:0:0:1]`, `[::ffff:127.0.0.1]`, a bare `::1`, zones), userinfo, paths, queries,
/// an Origin of `null` or of another scheme, an empty value.
bool allowedAuthority(std::string_view value, AuthorityHeader header, std::string_view alsoHost = {});

} // namespace drivelab::cli::mcp
