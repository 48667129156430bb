#pragma once
// Version 1 of the portable asset: its reader stages and its document layout. Kept
// forever: when version 2 is added, this file stays and keeps reading version-1 assets
// (docs/ASSETS.md, "Adding a version").
#include <optional>
#include <string_view>

#include "io/asset.h"

namespace drivelab::assetv1 {

/// Read a version-1 document whose format and version were already checked:
/// signature, then model fingerprint, then schema, then text form.
std::optional<Asset> read(const Json& root, std::string_view text, Diagnostics& d);
/// The version-1 document of an asset in its fixed key order, without the signature.
Json document(const Asset& a);
/// The schema stage alone: check every member of a signed, fingerprinted document and
/// fill `a` (model compiled). False with diagnostics on the first problem found.
bool checkSchema(const Json& root, Asset& a, Diagnostics& d);

} // namespace drivelab::assetv1
