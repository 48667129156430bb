#include "storedzip.h"

#include <array>

namespace drivelab::fmi {

namespace {

constexpr std::uint16_t kVersion = 20;   // 2.0: the version a reader needs (and that made it)
constexpr std::uint16_t kDosTime = 0;    // 00:00:00
constexpr std::uint16_t kDosDate = 0x21; // 1980-01-01

void put16(std::string& s, std::uint16_t v)
{
    s += static_cast<char>(v & 0xff);
    s += static_cast<char>(v >> 8);
}

void put32(std::string& s, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i) s += static_cast<char>((v >> (8 * i)) & 0xff);
}

} // namespace

std::uint32_t crc32(const std::string& data)
{
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    std::uint32_t c = 0xffffffffu;
    for (unsigned char b : data) c = table[(c ^ b) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

bool StoredZip::add(const std::string& name, const std::string& data, std::string& why)
{
    if (m_entries.size() >= 0xffff || name.size() > 0xffff || data.size() >= 0xffffffffull ||
        m_body.size() + data.size() + name.size() + 30 >= 0xffffffffull) {
        why = name + ": the archive would pass the zip format's 4 GiB limit";
        return false;
    }
    Entry e;
    e.name = name;
    e.crc = crc32(data);
    e.size = static_cast<std::uint32_t>(data.size());
    e.offset = static_cast<std::uint32_t>(m_body.size());
    // local file header
    put32(m_body, 0x04034b50);
    put16(m_body, kVersion);
    put16(m_body, 0); // flags
    put16(m_body, 0); // stored
    put16(m_body, kDosTime);
    put16(m_body, kDosDate);
    put32(m_body, e.crc);
    put32(m_body, e.size); // compressed size = size
    put32(m_body, e.size);
    put16(m_body, static_cast<std::uint16_t>(name.size()));
    put16(m_body, 0); // no extra field
    m_body += name;
    m_body += data;
    m_entries.push_back(std::move(e));
    return true;
}

std::string StoredZip::finish() const
{
    std::string out = m_body;
    const std::uint32_t dirOffset = static_cast<std::uint32_t>(out.size());
    for (const Entry& e : m_entries) {
        put32(out, 0x02014b50);
        put16(out, (3u << 8) | kVersion); // made by: Unix, 2.0
        put16(out, kVersion);
        put16(out, 0);
        put16(out, 0);
        put16(out, kDosTime);
        put16(out, kDosDate);
        put32(out, e.crc);
        put32(out, e.size);
        put32(out, e.size);
        put16(out, static_cast<std::uint16_t>(e.name.size()));
        put16(out, 0);              // extra
        put16(out, 0);              // comment
        put16(out, 0);              // disk
        put16(out, 0);              // internal attributes
        put32(out, 0100644u << 16); // external: a regular file, rw-r--r--
        put32(out, e.offset);
        out += e.name;
    }
    const std::uint32_t dirSize = static_cast<std::uint32_t>(out.size()) - dirOffset;
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, static_cast<std::uint16_t>(m_entries.size()));
    put16(out, static_cast<std::uint16_t>(m_entries.size()));
    put32(out, dirSize);
    put32(out, dirOffset);
    put16(out, 0); // no comment
    return out;
}

} // namespace drivelab::fmi
