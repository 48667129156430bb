#include "util/hash.h"

namespace drivelab {

std::uint64_t hashBytes(std::string_view s)
{
    Hash64 h;
    h.bytes(s.data(), s.size());
    return h.digest();
}

std::string toHex16(std::uint64_t v)
{
    static const char* digits = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i) {
        out[static_cast<std::size_t>(i)] = digits[v & 0xf];
        v >>= 4;
    }
    return out;
}

bool fromHex16(std::string_view s, std::uint64_t& out)
{
    if (s.size() != 16) return false;
    std::uint64_t v = 0;
    for (char c : s) {
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else
            return false;
        v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    out = v;
    return true;
}

} // namespace drivelab
