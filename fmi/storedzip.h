#pragma once
// A zip archive of stored (uncompressed) entries, written whole into memory (PKWARE APPNOTE 6.3:
// local file headers, central directory, end record; no compression, no zip64, no data
// descriptors). Every entry carries the same fixed time stamp (1980-01-01 00:00), so the same
// files give the same bytes: an FMU's archive is reproducible. Any unzip reads it.
#include <cstdint>
#include <string>
#include <vector>

namespace drivelab::fmi {

/// CRC-32 (ISO 3309, the polynomial zip uses) of `data`
std::uint32_t crc32(const std::string& data);

/// the archive being written
class StoredZip {
public:
    /// add a file (`name` with '/' separators, no leading '/'); false with why past the format's 4 GiB
    /// and 65535-entry limits
    bool add(const std::string& name, const std::string& data, std::string& why);
    /// the archive's bytes
    std::string finish() const;

private:
    struct Entry {
        std::string name;
        std::uint32_t crc = 0;
        std::uint32_t size = 0;
        std::uint32_t offset = 0;
    };
    std::string m_body; // local headers and data
    std::vector<Entry> m_entries;
};

} // namespace drivelab::fmi
