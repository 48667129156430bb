#pragma once
// Reading the zip archives other tools write (an imported FMU; docs/FMI.md, "Import"): the
// central directory read here, stored and deflated entries (zlib's inflate), every entry's
// CRC-32 checked. Refused, with a message: zip64, encryption, other compression methods, an
// entry name that is absolute or climbs out of the folder (".."), an entry over 1 GiB.
#include <string>
#include <vector>

namespace drivelab {

/// one entry of an archive's central directory
struct ZipEntry {
    std::string name;            ///< the path inside the archive ('/' separated; a folder ends in '/')
    unsigned method = 0;         ///< 0 stored, 8 deflated
    unsigned long crc = 0;       ///< CRC-32 of the uncompressed bytes
    std::size_t packedSize = 0;  ///< compressed size [bytes]
    std::size_t size = 0;        ///< uncompressed size [bytes]
    std::size_t localOffset = 0; ///< offset of its local header
};

/// An archive held in memory.
class ZipReader {
public:
    /// read the central directory of `bytes` (the whole archive); false with error() otherwise
    bool open(std::string bytes);
    /// the entries in directory order
    const std::vector<ZipEntry>& entries() const { return m_entries; }
    /// the uncompressed bytes of an entry (CRC checked); false with error() otherwise
    bool read(const ZipEntry& e, std::string& out);
    /// write every entry below `dir` (folders made as needed); false with error() otherwise
    bool extractAll(const std::string& dir);
    /// why the last call failed
    const std::string& error() const { return m_error; }

private:
    bool fail(const std::string& why);
    std::string m_bytes;
    std::vector<ZipEntry> m_entries;
    std::string m_error;
};

} // namespace drivelab
