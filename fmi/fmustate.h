#pragma once
// The serialized FMU state (fmi3SerializeFMUState, fmi2SerializeFMUstate; docs/FMI.md). Native
// byte order (the FMU's binaries are x86-64 Linux only):
//
//   8 bytes  "DLFMUST1"
//   u64      the model fingerprint the state belongs to
//   u64      hashState(state): the asset's and the report's state hash (final_state_hash when the
//            state is the run's last); checked again when the bytes are read back
//   i64      tick, then every array of State as u64 count + elements (x, pos, rate, temp, real,
//            flag (i32), mean, theta, stagePoly, stageNewton), i64 nextEvent, the Ledger's 28 doubles
//   u64      count + the FMU's variable values (inputs and parameters as set)
#include <cstdint>
#include <string>
#include <vector>

#include "solver/state.h"

namespace drivelab::fmi {

/// the bytes of a saved state
std::vector<unsigned char> serializeState(std::uint64_t fingerprint, const State& s, const std::vector<double>& values);

/// read them back into `s` (shaped like `shape`, the model's state) and `values`; false with why
/// (not a DriveLab state, another model, sizes that do not fit, a hash that does not match)
bool deserializeState(const unsigned char* bytes, std::size_t size, std::uint64_t fingerprint, const State& shape, std::size_t nValues,
                      State& s, std::vector<double>& values, std::string& why);

} // namespace drivelab::fmi
