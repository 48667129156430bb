#pragma once
// The command-line commands (LAB_FORMAT section 4).
#include <string>
#include <vector>

namespace drivelab::cli {

/// exit codes
enum Exit { Ok = 0, Invalid = 2, SolverFailure = 3 };

int cmdRun(const std::vector<std::string>& args);
int cmdCheck(const std::vector<std::string>& args);
int cmdBench(const std::vector<std::string>& args);
/// causality LAB [--json]: bond-graph causality analysis (causalitycommand.cpp)
int cmdCausality(const std::vector<std::string>& args);
/// export LAB --output ASSET [--quiet]: record a portable asset (assetcommands.cpp)
int cmdExport(const std::vector<std::string>& args);
/// verify ASSET [--quiet]: check an asset and replay it bit for bit (assetcommands.cpp)
int cmdVerify(const std::vector<std::string>& args);
/// sweep SWEEP --output RESULTS [--json] [--jobs N] [--resume] [--quiet]: a study (sweepcommand.cpp)
int cmdSweep(const std::vector<std::string>& args);
/// export-fmu LAB --output NAME.fmu [--fmi 3|2] [--input ..] [--output-var ..] [--parameter ..]: an FMU (fmucommand.cpp, docs/FMI.md)
int cmdExportFmu(const std::vector<std::string>& args);
/// mcp [--http HOST:PORT] [--root DIR] [limits]: the MCP server (mcp/mcpcommand.cpp, docs/MCP.md)
int cmdMcp(const std::vector<std::string>& args);

} // namespace drivelab::cli
