#include "canvas/labeltext.h"

#include <QCoreApplication>

#include <map>

#include "components/descriptors.h"
#include "document/partblocks.h"
#include "document/displayunits.h"
#include "document/numbers.h"
#include "document/signaledit.h"

namespace drivelab {
namespace {

QString join(const QStringList& parts) { return parts.join(QStringLiteral("   ")); }

// an expression field inside a part ("=cap", docs/EDITOR.md "Labels"): shown as written, as
// Simulink annotates a masked block with its parameter's expression and Modelica tools print a
// modifier's binding; its value differs per instance, so no number stands for it
std::optional<QString> expressionText(const Json& v)
{
    if (!isExpressionValue(v)) return std::nullopt;
    return QString::fromStdString(v.get<std::string>());
}

} // namespace

QString shortName(const std::string& name)
{
    static const std::map<std::string, const char*> names = {
        {"inertia", "J"},     {"initial_speed", "ω₀"},    {"heat_capacity", "C"}, {"initial_temperature", "T₀"},
        {"stiffness", "k"},   {"damping", "d"},           {"ratio", "i"},         {"sun_teeth", "Zs"},
        {"ring_teeth", "Zr"}, {"kinetic_ratio", "μk/μs"}, {"step_torque", "ΔT"},  {"offset_torque", "T₀"},
        {"start_time", "t₀"}, {"capacity", "cap"},        {"command", "cmd"},     {"mass", "m"},
        {"volume", "V"},      {"initial_pressure", "p₀"}, {"conductance", "G"},   {"displacement", "D"}};
    const auto it = names.find(name);
    if (it != names.end()) return QString::fromUtf8(it->second);
    return QString::fromStdString(name).replace(QLatin1Char('_'), QLatin1Char(' '));
}

QString valueWithUnit(double si, const char* unit, int digits)
{
    // labels are for reading at a glance: five significant digits (the form has the exact value)
    return DisplayUnits::instance().view(QString::fromLatin1(unit)).quantity(si, digits);
}

QString nodeDetail(const NodeSpec& node, std::optional<double> liveOil)
{
    const auto domain = domainFromName(node.domain);
    const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
    if (!d) return QString();
    QStringList parts;
    for (const auto& f : d->fields) {
        if (!f.required || !node.fields.contains(f.name)) continue;
        const Json& v = node.fields[f.name];
        if (v.is_number())
            parts << shortName(f.name) + QLatin1Char(' ') + valueWithUnit(v.get<double>(), f.unit);
        else if (const auto e = expressionText(v))
            parts << shortName(f.name) + QLatin1Char(' ') + *e;
        else
            continue;
        if (parts.size() == 2) break;
    }
    // the oil of a thermal-liquid lab (docs/FORMATS.md "Oil"): a hydraulic node's fields are all
    // optional, so it shows its volume and its oil temperature (live while a run is shown)
    const auto number = [&](const char* name) -> const Json* {
        const auto it = node.fields.is_object() ? node.fields.find(name) : node.fields.end();
        return it != node.fields.end() && it->is_number() ? &*it : nullptr;
    };
    if (domain == Domain::Hydraulic && parts.isEmpty()) {
        const auto field = [d](const char* name) {
            return d->field(name);
        };
        if (const Json* t0 = number("initial_temperature")) {
            if (const Json* v = number("volume"))
                parts << shortName("volume") + QLatin1Char(' ') + valueWithUnit(v->get<double>(), field("volume")->unit, 4);
            parts << (liveOil ? QCoreApplication::translate("LabelText", "oil %1").arg(valueWithUnit(*liveOil, "K", 4))
                              : QCoreApplication::translate("LabelText", "oil T₀ %1")
                                    .arg(valueWithUnit(t0->get<double>(), field("initial_temperature")->unit)));
        } else if (const Json* t = number("temperature")) {
            parts << QCoreApplication::translate("LabelText", "oil T %1").arg(valueWithUnit(t->get<double>(), field("temperature")->unit));
        }
    }
    return join(parts);
}

QString componentDetail(const ComponentSpec& c)
{
    if (isPartType(c.type)) {
        // an instance of a part: the parameters it gives, as written (numbers or "=expr")
        QStringList given;
        for (auto it = c.parameters.begin(); it != c.parameters.end() && given.size() < 2; ++it) {
            const QString v = it.value().is_string() ? QString::fromStdString(it.value().get<std::string>())
                                                     : QString::fromStdString(it.value().dump());
            given << QString::fromStdString(it.key()) + QLatin1Char(' ') + v;
        }
        return join(given);
    }
    const ComponentDescriptor* d = findComponentDescriptor(c.type);
    if (!d) return QString();
    QStringList parts;
    const Json& p = c.parameters;
    // the key figures the type itself names (the core computes them), formatted here
    const std::vector<SummaryItem> summary = d->summary ? d->summary(p) : std::vector<SummaryItem>{};
    for (const SummaryItem& item : summary) {
        const QString value =
            item.unit[0] ? valueWithUnit(item.value, item.unit, item.digits) : formatNumberDigits(item.value, item.digits);
        parts << QCoreApplication::translate("LabelText", item.name) + QLatin1Char(' ') + value;
    }
    if (summary.empty()) {
        for (const auto& pd : d->parameters) {
            if (pd.kind == ParamKind::Table || pd.kind == ParamKind::Table2D || pd.kind == ParamKind::NumberMap || !p.contains(pd.name)) continue;
            const Json& v = p[pd.name];
            QString text;
            if (v.is_number())
                text = valueWithUnit(v.get<double>(), pd.unit);
            else if (v.is_boolean())
                text = v.get<bool>() ? QCoreApplication::translate("LabelText", "on") : QCoreApplication::translate("LabelText", "off");
            else if (v.is_string())
                text = QString::fromStdString(v.get<std::string>());
            else
                continue;
            parts << shortName(pd.name) + QLatin1Char(' ') + text;
            if (parts.size() == 2) break;
        }
    }
    // initial inputs (what the events then change)
    for (const auto& in : d->inputs) {
        if (parts.size() >= 2) break;
        if (c.inputs.contains(in.name) && isInputBinding(c.inputs[in.name])) {
            // driven by a time signal or a controller: name it
            const Json& b = c.inputs[in.name];
            const char* from = b.contains("controller") ? "controller" : "signal";
            parts << shortName(in.name) + QStringLiteral(" ← ") +
                         (b.contains(from) && b[from].is_string() ? QString::fromStdString(b[from].get<std::string>())
                                                                  : QStringLiteral("?"));
            continue;
        }
        if (const auto e = c.inputs.contains(in.name) ? expressionText(c.inputs[in.name]) : std::nullopt) {
            parts << shortName(in.name) + QLatin1Char(' ') + *e;
            continue;
        }
        const double v = c.inputs.contains(in.name) && c.inputs[in.name].is_number() ? c.inputs[in.name].get<double>() : in.initialDefault;
        parts << shortName(in.name) + QLatin1Char(' ') + valueWithUnit(v, in.unit);
    }
    return join(parts);
}

} // namespace drivelab
