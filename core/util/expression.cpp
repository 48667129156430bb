#include "util/expression.h"

#include <muParser.h>

#include <numbers>

namespace drivelab {

struct Expression::Impl {
    mu::Parser parser;
};

// muParser calls this for every name it does not know: each gets a slot, checked by the caller
double* expressionAddName(const char* name, void* data)
{
    auto* e = static_cast<Expression*>(data);
    e->m_cells.push_back(0.0);
    e->m_names.emplace_back(name);
    return &e->m_cells.back();
}

namespace {

ExpressionError fromMu(const mu::Parser::exception_type& e)
{
    ExpressionError out;
    out.message = e.GetMsg();
    out.position = e.GetPos();
    out.token = e.GetToken();
    return out;
}

} // namespace

Expression::Expression() : m_impl(std::make_unique<Impl>()) { }

Expression::~Expression() = default;

std::unique_ptr<Expression> Expression::parse(const std::string& text, bool dotInNames, ExpressionError* error)
{
    std::unique_ptr<Expression> e(new Expression);
    try {
        e->m_impl->parser.DefineNameChars(dotInNames ? "0123456789_.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                     : "0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
        // muParser built with GCC (Debian's) defines _pi as 3.141592653589 (its header trades
        // digits for the speed of sin(_pi*a)); DriveLab's constants are the nearest doubles
        e->m_impl->parser.DefineConst("_pi", std::numbers::pi);
        e->m_impl->parser.DefineConst("_e", std::numbers::e);
        e->m_impl->parser.SetVarFactory(expressionAddName, e.get());
        e->m_impl->parser.SetExpr(text);
        e->m_impl->parser.Eval(); // parses (every name through the factory) and checks the syntax
    } catch (const mu::Parser::exception_type& x) {
        if (error) *error = fromMu(x);
        return nullptr;
    }
    return e;
}

bool Expression::eval(double& value, ExpressionError* error) const
{
    try {
        value = m_impl->parser.Eval();
        return true;
    } catch (const mu::Parser::exception_type& x) {
        if (error) *error = fromMu(x);
        return false;
    }
}

} // namespace drivelab
