#pragma once
// "=expr" fields (issue 36, docs/FORMATS.md "Expressions"): a numeric field of a lab or a part
// may hold a string "=expr" of the part's parameters and constants, evaluated once at compile
// with muParser (util/expression.h); the lab keeps the text, the compiled model the number.
//
// Units: a field whose expression is a single parameter (`"ratio": "=final_drive"`) must have
// the parameter's unit (both as DriveLab spells SI units; "", "-" and "1" are dimensionless).
// Any other expression is not unit-checked: its value is taken in the field's unit.
#include <map>
#include <string>

#include "spec/diagnostic.h"
#include "util/jsonwrite.h"

namespace drivelab {

/// one name an expression may use: a part parameter's value [its unit]
struct ExprVar {
    double value = 0.0; ///< the value, in `unit`
    std::string unit;   ///< its unit as declared ("" when dimensionless)
};
/// the names an expression may use (a part's parameters; empty in the lab itself)
using ExprScope = std::map<std::string, ExprVar>;

/// a number as diagnostics print it: the shortest round-trip text, or inf, -inf, nan
std::string numberText(double v);

/// true when two unit spellings name the same unit ("", "-" and "1" are all dimensionless)
bool sameUnit(const std::string& a, const std::string& b);

/// evaluate `text` ("=..."): true with `value` (exactly what muParser computes), or false with why
/// (`"=final_drive*": Unexpected end of expression at position 12`). `unit`, when known, is the
/// field's unit: a single-parameter expression in another unit is refused.
bool evaluateExpression(const std::string& text, const ExprScope& vars, const char* unit, double& value, std::string& why);

/// replace every "=expr" string inside `v` (recursively: table cells, 2-D table values) by its
/// value; each failure is an error on `subject` at `field` (with the cell's path). `unit` is v's
/// unit when v is one number (nullptr: not known). False when any failed.
bool evaluateFields(Json& v, const ExprScope& vars, const std::string& subject, const std::string& field, const char* unit,
                    Diagnostics& d);

} // namespace drivelab
