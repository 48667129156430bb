#include "compile/signalcompile.h"

#include <charconv>
#include <cmath>
#include <numbers>

#include "signals/signalkinds.h"
#include "spec/labfiles.h"
#include "spec/labreader.h"
#include "util/jsonwrite.h"

namespace drivelab {
namespace {

/// a binding's scale and offset
constexpr Range kScale = Range::closed(-1e15, 1e15);

using FieldRule = SignalFieldDescriptor;
const auto kSineFields = signalFieldDescriptors("sine");
const auto kRampFields = signalFieldDescriptors("ramp");
const auto kStepFields = signalFieldDescriptors("step");

std::string fieldList(std::span<const FieldRule> rules, const char* extra)
{
    std::string s;
    for (const auto& r : rules) s += std::string(s.empty() ? "" : ", ") + r.name;
    return s + extra;
}

class SignalCompiler {
public:
    SignalCompiler(const LabSpec& spec, Diagnostics& d) : m_spec(spec), m_d(d) { }

    CompiledSignals run()
    {
        CompiledSignals out;
        for (const SignalSpec& g : m_spec.timeSignals) {
            SignalModel s;
            Json norm = Json::object();
            if (compileOne(g, s, norm)) {
                out.models.push_back(std::move(s));
                out.normalized.push_back(std::move(norm));
            }
        }
        return out;
    }

private:
    const LabSpec& m_spec;
    Diagnostics& m_d;

    bool compileOne(const SignalSpec& g, SignalModel& s, Json& norm)
    {
        s.id = g.id;
        norm["id"] = g.id;
        if (!g.fields.is_object()) {
            m_d.error(g.id, "-", "signal fields must be an object");
            return false;
        }
        bool ok = true;
        if (g.fields.contains("unit")) {
            const Json& u = g.fields["unit"];
            if (!u.is_string() || u.get<std::string>().size() > 32) {
                m_d.error(g.id, "unit", "must be a string of at most 32 characters (\"N m\", \"rad/s\")");
                ok = false;
            } else {
                s.unit = u.get<std::string>();
            }
        }
        if (g.kind == "sine") return scalar(g, kSineFields, norm, ok) && sine(g, s) && ok;
        if (g.kind == "ramp") return scalar(g, kRampFields, norm, ok) && ramp(g, s) && ok;
        if (g.kind == "step") return scalar(g, kStepFields, norm, ok) && step(g, s) && ok;
        if (g.kind == "table" || g.kind == "csv") return table(g, s, norm) && ok;
        m_d.error(g.id, "kind", "unknown signal kind '" + g.kind + "' (table, sine, ramp, step, csv)");
        return false;
    }

    double num(const SignalSpec& g, const FieldRule& r) const
    {
        return g.fields.contains(r.name) ? g.fields[r.name].get<double>() : r.fallback;
    }

    // the numeric fields of a sine, ramp or step; fills the normalized form
    bool scalar(const SignalSpec& g, std::span<const FieldRule> rules, Json& norm, bool ok)
    {
        norm["kind"] = g.kind;
        for (auto it = g.fields.begin(); it != g.fields.end(); ++it) {
            bool known = it.key() == "unit";
            for (const auto& r : rules) known = known || it.key() == r.name;
            if (!known) {
                m_d.error(g.id, it.key(), "unknown field for a " + g.kind + " signal (it has: " + fieldList(rules, ", unit") + ")");
                ok = false;
            }
        }
        for (const auto& r : rules) {
            if (!g.fields.contains(r.name)) {
                if (r.required) {
                    m_d.error(g.id, r.name, std::string("missing: the ") + r.doc);
                    ok = false;
                }
                continue;
            }
            const Json& v = g.fields[r.name];
            if (!v.is_number()) {
                m_d.error(g.id, r.name, std::string("must be a number: the ") + r.doc);
                ok = false;
            } else if (!r.range.contains(v.get<double>())) {
                m_d.error(g.id, r.name, r.range.describe() + " (got " + formatDouble(v.get<double>()) + ")");
                ok = false;
            }
        }
        if (!ok) return false;
        for (const auto& r : rules) norm[r.name] = num(g, r);
        return true;
    }

    bool sine(const SignalSpec& g, SignalModel& s)
    {
        s.shape = SignalShape::Sine;
        s.a = num(g, kSineFields[0]);
        s.omega = 2.0 * std::numbers::pi * num(g, kSineFields[1]);
        s.phase = num(g, kSineFields[2]);
        s.b = num(g, kSineFields[3]);
        s.start = num(g, kSineFields[4]);
        return true;
    }

    bool ramp(const SignalSpec& g, SignalModel& s)
    {
        s.shape = SignalShape::Ramp;
        s.start = num(g, kRampFields[0]);
        s.duration = num(g, kRampFields[1]);
        s.a = num(g, kRampFields[2]);
        s.b = num(g, kRampFields[3]);
        return true;
    }

    bool step(const SignalSpec& g, SignalModel& s)
    {
        s.shape = SignalShape::Step;
        s.start = num(g, kStepFields[0]);
        s.a = num(g, kStepFields[1]);
        s.b = num(g, kStepFields[2]);
        return true;
    }

    // a table (points in the lab) or a csv file read into one
    bool table(const SignalSpec& g, SignalModel& s, Json& norm)
    {
        s.shape = SignalShape::Table;
        const bool csv = g.kind == "csv";
        bool ok = true;
        for (auto it = g.fields.begin(); it != g.fields.end(); ++it) {
            const std::string& k = it.key();
            if (k == "unit" || k == "interpolation" || k == (csv ? "file" : "points")) continue;
            m_d.error(g.id, k,
                      "unknown field for a " + g.kind + " signal (it has: " + (csv ? "file" : "points") + ", interpolation, unit)");
            ok = false;
        }
        if (g.fields.contains("interpolation")) {
            const Json& i = g.fields["interpolation"];
            if (!i.is_string() || (i.get<std::string>() != "linear" && i.get<std::string>() != "hold")) {
                m_d.error(g.id, "interpolation", "must be \"linear\" or \"hold\"");
                ok = false;
            } else {
                s.hold = i.get<std::string>() == "hold";
            }
        }
        if (csv ? !readCsv(g, s) : !readPoints(g, s)) ok = false;
        if (!ok) return false;
        norm["kind"] = "table";
        norm["interpolation"] = s.hold ? "hold" : "linear";
        Json pts = Json::array();
        for (std::size_t i = 0; i < s.t.size(); ++i) pts.push_back(Json::array({s.t[i], s.v[i]}));
        norm["points"] = std::move(pts);
        return true;
    }

    bool readPoints(const SignalSpec& g, SignalModel& s)
    {
        if (!g.fields.contains("points")) {
            m_d.error(g.id, "points", "missing: the table's [time, value] points, times in seconds, increasing");
            return false;
        }
        const Json& pts = g.fields["points"];
        if (!pts.is_array() || pts.empty()) {
            m_d.error(g.id, "points", "must be a non-empty list of [time, value] pairs");
            return false;
        }
        if (pts.size() > kMaxSignalPoints) {
            m_d.error(g.id, "points", std::to_string(pts.size()) + " points; a signal holds at most " + std::to_string(kMaxSignalPoints));
            return false;
        }
        bool ok = true;
        for (std::size_t i = 0; i < pts.size(); ++i) {
            const std::string at = "points[" + std::to_string(i) + "]";
            const Json& p = pts[i];
            if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
                m_d.error(g.id, at, "must be a pair [time, value] of numbers");
                ok = false;
                continue;
            }
            ok = point(g.id, at, p[0].get<double>(), p[1].get<double>(), s, "") && ok;
        }
        return ok;
    }

    // one point: time in range and after the previous one, value in range
    bool point(const std::string& id, const std::string& at, double t, double v, SignalModel& s, const std::string& where)
    {
        bool ok = true;
        if (!kSignalTime.contains(t)) {
            m_d.error(id, at, where + "time: " + kSignalTime.describe() + " s (got " + formatDouble(t) + ")");
            ok = false;
        } else if (!s.t.empty() && !(t > s.t.back())) {
            m_d.error(id, at,
                      where + "time " + formatDouble(t) + " s is not after the previous point's " + formatDouble(s.t.back()) +
                          " s; times must increase");
            ok = false;
        }
        if (!kSignalValue.contains(v)) {
            m_d.error(id, at, where + "value: " + kSignalValue.describe() + " (got " + formatDouble(v) + ")");
            ok = false;
        }
        if (ok) {
            s.t.push_back(t);
            s.v.push_back(v);
        }
        return ok;
    }

    bool readCsv(const SignalSpec& g, SignalModel& s)
    {
        if (!g.fields.contains("file") || !g.fields["file"].is_string() || g.fields["file"].get<std::string>().empty()) {
            m_d.error(g.id, "file", "missing: the path of a two-column CSV file (time [s], value), relative to the lab");
            return false;
        }
        const std::string name = g.fields["file"].get<std::string>();
        if (m_spec.fileReader) {
            std::string text, why;
            if (!m_spec.fileReader(name, text, why)) {
                m_d.error(g.id, "file", name + ": " + why);
                return false;
            }
            return parseSignalCsv(text, name, s.t, s.v, g.id, m_d);
        }
        std::string text;
        Diagnostics read;
        if (!readTextFile(labFilePath(m_spec, name), text, read)) {
            for (const auto& d : read.items()) m_d.error(g.id, "file", name + ": " + d.message);
            return false;
        }
        return parseSignalCsv(text, name, s.t, s.v, g.id, m_d);
    }
};

// a number as text, also when it is not finite (a csv cell may read as nan or inf)
std::string numText(double v)
{
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return formatDouble(v);
}

bool parseNumber(std::string_view cell, double& out)
{
    while (!cell.empty() && (cell.front() == ' ' || cell.front() == '"')) cell.remove_prefix(1);
    while (!cell.empty() && (cell.back() == ' ' || cell.back() == '"' || cell.back() == '\r')) cell.remove_suffix(1);
    if (!cell.empty() && cell.front() == '+') cell.remove_prefix(1);
    if (cell.empty()) return false;
    const auto r = std::from_chars(cell.data(), cell.data() + cell.size(), out);
    return r.ec == std::errc() && r.ptr == cell.data() + cell.size();
}

} // namespace

CompiledSignals compileSignals(const LabSpec& spec, Diagnostics& d)
{
    SignalCompiler c(spec, d);
    return c.run();
}

bool parseSignalCsv(const std::string& text, const std::string& name, std::vector<double>& t, std::vector<double>& v,
                    const std::string& subject, Diagnostics& d)
{
    std::size_t line = 0, pos = 0;
    bool sawData = false, ok = true;
    int errors = 0;
    const auto error = [&](const std::string& msg) {
        ok = false;
        if (++errors <= 20) d.error(subject, "file", name + " line " + std::to_string(line) + ": " + msg);
    };
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        std::string_view row(text.data() + pos, end - pos);
        pos = end + 1;
        ++line;
        while (!row.empty() && (row.back() == '\r' || row.back() == ' ' || row.back() == '\t')) row.remove_suffix(1);
        if (row.empty() || row.front() == '#') continue;
        char sep = ',';
        if (row.find(',') == std::string_view::npos) sep = row.find(';') != std::string_view::npos ? ';' : '\t';
        std::vector<std::string_view> cells;
        std::size_t a = 0;
        while (true) {
            const std::size_t b = row.find(sep, a);
            cells.push_back(row.substr(a, b == std::string_view::npos ? std::string_view::npos : b - a));
            if (b == std::string_view::npos) break;
            a = b + 1;
        }
        double tv = 0.0, vv = 0.0;
        const bool numbers = cells.size() == 2 && parseNumber(cells[0], tv) && parseNumber(cells[1], vv);
        if (!numbers) {
            if (!sawData && t.empty() && cells.size() == 2 && !parseNumber(cells[0], tv)) continue; // the header
            if (cells.size() != 2)
                error("has " + std::to_string(cells.size()) + " columns; a signal file has two: time [s], value");
            else if (!sawData && !t.empty())
                error("cannot read '" + std::string(row.substr(0, 40)) + "' as numbers");
            else
                error("cannot read '" + std::string(row.substr(0, 40)) + "' as two numbers (time [s], value)");
            sawData = true;
            continue;
        }
        sawData = true;
        if (!std::isfinite(tv) || !kSignalTime.contains(tv)) {
            error("time: " + kSignalTime.describe() + " s (got " + numText(tv) + ")");
            continue;
        }
        if (!t.empty() && !(tv > t.back())) {
            error("time " + formatDouble(tv) + " s is not after the previous row's " + formatDouble(t.back()) + " s; times must increase");
            continue;
        }
        if (!std::isfinite(vv) || !kSignalValue.contains(vv)) {
            error("value: " + kSignalValue.describe() + " (got " + numText(vv) + ")");
            continue;
        }
        if (t.size() >= kMaxSignalPoints) {
            error("more than " + std::to_string(kMaxSignalPoints) + " rows");
            break;
        }
        t.push_back(tv);
        v.push_back(vv);
    }
    if (ok && t.empty()) {
        d.error(subject, "file", name + ": no data rows (two columns: time [s], value)");
        ok = false;
    }
    return ok;
}

bool isSignalBinding(const Json& value) { return value.is_object(); }

std::optional<InputBinding> readBinding(const Json& value, const InputDescriptor& in, const std::vector<SignalModel>& signals,
                                        const std::string& subject, const std::string& path, Diagnostics& d, std::string* controller)
{
    bool ok = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
        if (it.key() != "signal" && it.key() != "controller" && it.key() != "scale" && it.key() != "offset") {
            d.error(subject, path + "." + it.key(), "unknown key (a binding has signal or controller, scale, offset)");
            ok = false;
        }
    }
    InputBinding b;
    const bool byController = value.contains("controller");
    if (byController && value.contains("signal")) {
        d.error(subject, path, "give either signal or controller, not both");
        ok = false;
    } else if (byController) {
        if (!value["controller"].is_string()) {
            d.error(subject, path + ".controller", "must be the id of a controller component");
            ok = false;
        } else if (controller) {
            *controller = value["controller"].get<std::string>();
        }
    } else if (!value.contains("signal") || !value["signal"].is_string()) {
        d.error(subject, path + ".signal", "missing or not a signal id (or give controller: the id of a controller)");
        ok = false;
    } else {
        const std::string id = value["signal"].get<std::string>();
        for (std::size_t i = 0; i < signals.size(); ++i) {
            if (signals[i].id == id) b.signal = static_cast<int>(i);
        }
        if (b.signal < 0) {
            d.error(subject, path + ".signal", "unknown signal '" + id.substr(0, 80) + "'");
            ok = false;
        }
    }
    for (const char* k : {"scale", "offset"}) {
        if (!value.contains(k)) continue;
        const Json& v = value[k];
        if (!v.is_number() || !kScale.contains(v.get<double>())) {
            d.error(subject, path + "." + k, "must be a number; " + kScale.describe());
            ok = false;
        } else {
            (std::string(k) == "scale" ? b.scale : b.offset) = v.get<double>();
        }
    }
    if (!ok) return std::nullopt;
    b.lo = in.range.lo;
    b.hi = in.range.hi;
    b.atEnd = in.sampledAtEnd;
    if (byController) return b; // resolved and range-checked by the compiler once every component is compiled
    double lo = 0.0, hi = 0.0;
    signals[static_cast<std::size_t>(b.signal)].bounds(lo, hi);
    double a = b.scale * lo + b.offset, z = b.scale * hi + b.offset;
    if (a > z) std::swap(a, z);
    if (a < b.lo || z > b.hi) {
        d.warning(subject, path,
                  "signal '" + signals[static_cast<std::size_t>(b.signal)].id + "' drives the input over [" + formatDouble(a) + ", " +
                      formatDouble(z) + "] " + in.unit + "; the input's range is [" + formatDouble(b.lo) + ", " + formatDouble(b.hi) +
                      "], so the solver clamps it there");
    }
    return b;
}

double bindingValue(const InputBinding& b, const SignalModel& s, double t) { return b.value(s.value(t)); }

} // namespace drivelab
