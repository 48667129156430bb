#include "plots/defaultplots.h"

#include <QCoreApplication>

namespace drivelab {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("DefaultPlots", s);
}

// every (subject, name) of the layout with this name, nodes or components
QVector<ObservableKey> all(const std::vector<ObservableRef>& layout, const char* name, int isNode, int limit = 8)
{
    QVector<ObservableKey> out;
    for (const auto& r : layout) {
        if (r.name != name || (isNode >= 0 && r.isNode != (isNode == 1))) continue;
        if (out.size() >= limit) break;
        out.push_back({QString::fromStdString(r.subject), QString::fromStdString(r.name), {}});
    }
    return out;
}

} // namespace

std::vector<DefaultPlot> defaultPlots(const std::vector<ObservableRef>& layout, const std::vector<QString>& converterIds)
{
    std::vector<DefaultPlot> out;
    const auto add = [&](const QString& title, QVector<ObservableKey> keys) {
        if (!keys.isEmpty()) out.push_back({title, std::move(keys)});
    };
    if (!converterIds.empty()) {
        QVector<ObservableKey> torques, ratio, drive, heat;
        for (const QString& tc : converterIds) {
            torques << ObservableKey{tc, QStringLiteral("torque"), tr("%1 pump").arg(tc)}
                    << ObservableKey{tc, QStringLiteral("torque_at_b"), tr("%1 turbine").arg(tc)}
                    << ObservableKey{tc, QStringLiteral("torque_at_c"), tr("%1 stator").arg(tc)};
            ratio << ObservableKey{tc, QStringLiteral("speed_ratio"), {}};
            drive << ObservableKey{tc, QStringLiteral("converter_drive"), {}};
            heat << ObservableKey{tc, QStringLiteral("heat_flow"), tr("%1 heat flow").arg(tc)}
                 << ObservableKey{tc, QStringLiteral("fluid_heat"), tr("%1 fluid heat (cumulative)").arg(tc)};
        }
        add(tr("Converter torques (pump, turbine, stator)"), torques);
        add(tr("Speed ratio"), ratio);
        add(tr("Converter drive mode"), drive);
        add(tr("Heat flow and cumulative fluid heat"), heat);
        add(tr("Node speeds"), all(layout, "speed", 1));
        return out;
    }
    add(tr("Node speeds"), all(layout, "speed", 1));
    add(tr("Velocities"), all(layout, "velocity", 1));
    add(tr("Torques"), all(layout, "torque", 0, 6));
    add(tr("Heat flow"), all(layout, "heat_flow", 0, 6));
    add(tr("Clutch lock"), all(layout, "locked", 0, 6));
    add(tr("Pressures"), all(layout, "pressure", 1));
    add(tr("Temperatures"), all(layout, "temperature", 1));
    if (out.size() > 6) out.resize(6);
    return out;
}

} // namespace drivelab
