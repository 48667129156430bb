// The FMU library's Expression (util/expression.h) without muParser: the FMU's lab is the
// normalized lab, in which every "=expr" field was evaluated at export, and the values an importer
// sets are numbers, so the library never parses an expression. Linking this file instead of
// util/expression.cpp (compiled alone in drivelab_core for this purpose) keeps libmuparser out of
// the FMU's runtime dependencies (docs/FMI.md, "The binary"). Should a lab in resources/ still hold
// an expression, it is refused with this message, naming the field, like any other lab error.
#include "util/expression.h"

namespace drivelab {

struct Expression::Impl {};

Expression::~Expression() = default;

std::unique_ptr<Expression> Expression::parse(const std::string&, bool, ExpressionError* error)
{
    if (error) {
        error->message = "an FMU evaluates no expressions: its lab holds the values computed when it was exported";
        error->position = -1;
        error->token.clear();
    }
    return nullptr;
}

bool Expression::eval(double&, ExpressionError* error) const
{
    if (error) error->message = "an FMU evaluates no expressions";
    return false;
}

} // namespace drivelab
