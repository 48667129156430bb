#pragma once
// One arithmetic expression evaluated with muParser (Debian libmuparser-dev): the one wrapper
// DriveLab has around it. The lab's `"=expr"` fields (compile/partflatten.h: part parameters and
// constants, evaluated once at compile) and the editor's derived plot channels (ui/plots/
// derivedchannel.h: observables, evaluated per sample) both parse through it.
//
// Names: every name the text uses gets a slot, in the order muParser first meets it; the
// caller checks the names (names()) and writes the values into the slots (slot(i)) before
// eval(). muParser's functions (sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, log2, log10,
// log, ln, exp, sqrt, sign, rint, abs, min, max, sum, avg), operators (+ - * / ^, comparisons,
// && ||, ?:) and constants (_pi, _e: the nearest doubles; Debian's muParser, built with GCC, would
// give _pi as 3.141592653589) are all there.
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace drivelab {

/// why a text is not an expression (muParser's message, the position and token it names)
struct ExpressionError {
    std::string message; ///< muParser's message ("Unexpected end of expression at position 13")
    int position = -1;   ///< 0-based character where it stopped, or -1
    std::string token;   ///< the token there ("" at the end)
};

/// a parsed expression with one slot per name it uses
class Expression {
public:
    ~Expression();
    Expression(const Expression&) = delete;
    Expression& operator=(const Expression&) = delete;

    /// parse `text` (names made of letters, digits, `_`, and `.` when `dotInNames`); nullptr with
    /// `error` filled when it is not an expression
    static std::unique_ptr<Expression> parse(const std::string& text, bool dotInNames, ExpressionError* error);

    /// the names the expression uses, in the order muParser met them
    const std::vector<std::string>& names() const { return m_names; }
    /// the value slot of names()[i] (written by the caller before eval)
    double* slot(std::size_t i) { return &m_cells[i]; }
    /// the value at the slots' present values: exactly what muParser computes; false with `error`
    /// when muParser refuses to evaluate
    bool eval(double& value, ExpressionError* error) const;

    struct Impl; ///< muParser's parser (expression.cpp)

private:
    Expression();
    std::unique_ptr<Impl> m_impl;
    std::deque<double> m_cells;       // one per name (stable addresses)
    std::vector<std::string> m_names; // in the order muParser's factory saw them
    friend double* expressionAddName(const char* name, void* data);
};

} // namespace drivelab
