#include "compile/compilecontext.h"

#include <cmath>
#include <optional>

#include "components/component.h"
#include "components/common/table2d.h"
#include "util/textescape.h"

namespace drivelab {

CompileContext::CompileContext(const ComponentSpec& spec, const ComponentDescriptor& desc,
                               const std::vector<std::pair<std::string, NodeRef>>& nodes, SlotCounters& slots, Diagnostics& diags)
    : m_spec(spec), m_desc(desc), m_nodes(nodes), m_slots(slots), m_diags(diags)
{ }

double CompileContext::real(const char* name) const
{
    const ParameterDescriptor* p = m_desc.parameter(name);
    if (!p) return 0.0;
    if (!m_spec.parameters.contains(name)) return p->fileDefault;
    return parameterValue(*p, m_spec.parameters[name]);
}

bool CompileContext::boolean(const char* name) const
{
    if (!m_spec.parameters.contains(name)) return false;
    const Json& v = m_spec.parameters[name];
    return v.is_boolean() && v.get<bool>();
}

const Json& CompileContext::table(const char* name) const
{
    static const Json null;
    if (!m_spec.parameters.contains(name)) return null;
    return m_spec.parameters[name];
}

bool CompileContext::has(const char* name) const { return m_spec.parameters.contains(name); }

std::string CompileContext::text(const char* name) const
{
    if (!m_spec.parameters.contains(name) || !m_spec.parameters[name].is_string()) return {};
    return m_spec.parameters[name].get<std::string>();
}

int CompileContext::port(const char* name) const
{
    const std::string* node = m_spec.port(name);
    if (!node || *node == kGroundId) return kGround;
    for (const auto& [id, ref] : m_nodes) {
        if (id == *node) return ref.index;
    }
    return kGround;
}

Domain CompileContext::portDomain(const char* name) const
{
    const std::string* node = m_spec.port(name);
    if (node) {
        for (const auto& [id, ref] : m_nodes) {
            if (id == *node) return ref.domain;
        }
    }
    return Domain::Rotational;
}

OilPort CompileContext::oilPort(const char* name) const
{
    OilPort o;
    const int i = port(name);
    if (i < 0 || portDomain(name) != Domain::Hydraulic || !m_slots.oil) return o;
    o.t = m_slots.oil->tempOf[static_cast<std::size_t>(i)];
    o.fixedT = m_slots.oil->fixedT[static_cast<std::size_t>(i)];
    o.p = i;
    return o;
}

OilWall CompileContext::oilWall(const char* heatPort, const char* conductance, const char* oilPortName)
{
    OilWall w;
    if (!has(conductance)) return w;
    w.oil = oilPort(oilPortName);
    if (!w.oil.thermal()) {
        error(conductance, std::string("a wall exchanges heat with thermal-liquid oil: ") + oilPortName + " ('" + portNode(oilPortName) +
                               "') must be a volume with initial_temperature in a lab with oil");
        return w;
    }
    if (!portIsNode(heatPort)) {
        error(conductance, std::string("the wall needs a thermal node on ") + heatPort);
        return w;
    }
    w.node = port(heatPort);
    w.g = real(conductance);
    return w;
}

OilPort CompileContext::heatIntoOil(const char* name, const char* heatPort)
{
    if (!portIsNode(name)) return OilPort{};
    const OilPort o = oilPort(name);
    if (!o.thermal())
        errorAt(name, "'" + portNode(name) + "' must be a thermal-liquid volume (a hydraulic node with volume and initial_temperature, in a lab with oil)");
    if (portIsNode(heatPort)) errorAt(heatPort, std::string("the heat goes to ") + name + "'s oil: give " + name + " or " + heatPort + ", not both");
    return o;
}

bool CompileContext::portIsNode(const char* name) const
{
    const std::string* node = m_spec.port(name);
    return node && *node != kGroundId;
}

std::string CompileContext::portNode(const char* name) const
{
    const std::string* node = m_spec.port(name);
    return node ? *node : std::string(kGroundId);
}

int CompileContext::inputSlot(const char* name)
{
    // inputs occupy real slots in descriptor order, allocated on first request
    const InputDescriptor* in = m_desc.input(name);
    if (!in) return -1;
    const int slot = allocReal(1);
    double v = in->initialDefault;
    if (m_spec.inputs.contains(name) && m_spec.inputs[name].is_number()) v = m_spec.inputs[name].get<double>();
    m_slots.realInit[static_cast<std::size_t>(slot)] = v;
    return slot;
}

int CompileContext::allocReal(int n)
{
    const int at = m_slots.nReal;
    m_slots.nReal += n;
    m_slots.realInit.resize(static_cast<std::size_t>(m_slots.nReal), 0.0);
    return at;
}

int CompileContext::allocFlag(int n)
{
    const int at = m_slots.nFlag;
    m_slots.nFlag += n;
    m_slots.flagInit.resize(static_cast<std::size_t>(m_slots.nFlag), 0);
    return at;
}

int CompileContext::allocMean(int n)
{
    const int at = m_slots.nMean;
    m_slots.nMean += n;
    return at;
}

int CompileContext::allocScratch(int n)
{
    const int at = m_slots.nScratch;
    m_slots.nScratch += n;
    return at;
}

int CompileContext::allocRow() { return m_slots.nRows++; }

void CompileContext::markStorage(const char* port)
{
    const int i = this->port(port);
    if (i < 0 || !m_slots.states.kind) return;
    StateKind& k = (*m_slots.states.kind)[static_cast<std::size_t>(i)];
    if (k == StateKind::Algebraic) {
        k = StateKind::Compliant;
        (*m_slots.states.stageWeight)[static_cast<std::size_t>(i)] = 0.5;
    }
}

bool CompileContext::fixNode(const char* port, double initial)
{
    const int i = this->port(port);
    if (i < 0 || !m_slots.states.kind) return false;
    const std::size_t k = static_cast<std::size_t>(i);
    StateKind& kind = (*m_slots.states.kind)[k];
    const std::string node = portNode(port);
    if (kind == StateKind::Fixed) {
        errorAt(port, "node '" + node +
                          "' already has its pressure held (a reservoir or another pressure source); "
                          "two ideal pressure sources on one junction conflict");
        return false;
    }
    if (kind != StateKind::Algebraic) {
        errorAt(port, "node '" + node +
                          "' has its own compliance (a volume or a storage element): an ideal pressure "
                          "source on it would force an impulsive flow; connect the source through an orifice, or remove the volume");
        return false;
    }
    if ((*m_slots.states.initialSet)[k]) {
        errorAt(port, "node '" + node + "' gets its pressure from this source: remove its initial_pressure");
        return false;
    }
    kind = StateKind::Fixed;
    (*m_slots.states.x0)[k] = initial;
    (*m_slots.states.initialSet)[k] = true;
    return true;
}

bool CompileContext::prescribeNode(const char* port, int slot, const char* input)
{
    const int i = this->port(port);
    if (i < 0 || !m_slots.states.kind) return false;
    const std::string node = portNode(port);
    if ((*m_slots.states.kind)[static_cast<std::size_t>(i)] != StateKind::Mechanical) {
        errorAt(port,
                "node '" + node + "' is not a rotational or translational node; only a shaft or a body can follow a prescribed speed");
        return false;
    }
    for (const PrescribedState& p : m_slots.prescribed) {
        if (p.state != i) continue;
        errorAt(port, "node '" + node + "' already has its speed prescribed by '" + p.component +
                          "'; two ideal speed sources on one node conflict: remove one");
        return false;
    }
    m_slots.prescribed.push_back(PrescribedState{i, slot, m_spec.id, input});
    return true;
}

void CompileContext::addInertia(const char* port, double inertia)
{
    const int i = this->port(port);
    if (i < 0 || !m_slots.states.mass) return;
    const std::size_t k = static_cast<std::size_t>(i);
    if ((*m_slots.states.kind)[k] != StateKind::Mechanical) {
        errorAt(port, "node '" + portNode(port) + "' is not a rotational or translational node; only a shaft or a body can carry inertia");
        return;
    }
    (*m_slots.states.mass)[k] += inertia;
}

void CompileContext::setInitial(const char* port, double value, const std::string& field)
{
    const int i = this->port(port);
    if (i < 0 || !m_slots.states.x0) return;
    const std::size_t k = static_cast<std::size_t>(i);
    if ((*m_slots.states.initialSet)[k]) {
        const double have = (*m_slots.states.x0)[k];
        if (have != value)
            error(field, "is " + formatDouble(value) + " but node '" + portNode(port) + "' starts at " + formatDouble(have) +
                             "; they share one pressure: make them equal (or leave the node's initial_pressure out)");
        return;
    }
    (*m_slots.states.x0)[k] = value;
    (*m_slots.states.initialSet)[k] = true;
}

void CompileContext::error(const std::string& field, const std::string& message)
{
    m_failed = true;
    m_diags.error(m_spec.id, fieldPath(field), message);
}

void CompileContext::errorAt(const std::string& field, const std::string& message)
{
    m_failed = true;
    m_diags.error(m_spec.id, field, message);
}

namespace {

const char* jsonKind(const Json& v)
{
    if (v.is_null()) return "null";
    if (v.is_boolean()) return "a boolean";
    if (v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    if (v.is_array()) return "a list";
    return "an object";
}

// what is wrong with a number, or "" when it is fine
std::string numberProblem(const Range& range, const Json& v, bool whole)
{
    const double d = v.get<double>();
    if (!std::isfinite(d)) return "must be finite";
    if (whole && d != std::floor(d)) return "must be a whole number";
    if (!range.contains(d)) return range.describe() + " (got " + formatDouble(d) + ")";
    return {};
}

bool checkNumber(const Range& range, const Json& v, bool whole, const std::string& subject, const std::string& path, Diagnostics& diags)
{
    const std::string problem = numberProblem(range, v, whole);
    if (problem.empty()) return true;
    diags.error(subject, path, problem);
    return false;
}

} // namespace

bool validateParameter(const ParameterDescriptor& p, const Json& value, const std::string& subject, const std::string& path,
                       Diagnostics& diags)
{
    switch (p.kind) {
    case ParamKind::Real:
    case ParamKind::WholeNumber:
        if (!value.is_number()) {
            diags.error(subject, path, std::string("must be a number [") + p.unit + "], got " + jsonKind(value));
            return false;
        }
        return checkNumber(p.range, value, p.kind == ParamKind::WholeNumber, subject, path, diags);
    case ParamKind::RealOrKeyword:
        if (value.is_string() && p.keyword && value.get<std::string>() == p.keyword) return true;
        if (!value.is_number()) {
            diags.error(subject, path,
                        std::string("must be a number [") + p.unit + "] or \"" + (p.keyword ? p.keyword : "") + "\", got " +
                            jsonKind(value));
            return false;
        }
        return checkNumber(p.range, value, false, subject, path, diags);
    case ParamKind::Boolean:
        if (!value.is_boolean()) {
            diags.error(subject, path, std::string("must be true or false, got ") + jsonKind(value));
            return false;
        }
        return true;
    case ParamKind::Table: {
        std::vector<TableFinding> findings;
        const bool ok = validateTable(p, value, findings);
        for (const auto& f : findings) {
            std::string at = path;
            if (f.row >= 0) at += "[" + std::to_string(f.row) + "]";
            if (f.key) at += "." + *f.key;
            diags.error(subject, at, f.message);
        }
        return ok;
    }
    case ParamKind::Table2D: {
        const std::vector<Table2DFinding> findings = checkTable2D(p, value);
        for (const auto& f : findings) {
            const std::string below = f.field();
            diags.error(subject, below.empty() ? path : path + "." + below, f.message);
        }
        return findings.empty();
    }
    case ParamKind::Text:
        if (!value.is_string() || value.get<std::string>().empty()) {
            diags.error(subject, path, std::string("must be a non-empty string, got ") + jsonKind(value));
            return false;
        }
        return true;
    case ParamKind::NumberMap: {
        if (!value.is_object()) {
            diags.error(subject, path, std::string("must be an object of numbers by name ({\"name\": 1.5}), got ") + jsonKind(value));
            return false;
        }
        bool ok = true;
        for (auto it = value.begin(); it != value.end(); ++it) ok = checkNumber(Range::any(), it.value(), false, subject, path + "." + it.key(), diags) && ok;
        return ok;
    }
    }
    return false;
}

double parameterValue(const ParameterDescriptor& p, const Json& value)
{
    if (p.kind == ParamKind::RealOrKeyword && value.is_string()) return p.keywordValue;
    if (value.is_number()) return value.get<double>();
    return p.fileDefault;
}

bool validateTable(const ParameterDescriptor& p, const Json& value, std::vector<TableFinding>& findings)
{
    if (!value.is_array()) {
        findings.push_back({-1, std::nullopt, std::string("must be a list of points, got ") + jsonKind(value)});
        return false;
    }
    const int rows = static_cast<int>(value.size());
    if (rows < p.minRows || rows > p.maxRows) {
        findings.push_back(
            {-1, std::nullopt,
             "has " + std::to_string(rows) + " points; it needs " + std::to_string(p.minRows) + " to " + std::to_string(p.maxRows)});
        return false;
    }
    bool ok = true;
    for (int r = 0; r < rows; ++r) {
        const Json& row = value[static_cast<std::size_t>(r)];
        if (!row.is_object()) {
            findings.push_back({r, std::nullopt, std::string("must be an object, got ") + jsonKind(row)});
            ok = false;
            continue;
        }
        for (auto it = row.begin(); it != row.end(); ++it) {
            bool known = false;
            for (const auto& c : p.columns) known = known || it.key() == c.name;
            if (!known) {
                std::string cols;
                for (const auto& c : p.columns) cols += std::string(cols.empty() ? "" : ", ") + c.name;
                findings.push_back({r, it.key(), "unknown key (a point has " + cols + ")"});
                ok = false;
            }
        }
        for (const auto& c : p.columns) {
            if (!row.contains(c.name)) {
                findings.push_back({r, c.name, "missing"});
                ok = false;
            } else if (c.id) {
                if (!row[c.name].is_string() || !isValidId(row[c.name].get<std::string>())) {
                    const Json& v = row[c.name];
                    findings.push_back({r, c.name,
                                        std::string("must be a component id (a letter, then letters, digits, _ or -), got ") +
                                            (v.is_string() ? "'" + printableText(v.get<std::string>().substr(0, 80)) + "'" : jsonKind(v))});
                    ok = false;
                }
            } else if (!row[c.name].is_number()) {
                findings.push_back({r, c.name, std::string("must be a number, got ") + jsonKind(row[c.name])});
                ok = false;
            } else if (std::string problem = numberProblem(c.range, row[c.name], false); !problem.empty()) {
                findings.push_back({r, c.name, std::move(problem)});
                ok = false;
            }
        }
    }
    return ok;
}

} // namespace drivelab
