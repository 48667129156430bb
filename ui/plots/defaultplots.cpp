#include "plots/defaultplots.h"
#include "solver/session.h"

#include <QCoreApplication>

#include <algorithm>

namespace drivelab {

namespace {

QString trDefaultPlots(const char* s) { return QCoreApplication::translate("DefaultPlots", s); }

// every (subject, name) of the layout with this name, nodes or components
QVector<ObservableKey> all(const std::vector<ObservableRef>& layout, const char* name, int isNode, int limit = 8)
{
    QVector<ObservableKey> out;
    for (const auto& r : layout) {
        if (r.isSignal || r.name != name || (isNode >= 0 && r.isNode != (isNode == 1))) continue;
        if (out.size() >= limit) break;
        out.push_back({QString::fromStdString(r.subject), QString::fromStdString(r.name), {}});
    }
    return out;
}

} // namespace

std::vector<DefaultPlot> defaultPlots(const std::vector<ObservableRef>& layout, const std::vector<ComponentRef>& components,
                                      const std::vector<QString>& oilVolumes)
{
    std::vector<DefaultPlot> out;
    const auto add = [&](const QString& title, QVector<ObservableKey> keys) {
        if (!keys.isEmpty()) out.push_back({title, std::move(keys)});
    };
    // the plots the types name: one per title, the series of every instance in model order
    std::vector<DefaultPlot> named;
    for (const auto& [id, desc] : components) {
        if (!desc) continue;
        for (const DefaultPlotDescriptor& plot : desc->defaultPlots) {
            const QString title = trDefaultPlots(plot.title);
            auto it = std::find_if(named.begin(), named.end(), [&](const DefaultPlot& p) {
                return p.title == title;
            });
            if (it == named.end()) it = named.insert(named.end(), DefaultPlot{title, {}});
            for (const PlotSeriesDescriptor& s : plot.series) {
                const QString legend = s.legend ? QStringLiteral("%1 %2").arg(id, trDefaultPlots(s.legend)) : QString();
                it->keys << ObservableKey{id, QString::fromLatin1(s.observable), legend};
            }
        }
    }
    // the lab's time signals on one plot, beside the responses they drive
    QVector<ObservableKey> signalKeys;
    for (const auto& r : layout) {
        if (r.isSignal && signalKeys.size() < 8)
            signalKeys.push_back({QString::fromStdString(r.subject), QString::fromStdString(r.name), {}});
    }
    // the oil temperatures of the thermal-liquid volumes (the other node temperatures are thermal masses)
    const auto isOil = [&](const ObservableRef& r) {
        return std::find(oilVolumes.begin(), oilVolumes.end(), QString::fromStdString(r.subject)) != oilVolumes.end();
    };
    QVector<ObservableKey> oilKeys, massKeys;
    for (const auto& r : layout) {
        if (r.isSignal || !r.isNode || r.name != "temperature") continue;
        QVector<ObservableKey>& keys = isOil(r) ? oilKeys : massKeys;
        if (keys.size() < 8) keys.push_back({QString::fromStdString(r.subject), QString::fromStdString(r.name), {}});
    }
    if (!named.empty()) {
        for (DefaultPlot& p : named) add(p.title, std::move(p.keys));
        add(trDefaultPlots("Oil temperatures"), oilKeys);
        add(trDefaultPlots("Node speeds"), all(layout, "speed", 1));
        add(trDefaultPlots("Signals"), signalKeys);
        return out;
    }
    add(trDefaultPlots("Node speeds"), all(layout, "speed", 1));
    add(trDefaultPlots("Velocities"), all(layout, "velocity", 1));
    add(trDefaultPlots("Torques"), all(layout, "torque", 0, 6));
    add(trDefaultPlots("Heat flow"), all(layout, "heat_flow", 0, 6));
    add(trDefaultPlots("Clutch lock"), all(layout, "locked", 0, 6));
    add(trDefaultPlots("Pressures"), all(layout, "pressure", 1));
    add(trDefaultPlots("Temperatures"), massKeys);
    if (out.size() > 6) out.resize(6);
    // the oil temperatures and the signals keep their plots (in place of the last generic ones)
    const std::size_t extras = (oilKeys.isEmpty() ? 0 : 1) + (signalKeys.isEmpty() ? 0 : 1);
    while (!out.empty() && out.size() + extras > 6) out.pop_back();
    add(trDefaultPlots("Oil temperatures"), oilKeys);
    add(trDefaultPlots("Signals"), signalKeys);
    return out;
}

} // namespace drivelab
