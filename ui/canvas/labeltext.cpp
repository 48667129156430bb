#include "canvas/labeltext.h"

#include <QCoreApplication>

#include <map>

#include "components/registry.h"
#include "document/displayunits.h"
#include "document/numbers.h"

namespace drivelab {
namespace {

// linear interpolation in a table at x (clamped)
double lookup(const Json& table, const char* xKey, const char* yKey, double x)
{
    if (!table.is_array() || table.empty()) return 0.0;
    double px = 0, py = 0;
    bool first = true;
    for (const auto& row : table) {
        if (!row.is_object() || !row.contains(xKey) || !row.contains(yKey) || !row[xKey].is_number() || !row[yKey].is_number())
            continue;
        const double rx = row[xKey].get<double>(), ry = row[yKey].get<double>();
        if (first && x <= rx) return ry;
        if (!first && x <= rx && rx > px) return py + (ry - py) * (x - px) / (rx - px);
        px = rx;
        py = ry;
        first = false;
    }
    return py;
}

QString join(const QStringList& parts)
{
    return parts.join(QStringLiteral("   "));
}

} // namespace

QString shortName(const std::string& name)
{
    static const std::map<std::string, const char*> names = {
        {"inertia", "J"}, {"initial_speed", "ω₀"}, {"heat_capacity", "C"}, {"initial_temperature", "T₀"},
        {"stiffness", "k"}, {"damping", "d"}, {"ratio", "i"}, {"sun_teeth", "Zs"}, {"ring_teeth", "Zr"},
        {"kinetic_ratio", "μk/μs"}, {"step_torque", "ΔT"}, {"offset_torque", "T₀"}, {"start_time", "t₀"},
        {"capacity", "cap"}, {"command", "cmd"}, {"mass", "m"}, {"volume", "V"}, {"initial_pressure", "p₀"},
        {"conductance", "G"}, {"displacement", "D"}};
    const auto it = names.find(name);
    if (it != names.end()) return QString::fromUtf8(it->second);
    return QString::fromStdString(name).replace(QLatin1Char('_'), QLatin1Char(' '));
}

QString valueWithUnit(double si, const char* unit)
{
    const UnitView v = DisplayUnits::instance().view(QString::fromLatin1(unit));
    // labels are for reading at a glance: five significant digits (the form has the exact value)
    const QString n = formatNumberDigits(v.toDisplay(si), 5);
    return v.label.isEmpty() ? n : n + QLatin1Char(' ') + v.label;
}

QString nodeDetail(const NodeSpec& node)
{
    const auto domain = domainFromName(node.domain);
    const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
    if (!d) return QString();
    QStringList parts;
    for (const auto& f : d->fields) {
        if (!f.required || !node.fields.contains(f.name) || !node.fields[f.name].is_number()) continue;
        parts << shortName(f.name) + QLatin1Char(' ') + valueWithUnit(node.fields[f.name].get<double>(), f.unit);
        if (parts.size() == 2) break;
    }
    return join(parts);
}

QString componentDetail(const ComponentSpec& c)
{
    const ComponentDescriptor* d = findComponentDescriptor(c.type);
    if (!d) return QString();
    QStringList parts;
    const Json& p = c.parameters;
    // the well-known summaries an engineer reads first
    if (c.type == "torque_converter" && p.contains("pump_positive")) {
        const Json& m = p["pump_positive"];
        parts << QCoreApplication::translate("LabelText", "stall R %1").arg(formatNumberDigits(lookup(m, "speed_ratio", "torque_ratio", 0.0), 4))
              << QCoreApplication::translate("LabelText", "C₀ %1").arg(formatNumberDigits(lookup(m, "speed_ratio", "capacity_coefficient", 0.0), 3));
    } else if (c.type == "motor" && p.contains("torque_curve") && p["torque_curve"].is_array()) {
        double peak = 0.0;
        for (const auto& row : p["torque_curve"]) {
            if (row.is_object() && row.contains("torque") && row["torque"].is_number()) peak = std::max(peak, row["torque"].get<double>());
        }
        parts << QCoreApplication::translate("LabelText", "peak %1").arg(valueWithUnit(peak, "N m"));
    } else {
        for (const auto& pd : d->parameters) {
            if (pd.kind == ParamKind::Table || !p.contains(pd.name)) continue;
            const Json& v = p[pd.name];
            QString text;
            if (v.is_number()) text = valueWithUnit(v.get<double>(), pd.unit);
            else if (v.is_boolean()) text = v.get<bool>() ? QCoreApplication::translate("LabelText", "on") : QCoreApplication::translate("LabelText", "off");
            else if (v.is_string()) text = QString::fromStdString(v.get<std::string>());
            else continue;
            parts << shortName(pd.name) + QLatin1Char(' ') + text;
            if (parts.size() == 2) break;
        }
    }
    // initial inputs (what the events then change)
    for (const auto& in : d->inputs) {
        if (parts.size() >= 2) break;
        const double v = c.inputs.contains(in.name) && c.inputs[in.name].is_number() ? c.inputs[in.name].get<double>() : in.initialDefault;
        parts << shortName(in.name) + QLatin1Char(' ') + valueWithUnit(v, in.unit);
    }
    return join(parts);
}

} // namespace drivelab
