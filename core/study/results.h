#pragma once
// A study's results table as text (docs/FORMATS.md, "Sweep results"): CSV, or JSON with one row
// object per line, each row a line of its own so a run that was stopped or killed can be
// resumed from whatever rows reached the file.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "study/study.h"

namespace drivelab::study {

/// index, the factor paths, the metric names, energy_residual, fingerprint, final_hash, error
std::vector<std::string> resultColumns(const SweepSpec& spec);

/// the CSV header line (with its newline)
std::string csvHeader(const Study& s);
/// a row as one CSV line (without its newline); numbers in shortest round-trip form, no value empty
std::string csvRow(const Row& r);
/// the JSON document's opening lines, a row's line (without separator) and the closing lines
std::string jsonHead(const Study& s);
std::string jsonRow(const Study& s, const Row& r);
std::string jsonTail();

/// a whole table: the rows' lines (by index) between the head and the tail
std::string resultsText(const Study& s, bool json, const std::map<std::size_t, std::string>& rows);

/// read the finished rows of an earlier results file of the same study (what a resume keeps):
/// each complete row line by index. False with why when the file is another study's (other
/// columns, or a row whose factor values are not this study's).
bool readResults(const std::string& text, const Study& s, bool json, std::map<std::size_t, std::string>& rows, std::string& why);

/// the model fingerprint a row line (as readResults keeps it) records; 0 when the row has none
/// (its variant did not compile) or the cell does not read
std::uint64_t rowFingerprint(const Study& s, bool json, const std::string& line);
/// true when every kept row is still its variant's: the variant's model has the row's fingerprint
/// (a row without one: the variant still does not compile, with the same error). False with why
/// (the first row that is not, both fingerprints) when the lab, or a file it reads, changed since
/// the rows were written: resuming would mix two models in one table.
bool keptRowsCurrent(const Study& s, bool json, const std::map<std::size_t, std::string>& rows, std::string& why);

} // namespace drivelab::study
