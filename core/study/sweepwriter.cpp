#include "study/sweepwriter.h"

namespace drivelab::study {

namespace {

const char* distributionName(Distribution d)
{
    switch (d) {
    case Distribution::Uniform: return "uniform";
    case Distribution::LogUniform: return "log_uniform";
    case Distribution::Normal: return "normal";
    }
    return "uniform";
}

Json factorJson(const FactorSpec& f, bool grid)
{
    Json j = Json::object();
    j["path"] = f.path;
    switch (f.kind) {
    case FactorKind::Values: {
        Json v = Json::array();
        for (double x : f.values) v.push_back(x);
        j["values"] = v;
        break;
    }
    case FactorKind::Range: {
        Json r = Json::object();
        r["from"] = f.from;
        r["to"] = f.to;
        if (grid) r["count"] = f.count;
        r["scale"] = f.logScale ? "log" : "linear";
        j["range"] = r;
        break;
    }
    case FactorKind::Random: {
        Json r = Json::object();
        r["distribution"] = distributionName(f.distribution);
        const bool normal = f.distribution == Distribution::Normal;
        r[normal ? "mean" : "low"] = f.a;
        r[normal ? "std" : "high"] = f.b;
        if (grid) {
            r["count"] = f.count;
            r["seed"] = f.seed;
        }
        j["random"] = r;
        break;
    }
    }
    return j;
}

Json metricJson(const MetricSpec& m)
{
    Json j = Json::object();
    j["name"] = m.name;
    j["reduce"] = reductionName(m.reduce);
    if (m.reduce == Reduction::TotalHeat) return j;
    if (m.reduce == Reduction::Vehicle) {
        j["result"] = m.result;
        return j;
    }
    if (m.reduce == Reduction::LockTime) {
        j["component"] = m.component;
        return j;
    }
    j["observable"] = m.observable;
    if (m.reduce == Reduction::FirstCrossing) {
        j["level"] = m.level;
        j["direction"] = m.direction > 0 ? "up" : m.direction < 0 ? "down" : "any";
    }
    return j;
}

} // namespace

Json sweepJson(const SweepSpec& s)
{
    Json root = Json::object();
    root["format"] = kSweepFormat;
    root["version"] = kSweepVersion;
    if (s.source.is_object() && s.source.contains("description") && s.source["description"].is_string())
        root["description"] = s.source["description"];
    root["lab"] = s.lab;
    const bool grid = s.design == DesignKind::Grid;
    if (grid) {
        root["design"] = "grid";
    } else {
        Json d = Json::object();
        d["kind"] = s.design == DesignKind::LatinHypercube ? "latin_hypercube" : "monte_carlo";
        d["samples"] = s.samples;
        d["seed"] = s.seed;
        root["design"] = d;
    }
    Json factors = Json::array();
    for (const FactorSpec& f : s.factors) factors.push_back(factorJson(f, grid));
    root["factors"] = factors;
    Json metrics = Json::array();
    for (const MetricSpec& m : s.metrics) metrics.push_back(metricJson(m));
    root["metrics"] = metrics;
    return root;
}

std::string sweepText(const SweepSpec& s) { return prettyJson(sweepJson(s)); }

} // namespace drivelab::study
