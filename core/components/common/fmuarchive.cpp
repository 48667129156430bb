#include "components/common/fmuarchive.h"

#include <fstream>
#include <sstream>

#include "spec/labfiles.h"

namespace drivelab {
namespace {

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// the 6-bit value of a base64 character, or -1
int base64Value(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

} // namespace

bool readFmuArchive(const LabSpec& lab, const std::string& file, std::string& bytes, std::string& why)
{
    if (lab.fileReader) {
        if (lab.fileReader(file, bytes, why)) return true;
        why = "FMU file '" + file + "' cannot be read: " + why;
        return false;
    }
    const std::string path = labFilePath(lab, file);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        why = "FMU file '" + path + "' cannot be read (missing or not readable)";
        return false;
    }
    std::ostringstream s;
    s << in.rdbuf();
    bytes = s.str();
    return true;
}

std::string base64Encode(std::string_view bytes)
{
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 | static_cast<unsigned char>(bytes[i + 1]) << 8 |
                           static_cast<unsigned char>(bytes[i + 2]);
        for (int k = 18; k >= 0; k -= 6) out += kBase64[(v >> k) & 63];
    }
    const std::size_t rest = bytes.size() - i;
    if (rest) {
        unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        if (rest == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        out += kBase64[(v >> 18) & 63];
        out += kBase64[(v >> 12) & 63];
        out += rest == 2 ? kBase64[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

bool base64Decode(std::string_view text, std::string& bytes)
{
    bytes.clear();
    if (text.size() % 4 != 0) return false;
    bytes.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        const bool last = i + 4 == text.size();
        const int pad = last ? (text[i + 3] == '=') + (text[i + 2] == '=') : 0;
        if (pad == 1 && text[i + 2] == '=') return false; // "x=y=" is not padding
        unsigned v = 0;
        for (int k = 0; k < 4; ++k) {
            const int c = k >= 4 - pad ? 0 : base64Value(text[i + static_cast<std::size_t>(k)]);
            if (c < 0) return false;
            v = v << 6 | static_cast<unsigned>(c);
        }
        bytes += static_cast<char>((v >> 16) & 255);
        if (pad < 2) bytes += static_cast<char>((v >> 8) & 255);
        if (pad < 1) bytes += static_cast<char>(v & 255);
        // canonical: the bits padding drops are zero
        if ((pad == 1 && (v & 255)) || (pad == 2 && (v & 0xffff))) return false;
    }
    return true;
}

LabFileReader embeddedFmuReader(std::shared_ptr<const EmbeddedFmus> fmus)
{
    return [fmus = std::move(fmus)](const std::string& file, std::string& bytes, std::string& why) {
        const auto it = fmus->find(file);
        if (it == fmus->end()) {
            why = "an asset's model reads no file from disk, and the asset embeds no FMU '" + file + "' (its `fmus`)";
            return false;
        }
        bytes = it->second;
        return true;
    };
}

} // namespace drivelab
