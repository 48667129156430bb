#include "zipreader.h"

#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

namespace drivelab {
namespace {

/// little-endian fields of the zip format
std::uint32_t zipU16(const std::string& b, std::size_t at)
{
    return static_cast<unsigned char>(b[at]) | static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8;
}
std::uint32_t zipU32(const std::string& b, std::size_t at) { return zipU16(b, at) | zipU16(b, at + 2) << 16; }

constexpr std::uint32_t kEndSignature = 0x06054b50;     // end of central directory
constexpr std::uint32_t kCentralSignature = 0x02014b50; // central directory file header
constexpr std::uint32_t kLocalSignature = 0x04034b50;   // local file header
constexpr std::size_t kMaxEntry = std::size_t(1) << 30;  // 1 GiB

/// an entry name that stays inside the folder it is extracted to
bool zipSafeName(const std::string& name)
{
    if (name.empty() || name[0] == '/' || name.find('\\') != std::string::npos || name.find(':') != std::string::npos) return false;
    std::size_t begin = 0;
    while (begin <= name.size()) {
        const std::size_t end = std::min(name.find('/', begin), name.size());
        if (name.compare(begin, end - begin, "..") == 0) return false;
        begin = end + 1;
    }
    return true;
}

} // namespace

bool ZipReader::fail(const std::string& why)
{
    m_error = why;
    return false;
}

bool ZipReader::open(std::string bytes)
{
    m_bytes = std::move(bytes);
    m_entries.clear();
    const std::string& b = m_bytes;
    // the end record: the last signature within the 64 KiB comment the format allows
    if (b.size() < 22) return fail("not a zip archive (too short)");
    std::size_t end = std::string::npos;
    const std::size_t lowest = b.size() > 22 + 65535 ? b.size() - 22 - 65535 : 0;
    for (std::size_t at = b.size() - 22 + 1; at-- > lowest;) {
        if (zipU32(b, at) == kEndSignature) {
            end = at;
            break;
        }
    }
    if (end == std::string::npos) return fail("not a zip archive (no end of central directory)");
    const std::uint32_t count = zipU16(b, end + 10);
    const std::uint32_t dirSize = zipU32(b, end + 12);
    const std::uint32_t dirOffset = zipU32(b, end + 16);
    if (count == 0xffff || dirSize == 0xffffffffu || dirOffset == 0xffffffffu) return fail("a zip64 archive (not supported)");
    if (zipU16(b, end + 4) != 0 || zipU16(b, end + 6) != 0) return fail("a multi-part zip archive (not supported)");
    if (std::size_t(dirOffset) + dirSize > end) return fail("a damaged zip archive (central directory out of range)");
    std::size_t at = dirOffset;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (at + 46 > end || zipU32(b, at) != kCentralSignature) return fail("a damaged zip archive (central directory entry " + std::to_string(i) + ")");
        ZipEntry e;
        const std::uint32_t flags = zipU16(b, at + 8);
        e.method = zipU16(b, at + 10);
        e.crc = zipU32(b, at + 16);
        e.packedSize = zipU32(b, at + 20);
        e.size = zipU32(b, at + 24);
        const std::uint32_t nameLen = zipU16(b, at + 28), extraLen = zipU16(b, at + 30), commentLen = zipU16(b, at + 32);
        e.localOffset = zipU32(b, at + 42);
        if (at + 46 + nameLen > end) return fail("a damaged zip archive (entry name out of range)");
        e.name = b.substr(at + 46, nameLen);
        at += 46 + nameLen + extraLen + commentLen;
        if (flags & 1u) return fail("entry '" + e.name + "' is encrypted (not supported)");
        if (e.method != 0 && e.method != 8) return fail("entry '" + e.name + "' uses compression method " + std::to_string(e.method) + " (only stored and deflated)");
        if (!zipSafeName(e.name)) return fail("entry '" + e.name + "' names a path outside the archive's folder");
        if (e.size > kMaxEntry || e.packedSize == 0xffffffffu) return fail("entry '" + e.name + "' is larger than 1 GiB (not supported)");
        m_entries.push_back(std::move(e));
    }
    return true;
}

bool ZipReader::read(const ZipEntry& e, std::string& out)
{
    const std::string& b = m_bytes;
    const std::size_t at = e.localOffset;
    if (at + 30 > b.size() || zipU32(b, at) != kLocalSignature) return fail("entry '" + e.name + "': damaged local header");
    const std::size_t data = at + 30 + zipU16(b, at + 26) + zipU16(b, at + 28);
    if (data + e.packedSize > b.size()) return fail("entry '" + e.name + "': data out of range");
    out.assign(e.size, '\0');
    if (e.method == 0) {
        if (e.packedSize != e.size) return fail("entry '" + e.name + "': stored with two different sizes");
        out.assign(b, data, e.size);
    } else {
        // raw deflate (no zlib header): window bits -15
        z_stream z{};
        if (inflateInit2(&z, -15) != Z_OK) return fail("entry '" + e.name + "': inflate could not start");
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(b.data() + data));
        z.avail_in = static_cast<uInt>(e.packedSize);
        z.next_out = reinterpret_cast<Bytef*>(out.data());
        z.avail_out = static_cast<uInt>(out.size());
        const int rc = inflate(&z, Z_FINISH);
        const std::size_t produced = z.total_out;
        inflateEnd(&z);
        if (rc != Z_STREAM_END || produced != e.size) return fail("entry '" + e.name + "': damaged deflate data");
    }
    const unsigned long crc = crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(out.data()), static_cast<uInt>(out.size()));
    if (crc != e.crc) return fail("entry '" + e.name + "': CRC-32 mismatch (a damaged archive)");
    return true;
}

bool ZipReader::extractAll(const std::string& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    for (const ZipEntry& e : m_entries) {
        const fs::path target = fs::path(dir) / e.name;
        if (e.name.back() == '/') {
            fs::create_directories(target, ec);
            if (ec) return fail("cannot make folder " + target.string() + ": " + ec.message());
            continue;
        }
        std::string bytes;
        if (!read(e, bytes)) return false;
        fs::create_directories(target.parent_path(), ec);
        if (ec) return fail("cannot make folder " + target.parent_path().string() + ": " + ec.message());
        std::ofstream f(target, std::ios::binary | std::ios::trunc);
        f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!f.good()) return fail("cannot write " + target.string());
    }
    return true;
}

} // namespace drivelab
