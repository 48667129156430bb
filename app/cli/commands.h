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

} // namespace drivelab::cli
