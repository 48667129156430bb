#pragma once
// What `drivelab-cli help` and every command's `--help` print: one synopsis per command and its
// options, in one table, so the overview and a command's own usage never disagree.
#include <cstdio>
#include <string>

namespace drivelab::cli {

/// the overview of every command (`drivelab-cli help`, and on a usage error without a command)
void printUsage(std::FILE* to);
/// `cmd`'s usage (`drivelab-cli CMD --help`) on stdout; false when there is no such command
bool printCommandUsage(const std::string& cmd);
/// true when `arg` asks for usage (`--help` or `-h`)
bool isHelpOption(const std::string& arg);

} // namespace drivelab::cli
