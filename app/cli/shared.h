#pragma once
// What the commands and the MCP server (app/cli/mcp/) share: each command's work as a
// function that returns its result and its `FILE: SUBJECT: FIELD: message` lines instead of
// printing them, so `drivelab-cli mcp` answers exactly what the command line prints.
#include <optional>
#include <string>

#include "analysis/causality.h"
#include "io/asset.h"
#include "io/labfile.h"
#include "spec/labspec.h"

namespace drivelab::cli {

/// a lab read for the causality analysis (read even when it does not compile)
struct CausalityRun {
    Diagnostics diagnostics;     ///< read and compile problems, in order
    std::optional<LabSpec> spec; ///< present when the lab reads
    bool labValid = false;       ///< the lab compiles
    CausalityReport report;      ///< the analysis (empty when the lab does not read)
};
/// analyse a lab's text; `read` false when the text could not be read (`readDiagnostics` say why)
/// (`files`: how the files it refers to are read; empty: from `baseDir`, LabSpec::fileReader)
CausalityRun analyzeLabText(bool read, const std::string& text, const Diagnostics& readDiagnostics, const std::string& baseDir = {},
                            const LabFileReader& files = {});
/// `causality --json`'s document (before printableJson)
Json causalityDocument(const CausalityRun& r);

/// a recorded portable asset, or why there is none
struct ExportOutcome {
    std::optional<Asset> asset; ///< present when recorded and read back
    std::string text;           ///< the asset's text
    std::string errors;         ///< the lines `export` prints on failure (each ending in a newline)
};
/// record `lab` (compiled) as an asset under every limit `export` enforces; `file` names the
/// lab in messages, `output` the asset
ExportOutcome exportAsset(const std::string& file, const std::string& output, const LoadedLab& lab);

/// an asset's replay
struct VerifyOutcome {
    bool ok = false;     ///< every boundary and the final state reproduced bit for bit
    std::string errors;  ///< the lines `verify` prints on failure (each ending in a newline)
    std::string summary; ///< the line `verify` prints on success (no newline)
};
/// replay a read asset (its diagnostics, when it did not read, are in `errors`)
VerifyOutcome verifyAsset(const std::string& file, const AssetReadResult& r);

} // namespace drivelab::cli
