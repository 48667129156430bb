#pragma once
// Stable 64-bit hashing for fingerprints, state hashes and asset signatures.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace drivelab {

/// Incremental 64-bit hash: FNV-1a over bytes with a final avalanche mix.
/// Byte-order independent of the host (values are fed little-endian), so the
/// same inputs give the same digest on every build and platform.
class Hash64 {
public:
    /// feed raw bytes
    void bytes(const void* data, std::size_t n)
    {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < n; ++i) {
            m_h ^= p[i];
            m_h *= 0x100000001b3ull;
        }
    }
    /// feed a 64-bit unsigned value, little-endian
    void u64(std::uint64_t v)
    {
        unsigned char b[8];
        for (int i = 0; i < 8; ++i) b[i] = static_cast<unsigned char>(v >> (8 * i));
        bytes(b, 8);
    }
    /// feed a signed integer
    void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
    /// feed a double by its exact bit pattern
    void f64(double v)
    {
        std::uint64_t u;
        std::memcpy(&u, &v, 8);
        u64(u);
    }
    /// feed a length-prefixed string
    void str(std::string_view s)
    {
        u64(s.size());
        bytes(s.data(), s.size());
    }
    /// the digest (the state stays usable)
    std::uint64_t digest() const
    {
        std::uint64_t z = m_h;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t m_h = 0xcbf29ce484222325ull;
};

/// 64-bit hash of a byte string
std::uint64_t hashBytes(std::string_view s);
/// 16 lowercase hex digits
std::string toHex16(std::uint64_t v);
/// parse 16 lowercase hex digits; false if malformed
bool fromHex16(std::string_view s, std::uint64_t& out);

} // namespace drivelab
