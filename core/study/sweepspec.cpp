#include "study/sweepspec.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "io/labfile.h"
#include "io/vehicleresults.h"
#include "spec/labreader.h"

namespace drivelab::study {

namespace {

/// reads one JSON object's keys, naming each problem by its path
class Reader {
public:
    Reader(const Json& object, std::string path, Diagnostics& d) : m_o(object), m_path(std::move(path)), m_d(d) { }

    bool has(const char* key) const { return m_o.contains(key); }
    std::string at(const char* key) const { return m_path.empty() ? key : m_path + "." + key; }
    void error(const char* key, const std::string& message) const { m_d.error("-", at(key), message); }

    /// a finite number
    bool number(const char* key, double& out, bool required = true) const
    {
        if (!has(key)) {
            if (required) error(key, "is missing");
            return !required;
        }
        const Json& v = m_o[key];
        if (!v.is_number() || !std::isfinite(v.get<double>())) {
            error(key, "must be a finite number");
            return false;
        }
        out = v.get<double>();
        return true;
    }
    /// a whole number within [lo, hi]
    bool whole(const char* key, std::int64_t& out, std::int64_t lo, std::int64_t hi, bool required = true) const
    {
        double v = 0.0;
        if (!has(key)) {
            if (required) error(key, "is missing");
            return !required;
        }
        if (!number(key, v)) return false;
        if (v != std::floor(v) || v < static_cast<double>(lo) || v > static_cast<double>(hi)) {
            error(key, "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " + formatDouble(v));
            return false;
        }
        out = static_cast<std::int64_t>(v);
        return true;
    }
    /// a string
    bool text(const char* key, std::string& out, bool required = true) const
    {
        if (!has(key)) {
            if (required) error(key, "is missing");
            return !required;
        }
        if (!m_o[key].is_string()) {
            error(key, "must be a string");
            return false;
        }
        out = m_o[key].get<std::string>();
        return true;
    }
    /// no key outside `allowed`
    bool only(std::initializer_list<const char*> allowed) const
    {
        bool ok = true;
        for (const auto& [k, v] : m_o.items()) {
            bool known = false;
            for (const char* a : allowed) known = known || k == a;
            if (!known) {
                std::string list;
                for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
                m_d.error("-", at(k.c_str()), "is not a known key here (known: " + list + ")");
                ok = false;
            }
        }
        return ok;
    }

private:
    const Json& m_o;
    std::string m_path;
    Diagnostics& m_d;
};

bool readDesign(const Json& root, SweepSpec& s, Diagnostics& d)
{
    if (!root.contains("design")) return true;
    const Json& j = root["design"];
    std::string kind;
    if (j.is_string()) {
        kind = j.get<std::string>();
    } else if (j.is_object()) {
        Reader r(j, "design", d);
        if (!r.text("kind", kind) || !r.only({"kind", "samples", "seed"})) return false;
        if (kind != "grid") {
            std::int64_t seed = 0;
            if (!r.whole("samples", s.samples, 1, kMaxVariants) || !r.whole("seed", seed, 0, (std::int64_t{1} << 53))) return false;
            s.seed = static_cast<std::uint64_t>(seed);
        } else if (r.has("samples") || r.has("seed")) {
            d.error("-", "design", "a grid takes every combination: samples and seed belong to latin_hypercube and monte_carlo");
            return false;
        }
    } else {
        d.error("-", "design", "must be \"grid\" or an object {\"kind\", \"samples\", \"seed\"}");
        return false;
    }
    if (kind == "grid")
        s.design = DesignKind::Grid;
    else if (kind == "latin_hypercube")
        s.design = DesignKind::LatinHypercube;
    else if (kind == "monte_carlo")
        s.design = DesignKind::MonteCarlo;
    else {
        d.error("-", "design.kind", "'" + kind + "' is not a design (grid, latin_hypercube, monte_carlo)");
        return false;
    }
    if (s.design != DesignKind::Grid && j.is_string()) {
        d.error("-", "design", "a " + kind + " design needs samples and seed: {\"kind\": \"" + kind + "\", \"samples\": 100, \"seed\": 1}");
        return false;
    }
    return true;
}

bool readFactor(const Json& j, const std::string& at, bool grid, FactorSpec& f, Diagnostics& d)
{
    if (!j.is_object()) {
        d.error("-", at, "must be an object {\"path\", and one of \"values\", \"range\", \"random\"}");
        return false;
    }
    Reader r(j, at, d);
    if (!r.text("path", f.path) || !r.only({"path", "values", "range", "random"})) return false;
    const int given = int(r.has("values")) + int(r.has("range")) + int(r.has("random"));
    if (given != 1) {
        d.error("-", at, "give exactly one of values, range, random");
        return false;
    }
    if (r.has("values")) {
        f.kind = FactorKind::Values;
        const Json& v = j["values"];
        if (!v.is_array() || v.empty()) {
            r.error("values", "must be a non-empty list of numbers");
            return false;
        }
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_number() || !std::isfinite(v[i].get<double>())) {
                d.error("-", r.at("values") + "[" + std::to_string(i) + "]", "must be a finite number");
                return false;
            }
            f.values.push_back(v[i].get<double>());
        }
        return true;
    }
    const bool range = r.has("range");
    const Json& o = range ? j["range"] : j["random"];
    const char* key = range ? "range" : "random";
    if (!o.is_object()) {
        r.error(key, "must be an object");
        return false;
    }
    Reader q(o, r.at(key), d);
    const auto countAndSeed = [&](bool wantSeed) {
        if (!grid) {
            if (q.has("count") || q.has("seed")) {
                d.error("-", q.at(q.has("count") ? "count" : "seed"),
                        "the design's samples and seed set the draws of a latin_hypercube or monte_carlo; leave it out");
                return false;
            }
            return true;
        }
        std::int64_t seed = 0;
        if (!q.whole("count", f.count, 1, kMaxVariants)) return false;
        if (wantSeed && !q.whole("seed", seed, 0, (std::int64_t{1} << 53))) return false;
        f.seed = static_cast<std::uint64_t>(seed);
        return true;
    };
    if (range) {
        f.kind = FactorKind::Range;
        std::string scale = "linear";
        if (!q.only({"from", "to", "count", "scale"}) || !q.number("from", f.from) || !q.number("to", f.to) ||
            !q.text("scale", scale, false) || !countAndSeed(false))
            return false;
        if (scale != "linear" && scale != "log") {
            q.error("scale", "must be \"linear\" or \"log\", not '" + scale + "'");
            return false;
        }
        f.logScale = scale == "log";
        if (f.logScale && !(f.from > 0.0 && f.to > 0.0)) {
            d.error("-", q.at("from"), "a log range needs from and to above 0");
            return false;
        }
        return true;
    }
    f.kind = FactorKind::Random;
    std::string dist;
    if (!q.text("distribution", dist)) return false;
    if (dist == "uniform" || dist == "log_uniform") {
        f.distribution = dist == "uniform" ? Distribution::Uniform : Distribution::LogUniform;
        if (!q.only({"distribution", "low", "high", "count", "seed"}) || !q.number("low", f.a) || !q.number("high", f.b) ||
            !countAndSeed(true))
            return false;
        if (!(f.a < f.b)) {
            d.error("-", q.at("high"), "must be above low");
            return false;
        }
        if (f.distribution == Distribution::LogUniform && !(f.a > 0.0)) {
            d.error("-", q.at("low"), "a log_uniform distribution needs low above 0");
            return false;
        }
        return true;
    }
    if (dist == "normal") {
        f.distribution = Distribution::Normal;
        if (!q.only({"distribution", "mean", "std", "count", "seed"}) || !q.number("mean", f.a) || !q.number("std", f.b) ||
            !countAndSeed(true))
            return false;
        if (!(f.b > 0.0)) {
            d.error("-", q.at("std"), "must be above 0");
            return false;
        }
        return true;
    }
    q.error("distribution", "'" + dist + "' is not a distribution (uniform, log_uniform, normal)");
    return false;
}

struct ReductionName {
    const char* name;
    Reduction r;
};
constexpr ReductionName kReductions[] = {
    {"final", Reduction::Final},
    {"initial", Reduction::Initial},
    {"min", Reduction::Min},
    {"max", Reduction::Max},
    {"mean", Reduction::Mean},
    {"integral", Reduction::Integral},
    {"time_of_min", Reduction::TimeOfMin},
    {"time_of_max", Reduction::TimeOfMax},
    {"first_crossing", Reduction::FirstCrossing},
    {"lock_time", Reduction::LockTime},
    {"total_heat", Reduction::TotalHeat},
    {"vehicle", Reduction::Vehicle},
};

bool readMetric(const Json& j, const std::string& at, MetricSpec& m, Diagnostics& d)
{
    if (!j.is_object()) {
        d.error("-", at, "must be an object {\"name\", \"reduce\", ...}");
        return false;
    }
    Reader r(j, at, d);
    std::string reduce;
    if (!r.text("name", m.name) || !r.text("reduce", reduce) ||
        !r.only({"name", "reduce", "observable", "component", "level", "direction", "result"}))
        return false;
    bool known = false;
    std::string list;
    for (const ReductionName& n : kReductions) {
        list += (list.empty() ? "" : ", ") + std::string(n.name);
        if (reduce == n.name) {
            m.reduce = n.r;
            known = true;
        }
    }
    if (!known) {
        r.error("reduce", "'" + reduce + "' is not a reduction (" + list + ")");
        return false;
    }
    if (m.name.empty() || m.name.find_first_of(".,\"\n\r") != std::string::npos || m.name == "index" || m.name == "error" ||
        m.name == "energy_residual" || m.name == "fingerprint" || m.name == "final_hash") {
        r.error("name", "must be a non-empty name without dots, commas, quotes or line breaks, and not a column the results "
                        "always have (index, energy_residual, fingerprint, final_hash, error)");
        return false;
    }
    if (m.reduce == Reduction::TotalHeat) return r.only({"name", "reduce"});
    if (m.reduce == Reduction::Vehicle) {
        if (!r.only({"name", "reduce", "result"}) || !r.text("result", m.result)) return false;
        const std::vector<std::string>& names = VehicleResults::scalarNames();
        const bool split = m.result.rfind("energy_split.", 0) == 0 && m.result.size() > 13;
        if (!split && std::find(names.begin(), names.end(), m.result) == names.end()) {
            std::string list;
            for (const std::string& n : names) list += n + ", ";
            r.error("result", "'" + m.result + "' is not a vehicle result (" + list + "or energy_split.CATEGORY: docs/FORMATS.md, \"Vehicle results\")");
            return false;
        }
        return true;
    }
    if (m.reduce == Reduction::LockTime) return r.only({"name", "reduce", "component"}) && r.text("component", m.component);
    if (!r.text("observable", m.observable)) return false;
    if (m.reduce != Reduction::FirstCrossing) return r.only({"name", "reduce", "observable"});
    std::string dir = "any";
    if (!r.number("level", m.level) || !r.text("direction", dir, false)) return false;
    if (dir == "up")
        m.direction = 1;
    else if (dir == "down")
        m.direction = -1;
    else if (dir == "any")
        m.direction = 0;
    else {
        r.error("direction", "must be \"up\", \"down\" or \"any\", not '" + dir + "'");
        return false;
    }
    return true;
}

} // namespace

const char* reductionName(Reduction r)
{
    for (const ReductionName& n : kReductions)
        if (n.r == r) return n.name;
    return "?";
}

std::optional<SweepSpec> readSweepJson(const Json& root, Diagnostics& d)
{
    if (!root.is_object()) {
        d.error("-", "-",
                "a sweep file is a JSON object {\"format\": \"drivelab.sweep\", \"version\": 1, \"lab\", \"factors\", \"metrics\"}");
        return std::nullopt;
    }
    SweepSpec s;
    s.source = root;
    Reader r(root, "", d);
    std::string format;
    std::int64_t version = 0;
    if (!r.only({"format", "version", "lab", "design", "factors", "metrics", "description"})) return std::nullopt;
    if (!r.text("format", format)) return std::nullopt;
    if (format != kSweepFormat) {
        r.error("format", "must be \"drivelab.sweep\", not '" + format + "'");
        return std::nullopt;
    }
    if (!r.whole("version", version, 1, 1000000)) return std::nullopt;
    if (version > kSweepVersion) {
        r.error("version",
                "sweep version " + std::to_string(version) + " is newer than this build reads (" + std::to_string(kSweepVersion) + ")");
        return std::nullopt;
    }
    bool ok = r.text("lab", s.lab) && readDesign(root, s, d);
    const bool grid = s.design == DesignKind::Grid;
    if (!root.contains("factors") || !root["factors"].is_array() || root["factors"].empty()) {
        d.error("-", "factors", "must be a non-empty list of factors");
        ok = false;
    } else {
        std::set<std::string> paths;
        for (std::size_t i = 0; i < root["factors"].size(); ++i) {
            FactorSpec f;
            const std::string at = "factors[" + std::to_string(i) + "]";
            if (!readFactor(root["factors"][i], at, grid, f, d)) {
                ok = false;
                continue;
            }
            if (!paths.insert(f.path).second) {
                d.error("-", at + ".path", "'" + f.path + "' is already a factor");
                ok = false;
            }
            s.factors.push_back(std::move(f));
        }
    }
    if (!root.contains("metrics") || !root["metrics"].is_array()) {
        d.error("-", "metrics",
                "must be a list of metrics (it may be empty: the energy residual, fingerprint and final hash are always reported)");
        ok = false;
    } else {
        std::set<std::string> names;
        for (std::size_t i = 0; i < root["metrics"].size(); ++i) {
            MetricSpec m;
            const std::string at = "metrics[" + std::to_string(i) + "]";
            if (!readMetric(root["metrics"][i], at, m, d)) {
                ok = false;
                continue;
            }
            if (!names.insert(m.name).second) {
                d.error("-", at + ".name", "'" + m.name + "' is already a metric");
                ok = false;
            }
            s.metrics.push_back(std::move(m));
        }
    }
    if (!ok) return std::nullopt;
    return s;
}

std::optional<SweepSpec> readSweepFile(const std::string& path, Diagnostics& d)
{
    std::string text;
    if (!readTextFile(path, text, d)) return std::nullopt;
    const std::optional<Json> root = parseJsonStrict(text, d);
    if (!root) return std::nullopt;
    std::optional<SweepSpec> s = readSweepJson(*root, d);
    if (s) s->baseDir = labBaseDir(path);
    return s;
}

} // namespace drivelab::study
