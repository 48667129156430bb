#include "study/results.h"

#include <cmath>
#include <sstream>

#include "compile/model.h"
#include "util/hash.h"
#include "util/jsonwrite.h"
#include "util/textescape.h"

namespace drivelab::study {

namespace {

std::string cell(double v) { return std::isfinite(v) ? formatDouble(v) : std::string(); }
std::string jsonNumber(double v) { return std::isfinite(v) ? formatDouble(v) : std::string("null"); }

std::string csvQuote(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) {
        if (c == '"') q += '"';
        q += c;
    }
    return q + "\"";
}

std::string jsonString(const std::string& s)
{
    std::string out;
    appendJsonString(out, s);
    return out;
}

/// the leading part of a row that only depends on the variant: index and factor values
std::string csvPrefix(const Study& s, std::size_t index)
{
    std::string line = std::to_string(index);
    const double* v = s.variants.row(index);
    for (std::size_t j = 0; j < s.variants.factors; ++j) line += "," + cell(v[j]);
    return line + ",";
}

std::string jsonPrefix(const Study& s, std::size_t index)
{
    std::string line = "{\"index\": " + std::to_string(index);
    const double* v = s.variants.row(index);
    for (std::size_t j = 0; j < s.variants.factors; ++j) line += ", " + jsonString(s.spec.factors[j].path) + ": " + jsonNumber(v[j]);
    return line + ", ";
}

} // namespace

std::vector<std::string> resultColumns(const SweepSpec& spec)
{
    std::vector<std::string> c{"index"};
    for (const FactorSpec& f : spec.factors) c.push_back(f.path);
    for (const MetricSpec& m : spec.metrics) c.push_back(m.name);
    for (const char* x : {"energy_residual", "fingerprint", "final_hash", "error"}) c.emplace_back(x);
    return c;
}

std::string csvHeader(const Study& s)
{
    std::string line;
    for (const std::string& c : s.columns) line += (line.empty() ? "" : ",") + csvQuote(printableText(c));
    return line + "\n";
}

std::string csvRow(const Row& r)
{
    std::string line = std::to_string(r.index);
    for (double v : r.factors) line += "," + cell(v);
    for (double v : r.metrics) line += "," + cell(v);
    line += "," + cell(r.residual);
    line += "," + (r.fingerprint ? toHex16(r.fingerprint) : std::string());
    line += "," + (r.error.empty() ? toHex16(r.finalHash) : std::string());
    line += "," + csvQuote(printableText(r.error));
    return line;
}

std::string jsonHead(const Study& s)
{
    std::string cols;
    for (const std::string& c : s.columns) cols += (cols.empty() ? "" : ", ") + jsonString(printableText(c));
    return "{\"format\": \"drivelab.sweep-results\", \"version\": 1, \"lab\": " + jsonString(printableText(s.labFile)) +
           ", \"variants\": " + std::to_string(s.size()) + ",\n\"columns\": [" + cols + "],\n\"rows\": [\n";
}

std::string jsonRow(const Study& s, const Row& r)
{
    std::string line = jsonPrefix(s, r.index);
    for (std::size_t i = 0; i < r.metrics.size(); ++i) line += jsonString(s.spec.metrics[i].name) + ": " + jsonNumber(r.metrics[i]) + ", ";
    line += "\"energy_residual\": " + jsonNumber(r.residual);
    line += ", \"fingerprint\": " + (r.fingerprint ? jsonString(toHex16(r.fingerprint)) : std::string("null"));
    line += ", \"final_hash\": " + (r.error.empty() ? jsonString(toHex16(r.finalHash)) : std::string("null"));
    line += ", \"error\": " + (r.error.empty() ? std::string("null") : jsonString(printableText(r.error)));
    return line + "}";
}

std::string jsonTail() { return "\n]}\n"; }

std::string resultsText(const Study& s, bool json, const std::map<std::size_t, std::string>& rows)
{
    std::string out = json ? jsonHead(s) : csvHeader(s);
    bool first = true;
    for (const auto& [i, line] : rows) {
        if (json) out += first ? "" : ",\n";
        out += line;
        if (!json) out += "\n";
        first = false;
    }
    if (json) out += jsonTail();
    return out;
}

bool readResults(const std::string& text, const Study& s, bool json, std::map<std::size_t, std::string>& rows, std::string& why)
{
    std::istringstream in(text);
    std::string line;
    std::size_t number = 0;
    const std::string head = json ? jsonHead(s) : csvHeader(s);
    // the head must be this study's, line for line
    std::istringstream headIn(head);
    std::string want;
    while (std::getline(headIn, want)) {
        ++number;
        if (!std::getline(in, line) || line != want) {
            why = "line " + std::to_string(number) + " is not this study's " + (json ? "JSON head" : "CSV header") +
                  " (other factors, metrics or lab): write to another file, or start it again without --resume";
            return false;
        }
    }
    const bool complete = !text.empty() && text.back() == '\n';
    std::size_t lines = 0;
    for (std::string l; std::getline(in, l);) ++lines;
    in.clear();
    in.seekg(0);
    for (std::size_t k = 0; k < number; ++k) std::getline(in, line);
    for (std::size_t k = 0; std::getline(in, line); ++k) {
        ++number;
        if (k + 1 == lines && !complete) break; // a row cut off by a kill
        if (json) {
            if (line.size() >= 1 && line.back() == ',') line.pop_back();
            if (line.rfind("{\"index\": ", 0) != 0) continue; // the tail
        } else if (line.empty()) {
            continue;
        }
        std::size_t idx = 0;
        const std::size_t start = json ? 10 : 0;
        std::size_t p = start;
        while (p < line.size() && line[p] >= '0' && line[p] <= '9') idx = idx * 10 + static_cast<std::size_t>(line[p++] - '0');
        if (p == start || idx >= s.size()) {
            why = "line " + std::to_string(number) + " is not a row of this study";
            return false;
        }
        const std::string prefix = json ? jsonPrefix(s, idx) : csvPrefix(s, idx);
        if (line.compare(0, prefix.size(), prefix) != 0) {
            why = "line " + std::to_string(number) + ": row " + std::to_string(idx) +
                  " has other factor values than this study's variant " + std::to_string(idx);
            return false;
        }
        // a cut-off JSON row would not close; a CSV row is complete when its line is
        if (json && line.back() != '}') continue;
        rows[idx] = line;
    }
    return true;
}

std::uint64_t rowFingerprint(const Study& s, bool json, const std::string& line)
{
    std::string cell;
    if (json) {
        const Json row = Json::parse(line, nullptr, false);
        if (!row.is_object() || !row.contains("fingerprint") || !row["fingerprint"].is_string()) return 0;
        cell = row["fingerprint"].get<std::string>();
    } else {
        // index, factors, metrics and energy_residual are unquoted numbers: the cell after them
        std::size_t at = 0;
        for (std::size_t k = 0; k < 2 + s.spec.factors.size() + s.spec.metrics.size() && at != std::string::npos; ++k) {
            at = line.find(',', at);
            if (at != std::string::npos) ++at;
        }
        if (at == std::string::npos) return 0;
        cell = line.substr(at, line.find(',', at) - at);
    }
    std::uint64_t fp = 0;
    return fromHex16(cell, fp) ? fp : 0;
}

bool keptRowsCurrent(const Study& s, bool json, const std::map<std::size_t, std::string>& rows, std::string& why)
{
    for (const auto& [index, line] : rows) {
        const std::uint64_t kept = rowFingerprint(s, json, line);
        std::string error;
        const std::shared_ptr<const Model> now = compileVariant(s, index, error);
        // a row without a fingerprint is an error row: the same row again (no run: it fails as it did)
        const bool same =
            now ? now->fingerprint == kept : kept == 0 && line == (json ? jsonRow(s, runVariant(s, index)) : csvRow(runVariant(s, index)));
        if (same) continue;
        why = "row " + std::to_string(index) + " was computed for model fingerprint " + (kept ? toHex16(kept) : std::string("none")) +
              ", variant " + std::to_string(index) + "'s model is now " + (now ? toHex16(now->fingerprint) : "invalid (" + error + ")") +
              ": the lab or a file it reads changed since. Restore it to resume, or start the study again without --resume";
        return false;
    }
    return true;
}

} // namespace drivelab::study
