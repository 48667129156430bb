#pragma once
// Version 2 of the portable asset: version 1 plus the energy books of the recorded run
// (`expected.energy`, and `expected.fluid_volume` for a model with hydraulic nodes), which
// `verify` compares with the replay's (docs/ASSETS.md, "Version 2"). Kept forever.
#include <optional>
#include <string_view>

#include "io/asset.h"

namespace drivelab::assetv2 {

/// Read a version-2 document whose format and version were already checked: signature,
/// then model fingerprint and schema (version 1's, on the document without the books),
/// then the books' schema, then the text form.
std::optional<Asset> read(const Json& root, std::string_view text, Diagnostics& d);
/// The version-2 document of an asset in its fixed key order, without the signature.
Json document(const Asset& a);

} // namespace drivelab::assetv2
