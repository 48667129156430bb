#include "compile/fieldexpr.h"

#include <cmath>

#include "spec/labspec.h"
#include "util/expression.h"

namespace drivelab {
namespace {

std::string dimensionless(const std::string& u) { return u == "-" || u == "1" ? std::string() : u; }

std::string quoted(const std::string& text) { return "\"" + text + "\""; }

std::string unitText(const std::string& u) { return u.empty() ? "dimensionless" : u; }

// the expression is one name, spaces around it allowed
bool singleName(const std::string& expr, const std::string& name)
{
    const auto first = expr.find_first_not_of(' ');
    const auto last = expr.find_last_not_of(' ');
    return first != std::string::npos && expr.substr(first, last - first + 1) == name;
}

} // namespace

std::string numberText(double v)
{
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    std::string t = formatDouble(v);
    if (t.size() > 2 && t.compare(t.size() - 2, 2, ".0") == 0) t.resize(t.size() - 2);
    return t;
}

bool sameUnit(const std::string& a, const std::string& b) { return dimensionless(a) == dimensionless(b); }

bool evaluateExpression(const std::string& text, const ExprScope& vars, const char* unit, double& value, std::string& why)
{
    const std::string expr = text.substr(1);
    ExpressionError err;
    std::unique_ptr<Expression> e = Expression::parse(expr, false, &err);
    if (!e) {
        why = quoted(text) + ": " + err.message + " (positions count from 0 after the '=')";
        return false;
    }
    for (std::size_t i = 0; i < e->names().size(); ++i) {
        const std::string& name = e->names()[i];
        const auto it = vars.find(name);
        if (it == vars.end()) {
            std::string known;
            for (const auto& [n, v] : vars) known += (known.empty() ? "" : ", ") + n;
            why = quoted(text) + ": unknown name '" + name + "' (" +
                  (known.empty() ? std::string("a lab's own fields may use constants only") : "the part's parameters: " + known) +
                  "; constants _pi, _e)";
            return false;
        }
        *e->slot(i) = it->second.value;
        // a field that is one parameter takes the parameter's unit
        if (unit && e->names().size() == 1 && singleName(expr, name) && !sameUnit(unit, it->second.unit)) {
            why = quoted(text) + ": parameter '" + name + "' is in " + unitText(dimensionless(it->second.unit)) + ", the field is in " +
                  unitText(unit) + "; declare the parameter in the field's unit";
            return false;
        }
    }
    if (!e->eval(value, &err)) {
        why = quoted(text) + ": " + err.message;
        return false;
    }
    if (!std::isfinite(value)) {
        why = quoted(text) + ": is not a finite number (" + numberText(value) + ")";
        return false;
    }
    return true;
}

bool evaluateFields(Json& v, const ExprScope& vars, const std::string& subject, const std::string& field, const char* unit,
                    Diagnostics& d)
{
    if (isExpressionValue(v)) {
        double value = 0.0;
        std::string why;
        if (!evaluateExpression(v.get<std::string>(), vars, unit, value, why)) {
            d.error(subject, field, why);
            return false;
        }
        v = value;
        return true;
    }
    bool ok = true;
    if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) ok = evaluateFields(v[i], vars, subject, field + "[" + std::to_string(i) + "]", nullptr, d) && ok;
    } else if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) ok = evaluateFields(it.value(), vars, subject, field + "." + it.key(), nullptr, d) && ok;
    }
    return ok;
}

} // namespace drivelab
