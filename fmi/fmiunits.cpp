#include "fmiunits.h"

#include <cctype>
#include <cstring>

namespace drivelab::fmi {

namespace {

enum Base { Kg, M, S, A, K, Mol, Cd, Rad };

// a symbol's base units (exponents of kg m s A K mol cd rad) and factor
struct Symbol {
    const char* name;
    std::array<int, 8> e;
    double factor;
};

constexpr Symbol kSymbols[] = {
    {"kg", {1, 0, 0, 0, 0, 0, 0, 0}, 1.0},   {"g", {1, 0, 0, 0, 0, 0, 0, 0}, 1e-3},   {"m", {0, 1, 0, 0, 0, 0, 0, 0}, 1.0},
    {"mm", {0, 1, 0, 0, 0, 0, 0, 0}, 1e-3},  {"km", {0, 1, 0, 0, 0, 0, 0, 0}, 1e3},   {"s", {0, 0, 1, 0, 0, 0, 0, 0}, 1.0},
    {"h", {0, 0, 1, 0, 0, 0, 0, 0}, 3600.0}, {"A", {0, 0, 0, 1, 0, 0, 0, 0}, 1.0},    {"K", {0, 0, 0, 0, 1, 0, 0, 0}, 1.0},
    {"mol", {0, 0, 0, 0, 0, 1, 0, 0}, 1.0},  {"cd", {0, 0, 0, 0, 0, 0, 1, 0}, 1.0},   {"rad", {0, 0, 0, 0, 0, 0, 0, 1}, 1.0},
    {"N", {1, 1, -2, 0, 0, 0, 0, 0}, 1.0},   {"Pa", {1, -1, -2, 0, 0, 0, 0, 0}, 1.0}, {"J", {1, 2, -2, 0, 0, 0, 0, 0}, 1.0},
    {"W", {1, 2, -3, 0, 0, 0, 0, 0}, 1.0},   {"kW", {1, 2, -3, 0, 0, 0, 0, 0}, 1e3},  {"kWh", {1, 2, -2, 0, 0, 0, 0, 0}, 3.6e6},
    {"%", {0, 0, 0, 0, 0, 0, 0, 0}, 1e-2},   {"1", {0, 0, 0, 0, 0, 0, 0, 0}, 1.0},
};

// recursive descent over: expr := product ('/' product)* ; product := factor (' ' factor)* ;
// factor := '(' expr ')' | symbol ['^' integer]
class UnitParser {
public:
    explicit UnitParser(const std::string& s) : m_s(s) {}

    bool parse(BaseUnit& out)
    {
        if (!expr(out)) return false;
        skipSpaces();
        return m_at == m_s.size();
    }

private:
    void skipSpaces()
    {
        while (m_at < m_s.size() && m_s[m_at] == ' ') ++m_at;
    }
    static void combine(BaseUnit& into, const BaseUnit& u, int sign)
    {
        for (std::size_t i = 0; i < 8; ++i) into.exponent[i] += sign * u.exponent[i];
        into.factor = sign > 0 ? into.factor * u.factor : into.factor / u.factor;
    }
    bool expr(BaseUnit& out)
    {
        if (!product(out)) return false;
        skipSpaces();
        while (m_at < m_s.size() && m_s[m_at] == '/') {
            ++m_at;
            BaseUnit d;
            if (!product(d)) return false;
            combine(out, d, -1);
            skipSpaces();
        }
        return true;
    }
    bool product(BaseUnit& out)
    {
        out = {};
        bool any = false;
        for (;;) {
            skipSpaces();
            if (m_at >= m_s.size() || m_s[m_at] == '/' || m_s[m_at] == ')') return any;
            BaseUnit f;
            if (!factor(f)) return false;
            combine(out, f, 1);
            any = true;
        }
    }
    bool factor(BaseUnit& out)
    {
        if (m_s[m_at] == '(') {
            ++m_at;
            if (!expr(out)) return false;
            if (m_at >= m_s.size() || m_s[m_at] != ')') return false;
            ++m_at;
        } else {
            const std::size_t begin = m_at;
            while (m_at < m_s.size() && (std::isalnum(static_cast<unsigned char>(m_s[m_at])) || m_s[m_at] == '%')) ++m_at;
            const std::string name = m_s.substr(begin, m_at - begin);
            const Symbol* sym = nullptr;
            for (const Symbol& s : kSymbols)
                if (name == s.name) sym = &s;
            if (!sym) return false;
            out = {};
            out.exponent = sym->e;
            out.factor = sym->factor;
        }
        if (m_at < m_s.size() && m_s[m_at] == '^') {
            ++m_at;
            const std::size_t begin = m_at;
            if (m_at < m_s.size() && m_s[m_at] == '-') ++m_at;
            while (m_at < m_s.size() && std::isdigit(static_cast<unsigned char>(m_s[m_at]))) ++m_at;
            if (m_at == begin || (m_at == begin + 1 && m_s[begin] == '-')) return false;
            const int p = std::stoi(m_s.substr(begin, m_at - begin));
            const BaseUnit one = out;
            out = {};
            for (int i = 0; i < (p < 0 ? -p : p); ++i) combine(out, one, p < 0 ? -1 : 1);
        }
        return true;
    }

    const std::string& m_s;
    std::size_t m_at = 0;
};

} // namespace

bool parseUnit(const std::string& unit, BaseUnit& out)
{
    out = {};
    if (unit.empty()) return false;
    return UnitParser(unit).parse(out);
}

const std::array<const char*, 8>& baseUnitNames()
{
    static const std::array<const char*, 8> names = {"kg", "m", "s", "A", "K", "mol", "cd", "rad"};
    return names;
}

} // namespace drivelab::fmi
