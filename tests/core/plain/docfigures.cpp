// Doc figure markers: scanning, the quantity language and the comparison (docfigures.h).
#include "docfigures.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <regex>
#include <stdexcept>

#include "io/report.h"
#include "util/hash.h"

namespace drivelab::test {

namespace {

/// a parse or evaluation problem with the quantity
struct QuantityError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// a parsed quantity: a number, a name, a call, a negation or a binary operation
struct Expr {
    enum class Kind { Number, Name, Call, Negate, Binary } kind = Kind::Number;
    double number = 0.0;
    std::string name; ///< Name and Call
    char op = 0;      ///< Binary: + - * /
    std::vector<Expr> args;
};

/// recursive descent over: sum := product (('+'|'-') product)*; product := unary (('*'|'/')
/// unary)*; unary := '-' unary | atom; atom := number | name | name '(' sum (',' sum)* ')' | '(' sum ')'
class Parser {
public:
    explicit Parser(const std::string& text) : m_s(text) { }
    Expr parse()
    {
        Expr e = sum();
        skip();
        if (m_i != m_s.size()) fail("unexpected '" + m_s.substr(m_i) + "'");
        return e;
    }

private:
    void skip()
    {
        while (m_i < m_s.size() && std::isspace(static_cast<unsigned char>(m_s[m_i]))) ++m_i;
    }
    bool eat(char c)
    {
        skip();
        if (m_i < m_s.size() && m_s[m_i] == c) {
            ++m_i;
            return true;
        }
        return false;
    }
    [[noreturn]] void fail(const std::string& what) const { throw QuantityError(what); }
    Expr sum()
    {
        Expr e = product();
        for (;;) {
            if (eat('+'))
                e = binary('+', std::move(e), product());
            else if (eat('-'))
                e = binary('-', std::move(e), product());
            else
                return e;
        }
    }
    Expr product()
    {
        Expr e = unary();
        for (;;) {
            if (eat('*'))
                e = binary('*', std::move(e), unary());
            else if (eat('/'))
                e = binary('/', std::move(e), unary());
            else
                return e;
        }
    }
    static Expr binary(char op, Expr a, Expr b)
    {
        Expr e;
        e.kind = Expr::Kind::Binary;
        e.op = op;
        e.args.push_back(std::move(a));
        e.args.push_back(std::move(b));
        return e;
    }
    Expr unary()
    {
        if (eat('-')) {
            Expr e;
            e.kind = Expr::Kind::Negate;
            e.args.push_back(unary());
            return e;
        }
        return atom();
    }
    Expr atom()
    {
        skip();
        if (eat('(')) {
            Expr e = sum();
            if (!eat(')')) fail("missing ')'");
            return e;
        }
        if (m_i >= m_s.size()) fail("ends too early");
        const char c = m_s[m_i];
        Expr e;
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
            std::size_t used = 0;
            e.number = std::stod(m_s.substr(m_i), &used);
            m_i += used;
            return e;
        }
        const std::size_t start = m_i;
        while (m_i < m_s.size() && (std::isalnum(static_cast<unsigned char>(m_s[m_i])) || m_s[m_i] == '_' || m_s[m_i] == '.')) ++m_i;
        if (m_i == start) fail(std::string("unexpected '") + c + "'");
        e.kind = Expr::Kind::Name;
        e.name = m_s.substr(start, m_i - start);
        if (eat('(')) {
            e.kind = Expr::Kind::Call;
            do e.args.push_back(sum());
            while (eat(','));
            if (!eat(')')) fail("missing ')' after the arguments of " + e.name);
        }
        return e;
    }

    const std::string& m_s;
    std::size_t m_i = 0;
};

/// evaluates a quantity over a run: at top level (boundary < 0) names are report scalars and
/// calls aggregate; inside an aggregate names are the observables at one boundary
class Evaluator {
public:
    explicit Evaluator(const LabRun& run) : m_run(run) { }

    double eval(const Expr& e, long boundary) const
    {
        switch (e.kind) {
        case Expr::Kind::Number: return e.number;
        case Expr::Kind::Negate: return -eval(e.args[0], boundary);
        case Expr::Kind::Binary: {
            const double a = eval(e.args[0], boundary), b = eval(e.args[1], boundary);
            return e.op == '+' ? a + b : e.op == '-' ? a - b : e.op == '*' ? a * b : a / b;
        }
        case Expr::Kind::Name: return boundary < 0 ? scalar(e.name) : observable(e.name, static_cast<std::size_t>(boundary));
        case Expr::Kind::Call: return call(e, boundary);
        }
        return NAN;
    }

private:
    double scalar(const std::string& name) const
    {
        for (const auto& [n, v] : m_run.scalars) {
            if (n == name) return v;
        }
        throw QuantityError("`" + name +
                            "` is no report scalar (energy.NAME, fluid_volume.NAME, oil.NAME, ticks, boundaries, duration); an observable "
                            "needs final(), at(), max(), min(), rms(), time() or first()");
    }
    double observable(const std::string& name, std::size_t b) const
    {
        if (name == "time") return m_run.times[b];
        const std::size_t dot = name.find('.');
        if (dot != std::string::npos) {
            for (std::size_t i = 0; i < m_run.layout.size(); ++i) {
                if (m_run.layout[i].subject == name.substr(0, dot) && m_run.layout[i].name == name.substr(dot + 1))
                    return m_run.values[b][i];
            }
        }
        throw QuantityError("`" + name + "` is no observable of this lab (SUBJECT.OBSERVABLE as the report names them)");
    }
    void arity(const Expr& e, std::size_t n) const
    {
        if (e.args.size() != n) throw QuantityError(e.name + "() takes " + std::to_string(n) + " argument(s)");
    }
    double constant(const Expr& e) const { return eval(e, -1); }
    double call(const Expr& e, long boundary) const
    {
        const std::size_t n = m_run.times.size();
        if (e.name == "abs") {
            arity(e, 1);
            return std::fabs(eval(e.args[0], boundary));
        }
        if (boundary >= 0) throw QuantityError(e.name + "() inside an aggregate");
        if (n == 0) throw QuantityError("the run has no boundaries");
        if (e.name == "final") {
            arity(e, 1);
            return eval(e.args[0], static_cast<long>(n - 1));
        }
        if (e.name == "at") {
            arity(e, 2);
            const double t = constant(e.args[0]);
            for (std::size_t b = 0; b < n; ++b) {
                if (std::fabs(m_run.times[b] - t) <= 1e-9 * std::max(1.0, std::fabs(t))) return eval(e.args[1], static_cast<long>(b));
            }
            throw QuantityError("no report boundary at " + std::to_string(t) + " s");
        }
        if (e.name == "first") {
            arity(e, 3);
            const double v = constant(e.args[1]), from = constant(e.args[2]);
            for (std::size_t b = 0; b < n; ++b) {
                if (m_run.times[b] >= from - 1e-12 && eval(e.args[0], static_cast<long>(b)) == v) return m_run.times[b];
            }
            throw QuantityError("never equals the value after the start time");
        }
        if (n < 2) throw QuantityError(e.name + "() needs boundaries after t = 0");
        if (e.name == "max" || e.name == "min" || e.name == "rms") {
            arity(e, 1);
            double acc = e.name == "max" ? -INFINITY : e.name == "min" ? INFINITY : 0.0;
            for (std::size_t b = 1; b < n; ++b) {
                const double x = eval(e.args[0], static_cast<long>(b));
                acc = e.name == "max" ? std::max(acc, x) : e.name == "min" ? std::min(acc, x) : acc + x * x;
            }
            return e.name == "rms" ? std::sqrt(acc / static_cast<double>(n - 1)) : acc;
        }
        if (e.name == "time") {
            arity(e, 2);
            const double v = constant(e.args[1]);
            double seconds = 0.0;
            for (std::size_t b = 1; b < n; ++b) {
                if (eval(e.args[0], static_cast<long>(b)) == v) seconds += m_run.times[b] - m_run.times[b - 1];
            }
            return seconds;
        }
        throw QuantityError("unknown function " + e.name + "()");
    }

    const LabRun& m_run;
};

/// the printed precision of a decimal figure: half a unit in its last digit; NAN when the
/// text is no plain decimal number (`81`, `-0.55`, `1.6e-8`, `5.082e-09`)
double halfUnit(const std::string& text)
{
    static const std::regex number(R"(^[-+]?(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$)");
    std::smatch m;
    if (!std::regex_match(text, m, number)) return NAN;
    const int decimals = m[2].matched ? static_cast<int>(m[2].length()) : 0;
    const int exponent = m[3].matched ? std::stoi(m[3].str()) : 0;
    return 0.5 * std::pow(10.0, exponent - decimals);
}

/// a computed value in a message, to 10 significant digits
std::string show(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

} // namespace

std::vector<FigureMarker> findFigureMarkers(const std::string& doc, const std::string& text)
{
    static const std::regex marker(R"(^<!--\s*run\s+([A-Za-z0-9_.-]+)\s*:\s*(.*?)\s*-->)");
    std::vector<FigureMarker> out;
    int line = 1;
    std::size_t lineStart = 0;
    bool fenced = false;     // inside a ``` code block: shown as written, no markers
    bool inlineCode = false; // inside a `code span` on this line
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (i == lineStart) {
            const std::size_t first = text.find_first_not_of(" \t", i);
            if (first != std::string::npos && text.compare(first, 3, "```") == 0) fenced = !fenced;
        }
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
            inlineCode = false;
            continue;
        }
        if (text[i] == '`') inlineCode = !inlineCode;
        if (fenced || inlineCode || text.compare(i, 4, "<!--") != 0) continue;
        std::size_t j = i + 4;
        while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
        if (text.compare(j, 4, "run ") != 0) continue;
        FigureMarker m;
        m.doc = doc;
        m.line = line;
        const std::size_t end = text.find("-->", i);
        const std::string comment = text.substr(i, end == std::string::npos ? std::string::npos : end + 3 - i);
        std::smatch parts;
        if (end == std::string::npos || comment.find('\n') != std::string::npos) {
            m.error = "the marker is not closed by --> on its line";
        } else if (!std::regex_match(comment, parts, marker)) {
            m.error = "a marker reads <!-- run LAB: QUANTITY -->";
        } else {
            m.lab = parts[1].str();
            m.quantity = parts[2].str();
        }
        // the figure: the word directly before the marker, backticks stripped
        std::size_t k = i;
        while (k > lineStart && (std::isalnum(static_cast<unsigned char>(text[k - 1])) || text[k - 1] == '.' || text[k - 1] == '-' ||
                                 text[k - 1] == '+' || text[k - 1] == '`'))
            --k;
        std::string figure = text.substr(k, i - k);
        while (!figure.empty() && figure.back() == '`') figure.pop_back();
        while (!figure.empty() && figure.front() == '`') figure.erase(0, 1);
        m.quoted = figure;
        if (m.error.empty() && figure.empty()) m.error = "no figure directly before the marker (write it with no space before <!--)";
        out.push_back(std::move(m));
        if (end != std::string::npos && comment.find('\n') == std::string::npos) i = end + 2;
    }
    return out;
}

LabRun recordRun(const std::shared_ptr<const Model>& model)
{
    LabRun r;
    r.model = model;
    r.layout = observableLayout(*model);
    Session s(model);
    ReportWriter writer(*model);
    const double tick = static_cast<double>(model->tickNs) * 1e-9;
    const auto sample = [&] {
        writer.observe(s);
        r.times.push_back(static_cast<double>(s.tick()) * tick);
        r.values.push_back(writer.values());
    };
    sample();
    while (!s.finished()) {
        const BatchResult b = s.run(std::min(model->reportEvery, model->ticks - s.tick()));
        if (b.status != BatchStatus::Completed) {
            r.error = "solver failure at tick " + std::to_string(s.tick());
            return r;
        }
        sample();
    }
    const Json books = reportBooks(s);
    for (const auto& [section, members] : books.items()) {
        for (const auto& [name, value] : members.items()) r.scalars.emplace_back(section + "." + name, value.get<double>());
    }
    r.scalars.emplace_back("ticks", static_cast<double>(model->ticks));
    r.scalars.emplace_back("boundaries", static_cast<double>(r.times.size()));
    r.scalars.emplace_back("duration", r.times.back());
    r.fingerprint = toHex16(model->fingerprint);
    r.finalHash = toHex16(s.stateHash());
    return r;
}

std::string checkFigure(const FigureMarker& marker, const LabRun& run)
{
    const std::string where = marker.doc + ":" + std::to_string(marker.line) + ": ";
    if (!marker.error.empty()) return where + marker.error;
    const std::string what = where + "`" + marker.quoted + "` (" + marker.lab + ": " + marker.quantity + ")";
    if (!run.error.empty()) return what + ": the lab's run failed: " + run.error;
    if (marker.quantity == "model_fingerprint" || marker.quantity == "final_state_hash") {
        const std::string& computed = marker.quantity == "model_fingerprint" ? run.fingerprint : run.finalHash;
        return marker.quoted == computed ? std::string() : what + ": the run gives " + computed;
    }
    const double half = halfUnit(marker.quoted);
    if (std::isnan(half)) return what + ": the quoted figure is not a number";
    double computed = NAN;
    try {
        computed = Evaluator(run).eval(Parser(marker.quantity).parse(), -1);
    } catch (const std::exception& e) {
        return what + ": " + e.what();
    }
    const double quoted = std::stod(marker.quoted);
    // the quoted figure is the computed one rounded to its digits (a rounding of the figure
    // itself to binary is far below half a unit)
    if (std::isfinite(computed) && std::fabs(quoted - computed) <= half * (1.0 + 1e-9)) return {};
    return what + ": the run gives " + show(computed) + " (quoted to +-" + show(half) + ")";
}

} // namespace drivelab::test
