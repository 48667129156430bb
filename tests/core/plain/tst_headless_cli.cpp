// Qt-free: build/bin/drivelab-cli run as a user would. Every lab runs and writes a report
// whose fingerprint and final state hash are the pinned ones (tests/labpins.h); an invalid lab
// is exit 2 with a diagnostic naming the field; check accepts every lab. Built with or without Qt.
#include "check.h"
#include "labpins.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <sys/wait.h>

#include <nlohmann/json.hpp>

using namespace drivelab::test;
namespace fs = std::filesystem;

namespace {

const std::string kLabs = DRIVELAB_SOURCE_DIR "/labs/";

/// a fresh folder under the system temporary folder, removed at exit
const fs::path& tempDir()
{
    struct Dir {
        fs::path path;
        Dir()
        {
            std::string pattern = (fs::temp_directory_path() / "drivelab-headless-XXXXXX").string();
            if (!mkdtemp(pattern.data())) std::abort();
            path = pattern;
        }
        ~Dir()
        {
            std::error_code ec;
            fs::remove_all(path, ec);
        }
    };
    static Dir dir;
    return dir.path;
}

std::string readFile(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// what one call did: exit code (-1: no normal exit), standard output and error
struct Result {
    int exit = -1;
    std::string out, err;
};

/// run `drivelab-cli ARGS` (each argument quoted for the shell)
Result cli(std::initializer_list<std::string> args)
{
    const auto quote = [](const std::string& s) {
        std::string q = "'";
        for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return q + "'";
    };
    const fs::path out = tempDir() / "stdout.txt", err = tempDir() / "stderr.txt";
    std::string cmd = quote(DRIVELAB_CLI);
    for (const auto& a : args) cmd += " " + quote(a);
    cmd += " >" + quote(out.string()) + " 2>" + quote(err.string());
    const int status = std::system(cmd.c_str());
    Result r;
    r.exit = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(out);
    r.err = readFile(err);
    return r;
}

} // namespace

// run LAB --output REPORT: exit 0, a report carrying the pinned hashes and every boundary
DL_PLAIN_TEST(runWritesReportsWithThePinnedHashes)
{
    for (const LabPin& p : kLabPins) {
        const fs::path report = tempDir() / (std::string(p.file) + ".report.json");
        const Result r = cli({"run", kLabs + p.file, "--output", report.string(), "--quiet"});
        DL_PLAIN_CHECK(r.exit == 0, p.file << ": exit " << r.exit << "\n" << r.err);
        if (r.exit != 0) continue;
        const auto json = nlohmann::json::parse(readFile(report), nullptr, false);
        DL_PLAIN_CHECK(!json.is_discarded() && json.is_object(), p.file << ": the report is not a JSON object");
        if (json.is_discarded() || !json.is_object()) continue;
        DL_PLAIN_EQUAL(json.value("format", ""), std::string("drivelab.report"));
        DL_PLAIN_EQUAL(json.value("model_fingerprint", ""), std::string(p.fingerprint));
        DL_PLAIN_EQUAL(json.value("final_state_hash", ""), std::string(p.finalHash));
        DL_PLAIN_CHECK(json.contains("energy"), p.file << ": no energy books");
        fs::remove(report);
    }
}

// check LAB: exit 0 for every shipped lab
DL_PLAIN_TEST(checkAcceptsEveryLab)
{
    for (const LabPin& p : kLabPins) {
        const Result r = cli({"check", kLabs + p.file});
        DL_PLAIN_CHECK(r.exit == 0, p.file << ": exit " << r.exit << "\n" << r.err);
    }
}

// an invalid lab: exit 2, one FILE: ID: FIELD: message line naming the wrong field, no report
DL_PLAIN_TEST(invalidLabIsExit2)
{
    const fs::path lab = tempDir() / "invalid.lab.json", report = tempDir() / "invalid.report.json";
    std::ofstream(lab) << R"({"format": "drivelab.lab", "version": 1, "name": "bad",
        "run": {"tick_ns": 50000, "duration_ns": 1000000, "report_every_ticks": 10},
        "nodes": [{"id": "m", "domain": "rotational", "inertia": -1.0, "initial_speed": 0.0}],
        "components": [], "events": []})";
    const Result r = cli({"run", lab.string(), "--output", report.string()});
    DL_PLAIN_EQUAL(r.exit, 2);
    DL_PLAIN_CHECK(r.err.find("inertia") != std::string::npos, r.err);
    DL_PLAIN_CHECK(!fs::exists(report), "a report was written");
}

DL_PLAIN_MAIN()
