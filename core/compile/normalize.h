#pragma once
// The normalized form of a compiled lab: every default written out, events in the order
// they take effect, inputs a component does not use left out (LAB_FORMAT section 4); its
// canonical hash plus the capability tags is the model fingerprint.
#include "compile/model.h"
#include "spec/labspec.h"

namespace drivelab {

/// fill model.normalized and model.fingerprint from the spec it was compiled from
/// (`signals`: the normalized signals, compile/signalcompile.h; written only when non-empty)
/// (`parts`: the part definitions the lab defines or uses, compile/partflatten.h; with them the
/// normalized lab is version 2 and records them under `parts`)
void normalizeModel(const LabSpec& spec, Model& model, const Json& signals = Json::array(), const Json& parts = Json::array());

} // namespace drivelab
