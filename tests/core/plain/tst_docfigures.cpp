// Qt-free: every figure the docs quote from a lab run is what the run computes (issue 33,
// item 9). docs/*.md and README.md mark such figures with `<!-- run LAB: QUANTITY -->`
// directly after the number (docfigures.h has the language); each lab named is run once
// with its own settings, and each marked figure must be its quantity to the figure's
// printed precision. A failure names the doc, the line, the quoted figure and the computed
// one, so a change of results shows which sentences to update.
#include "check.h"
#include "docfigures.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "io/labfile.h"

using namespace drivelab;
using namespace drivelab::test;

namespace {

const std::string kSource = DRIVELAB_SOURCE_DIR "/";

std::string readFile(const std::string& path)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

/// README.md and every docs/*.md, by name relative to the source tree, in name order
std::map<std::string, std::string> docs()
{
    std::map<std::string, std::string> out;
    out["README.md"] = readFile(kSource + "README.md");
    for (const auto& e : std::filesystem::directory_iterator(kSource + "docs")) {
        if (e.path().extension() == ".md") out["docs/" + e.path().filename().string()] = readFile(e.path().string());
    }
    return out;
}

/// a one-node lab: an inertia (J = 2, 100 rad/s) braked by a damper (c = 0.5), 4 s at 1 ms,
/// a boundary every 100 ticks: 41 boundaries; w(t) ~ 100 exp(-t / 4)
std::shared_ptr<const Model> decayLab()
{
    const auto loaded = loadLabText(
        R"({"format": "drivelab.lab", "version": 1, "name": "decay", "run": {"tick_ns": 1000000, "duration_ns": 4000000000,
            "report_every_ticks": 100}, "nodes": [{"id": "m", "domain": "rotational", "inertia": 2.0, "initial_speed": 100.0}],
            "components": [{"id": "d", "type": "damper", "node_a": "m", "parameters": {"damping": 0.5}}], "events": []})");
    return loaded.model;
}

/// the problems of every marker in `text` against `run`
std::vector<std::string> problems(const std::string& text, const LabRun& run)
{
    std::vector<std::string> out;
    for (const FigureMarker& m : findFigureMarkers("doc.md", text)) {
        const std::string p = checkFigure(m, run);
        if (!p.empty()) out.push_back(p);
    }
    return out;
}

} // namespace

// the mechanism itself, on a small lab whose numbers are known: a right figure passes at its
// printed precision, a drifted one fails naming the doc, line, quoted and computed figures
DL_PLAIN_TEST(markersCompareAtThePrintedPrecision)
{
    const auto model = decayLab();
    DL_PLAIN_REQUIRE(model, "the decay lab does not compile");
    const LabRun run = recordRun(model);
    DL_PLAIN_REQUIRE(run.error.empty() && run.times.size() == 41, run.error);
    const double w = run.values.back()[0]; // m.speed, the first observable
    char right[64], wrongByAUnit[64];
    std::snprintf(right, sizeof right, "%.4f", w);
    std::snprintf(wrongByAUnit, sizeof wrongByAUnit, "%.4f", w + 1.2e-4);
    const std::string good = std::string("ends at ") + right +
                             "<!-- run decay: final(m.speed) --> rad/s after 41<!-- run decay: boundaries --> "
                             "boundaries, `" +
                             run.finalHash + "`<!-- run decay: final_state_hash -->; heat " +
                             "<!-- not a marker --> 2.5e3<!-- run decay: energy.heat_to_ledger / 4 --> hmm\n";
    const auto okProblems = problems(good, run);
    // the heat is J w0^2 / 2 (1 - exp(-2)) = 8647 J, a quarter 2162 J, not 2.5e3 to +-50
    DL_PLAIN_EQUAL(okProblems.size(), std::size_t{1});
    if (!okProblems.empty())
        DL_PLAIN_CHECK(okProblems[0].find("doc.md:1: `2.5e3` (decay: energy.heat_to_ledger / 4): the run gives 2161.") == 0, okProblems[0]);

    const std::string drifted = std::string("line one\nends at ") + wrongByAUnit +
                                "<!-- run decay: final(m.speed) --> and 40<!-- run decay: boundaries -->\n" +
                                "`0123456789abcdef`<!-- run decay: final_state_hash -->\n";
    const auto bad = problems(drifted, run);
    DL_PLAIN_REQUIRE(bad.size() == 3, bad.size() << " problems");
    DL_PLAIN_CHECK(bad[0].find(std::string("doc.md:2: `") + wrongByAUnit + "` (decay: final(m.speed)): the run gives ") == 0, bad[0]);
    DL_PLAIN_CHECK(bad[1] == "doc.md:2: `40` (decay: boundaries): the run gives 41 (quoted to +-0.5)", bad[1]);
    DL_PLAIN_CHECK(bad[2] == "doc.md:3: `0123456789abcdef` (decay: final_state_hash): the run gives " + run.finalHash, bad[2]);

    // aggregates: the speed falls, so its min after t = 0 is the final speed; time(x, V)
    // counts report intervals, first(x, V, T) finds the first boundary at or after T
    const auto aggregates = problems(
        std::string(right) + "<!-- run decay: min(m.speed) --> 4<!-- run decay: time(m.speed * 0, 0) --> "
                             "0.1<!-- run decay: first(m.speed * 0, 0, 0.05) --> 34.3<!-- run decay: max(abs(-m.speed)) - 63.2 -->",
        run);
    DL_PLAIN_CHECK(aggregates.empty(), aggregates.front());
}

// a marker that cannot be checked is a failure too, never skipped
DL_PLAIN_TEST(malformedMarkersAreReported)
{
    const auto model = decayLab();
    DL_PLAIN_REQUIRE(model, "the decay lab does not compile");
    const LabRun run = recordRun(model);
    const auto p =
        problems("a 5 <!-- run decay: boundaries -->\nb 5<!-- run decay boundaries -->\nc 5<!-- run decay: m.speed -->\n"
                 "d 5<!-- run decay: final(m.torque) -->\ne x<!-- run decay: boundaries -->\nf 5<!-- run decay: max(final(m.speed)) -->\n",
                 run);
    DL_PLAIN_REQUIRE(p.size() == 6, p.size() << " problems");
    DL_PLAIN_CHECK(p[0].find("doc.md:1: no figure directly before the marker") == 0, p[0]);
    DL_PLAIN_CHECK(p[1].find("doc.md:2: a marker reads <!-- run LAB: QUANTITY -->") == 0, p[1]);
    DL_PLAIN_CHECK(p[2].find("doc.md:3: `5` (decay: m.speed): `m.speed` is no report scalar") == 0, p[2]);
    DL_PLAIN_CHECK(p[3].find("doc.md:4: `5` (decay: final(m.torque)): `m.torque` is no observable of this lab") == 0, p[3]);
    DL_PLAIN_CHECK(p[4].find("doc.md:5: `x` (decay: boundaries): the quoted figure is not a number") == 0, p[4]);
    DL_PLAIN_CHECK(p[5].find("final() inside an aggregate") != std::string::npos, p[5]);
    // what Markdown shows as written is no marker: a code span, a fenced block
    DL_PLAIN_CHECK(
        findFigureMarkers("doc.md",
                          "write `5<!-- run decay: x -->` so\n```\n5<!-- run decay: x -->\n```\n  ```sh\n5<!-- run decay: x -->\n  ```\n")
            .empty(),
        "a marker in code was found");
    const auto after = findFigureMarkers("doc.md", "```\n```\n`a` 7<!-- run decay: boundaries\n-->\n9<!-- run decay: ticks -->\n");
    DL_PLAIN_REQUIRE(after.size() == 2, after.size() << " markers");
    DL_PLAIN_CHECK(after[0].line == 3 && after[0].error == "the marker is not closed by --> on its line", after[0].error);
    DL_PLAIN_CHECK(after[1].line == 5 && after[1].quoted == "9" && after[1].quantity == "ticks", after[1].line);
}

// the docs: every marked figure is what its lab computes
DL_PLAIN_TEST(docFiguresMatchTheirRuns)
{
    std::vector<FigureMarker> markers;
    for (const auto& [name, text] : docs()) {
        for (FigureMarker& m : findFigureMarkers(name, text)) markers.push_back(std::move(m));
    }
    // the docs quote runs of several labs; far fewer markers means the scan broke
    DL_PLAIN_CHECK(markers.size() >= 25, markers.size() << " markers");
    std::map<std::string, LabRun> runs;
    for (const FigureMarker& m : markers) {
        if (!m.error.empty() || runs.count(m.lab)) continue;
        const std::string path = kSource + "labs/" + m.lab + ".lab.json";
        LabRun& r = runs[m.lab];
        if (!std::filesystem::exists(path)) {
            r.error = "there is no labs/" + m.lab + ".lab.json";
            continue;
        }
        const auto loaded = loadLab(path);
        if (!loaded.model) {
            r.error = "labs/" + m.lab + ".lab.json does not compile";
            continue;
        }
        r = recordRun(loaded.model);
    }
    int checked = 0;
    for (const FigureMarker& m : markers) {
        const std::string p = checkFigure(m, m.error.empty() ? runs[m.lab] : LabRun{});
        DL_PLAIN_CHECK(p.empty(), p);
        ++checked;
    }
    std::printf("%d figures from %zu lab runs checked\n", checked, runs.size());
}

DL_PLAIN_MAIN()
