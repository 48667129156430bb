#pragma once
// JSON text output with exact numbers: every double is written in its shortest
// form that reads back bit-identical (std::to_chars), so reports, labs and
// canonical serializations round-trip exactly.
#include <nlohmann/json.hpp>
#include <string>

namespace drivelab {

using Json = nlohmann::ordered_json;

/// shortest round-trip text of a finite double ("100.0", "0.1", "1e-05")
std::string formatDouble(double v);
/// append the shortest round-trip text of a finite double
void appendDouble(std::string& out, double v);
/// append a JSON string literal with escapes
void appendJsonString(std::string& out, const std::string& s);

/// canonical serialization: keys sorted bytewise, no whitespace, exact numbers.
/// The basis of fingerprints and signatures: independent of key order and formatting.
std::string canonicalJson(const Json& value);

/// human-readable serialization keeping key order; arrays and objects whose members
/// are all scalars are kept on one line when short. Ends with a newline.
std::string prettyJson(const Json& value);

} // namespace drivelab
