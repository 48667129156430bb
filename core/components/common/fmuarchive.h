#pragma once
// An imported FMU's archive as bytes (docs/FMI.md, "Import"; docs/ASSETS.md, "Imported FMUs"):
// read from the file a lab names (or through the lab's file reader), and carried inside a
// portable asset as base64 so the asset replays without the file beside it. The core only moves
// bytes here; the platform's loader (fmuhost.h) unpacks and opens them.
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "spec/labspec.h"

namespace drivelab {

/// the bytes of the FMU archive `file` (as the lab names it): through lab.fileReader when it has
/// one, else from labFilePath(lab, file); false with why (naming the file) when it cannot be read
bool readFmuArchive(const LabSpec& lab, const std::string& file, std::string& bytes, std::string& why);

/// base64 (RFC 4648 alphabet, '=' padding, no line breaks)
std::string base64Encode(std::string_view bytes);
/// the bytes of canonical base64 text (what base64Encode writes); false when `text` is not
bool base64Decode(std::string_view text, std::string& bytes);

/// archives by the file name the lab's fmu components give (an asset's `fmus`, decoded)
using EmbeddedFmus = std::map<std::string, std::string>;
/// a LabFileReader serving `fmus` by name and refusing every other file (an asset's model reads
/// nothing from disk)
LabFileReader embeddedFmuReader(std::shared_ptr<const EmbeddedFmus> fmus);

} // namespace drivelab
