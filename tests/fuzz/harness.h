#pragma once
// The bodies of the fuzz targets, shared by the libFuzzer binaries (clang, sanitizers;
// tests/fuzz/CMakeLists.txt) and the regression replay test (the normal build;
// tests/core/tst_fuzzregressions.cpp). One input in; an empty string when every
// invariant held, else what broke. A crash, a sanitizer report or an exception escaping
// is a finding too.
#include <cstddef>
#include <cstdint>
#include <string>

namespace drivelab::fuzz {

/// The lab reader and the compiler: readLab, compile, the normalized lab compiled again,
/// the lab written and read again, and a few ticks of a compiled model.
std::string labOne(const std::uint8_t* data, std::size_t size);

/// The asset reader: the input as it is, then the input made to pass the signature and
/// fingerprint stages (both recomputed, written in the version-1 text form) so that the
/// schema and text-form stages are reached; an accepted asset writes back to its own bytes.
std::string assetOne(const std::uint8_t* data, std::size_t size);

} // namespace drivelab::fuzz
