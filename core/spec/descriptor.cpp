#include "spec/descriptor.h"

#include "spec/rangetext.h"
#include "util/jsonwrite.h"

namespace drivelab {

const char* domainName(Domain d)
{
    switch (d) {
    case Domain::Rotational: return "rotational";
    case Domain::Translational: return "translational";
    case Domain::Hydraulic: return "hydraulic";
    case Domain::Thermal: return "thermal";
    }
    return "?";
}

const char* paletteGroupName(PaletteGroup g)
{
    switch (g) {
    case PaletteGroup::Rotational: return "rotational";
    case PaletteGroup::Hydraulic: return "hydraulic";
    case PaletteGroup::Translational: return "translational";
    case PaletteGroup::Thermal: return "thermal";
    case PaletteGroup::Sources: return "sources";
    case PaletteGroup::Engines: return "engines";
    case PaletteGroup::Control: return "control";
    case PaletteGroup::MultiDomain: return "multi_domain";
    }
    return "?";
}

PaletteGroup paletteGroupOf(Domain d)
{
    switch (d) {
    case Domain::Rotational: return PaletteGroup::Rotational;
    case Domain::Translational: return PaletteGroup::Translational;
    case Domain::Hydraulic: return PaletteGroup::Hydraulic;
    case Domain::Thermal: return PaletteGroup::Thermal;
    }
    return PaletteGroup::Rotational;
}

std::optional<Domain> domainFromName(std::string_view name)
{
    if (name == "rotational") return Domain::Rotational;
    if (name == "translational") return Domain::Translational;
    if (name == "hydraulic") return Domain::Hydraulic;
    if (name == "thermal") return Domain::Thermal;
    return std::nullopt;
}

namespace {
std::string rangeNum(double v)
{
    std::string s = formatDouble(v);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    return s;
}
} // namespace

std::string Range::describe() const { return describeRange(*this, rangeNum, std::string()); }

std::string describeRange(const Range& r, const std::function<std::string(double)>& number, const std::string& unit)
{
    const double lo = r.lo, hi = r.hi, minMagnitude = r.minMagnitude;
    const bool loStrict = r.loStrict, hiStrict = r.hiStrict, nonzero = r.nonzero;
    const bool hasLo = std::isfinite(lo);
    const bool hasHi = std::isfinite(hi);
    const std::string u = unit.empty() ? std::string() : " " + unit;
    std::string s;
    if (minMagnitude > 0.0 && hasHi && lo == -hi) {
        // a signed magnitude range
        return "must be in [" + number(-hi) + ", " + number(-minMagnitude) + "]" + u + " or [" + number(minMagnitude) + ", " +
               number(hi) + "]" + u;
    }
    if (hasLo && hasHi) {
        s = std::string("must be in ") + (loStrict ? "(" : "[") + number(lo) + ", " + number(hi) + (hiStrict ? ")" : "]") + u;
    } else if (hasLo) {
        s = std::string("must be ") + (loStrict ? "> " : ">= ") + number(lo) + u;
    } else if (hasHi) {
        s = std::string("must be ") + (hiStrict ? "< " : "<= ") + number(hi) + u;
    } else {
        s = "must be a finite number";
    }
    if (nonzero) s += " and nonzero";
    return s;
}

const PortDescriptor* ComponentDescriptor::port(std::string_view name) const
{
    for (const auto& p : ports) {
        if (name == p.name) return &p;
    }
    return nullptr;
}

const ParameterDescriptor* ComponentDescriptor::parameter(std::string_view name) const
{
    for (const auto& p : parameters) {
        if (name == p.name) return &p;
    }
    return nullptr;
}

const InputDescriptor* ComponentDescriptor::input(std::string_view name) const
{
    for (const auto& p : inputs) {
        if (name == p.name) return &p;
    }
    return nullptr;
}

const ParameterDescriptor* NodeDomainDescriptor::field(std::string_view name) const
{
    for (const auto& p : fields) {
        if (name == p.name) return &p;
    }
    return nullptr;
}

} // namespace drivelab
