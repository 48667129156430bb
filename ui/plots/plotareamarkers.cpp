#include "plots/plotarea.h"

#include <QToolButton>

#include "compile/model.h"
#include "document/displayunits.h"
#include "simulation/markerlog.h"
#include "spec/labspec.h"

namespace drivelab {

// PlotArea's event markers: the lab's events and the branches' clutch events on the time axis

void PlotArea::setLabEvents(const std::vector<EventSpec>& events)
{
    m_labMarkers.clear();
    for (const EventSpec& e : events) {
        // the value in the input's display unit ("lockup.capacity = 300 N·m")
        UnitView unit;
        if (m_model) {
            for (const auto& c : m_model->components) {
                if (c.id != e.component) continue;
                for (const InputDescriptor& in : c.desc->inputs) {
                    if (e.input == in.name) unit = DisplayUnits::instance().view(QString::fromLatin1(in.unit));
                }
            }
        }
        const double t = static_cast<double>(e.timeNs) / 1e9;
        TimeMarker m;
        m.time = t;
        m.kind = TimeMarker::LabEvent;
        m.label = tr("t = %1 s: event %2.%3 = %4 %5")
                      .arg(t, 0, 'g', 6)
                      .arg(QString::fromStdString(e.component), QString::fromStdString(e.input))
                      .arg(unit.toDisplay(e.value), 0, 'g', 6)
                      .arg(unit.label)
                      .trimmed();
        m_labMarkers.push_back(m);
    }
    updateMarkers(true);
}

QVector<TimeMarker> PlotArea::markers() const
{
    QVector<TimeMarker> out = m_labMarkers;
    for (const PlotBranch& b : m_branches) {
        if (!b.markers) continue;
        const std::size_t n = b.markers->size();
        for (std::size_t i = 0; i < n; ++i) {
            const RunMarker& r = b.markers->at(i);
            const QString id = m_model && r.component >= 0 && static_cast<std::size_t>(r.component) < m_model->components.size()
                                   ? QString::fromStdString(m_model->components[static_cast<std::size_t>(r.component)].id)
                                   : tr("a clutch");
            TimeMarker m;
            m.time = r.time;
            m.kind = r.kind == 0 ? TimeMarker::ClutchLock : r.kind == 1 ? TimeMarker::ClutchBreakaway : TimeMarker::ClutchRelease;
            const QString what = r.kind == 0 ? tr("%1 locks") : r.kind == 1 ? tr("%1 breaks away") : tr("%1 is released");
            m.label = tr("t = %1 s: %2").arg(r.time, 0, 'g', 9).arg(what.arg(id));
            if (b.id != 0) m.label += QStringLiteral(" (%1)").arg(b.label);
            out.push_back(m);
        }
    }
    return out;
}

void PlotArea::updateMarkers(bool force)
{
    std::size_t n = 0;
    for (const PlotBranch& b : m_branches) n += b.markers ? b.markers->size() : 0;
    if (!force && n == m_markerCount) return;
    m_markerCount = n;
    const QVector<TimeMarker> all = m_markersShown ? markers() : QVector<TimeMarker>();
    for (PlotPanel* p : m_panels) p->view()->setMarkers(all);
}

void PlotArea::setMarkersShown(bool on)
{
    m_markersShown = on;
    if (m_markersButton->isChecked() != on) m_markersButton->setChecked(on);
    updateMarkers(true);
}

} // namespace drivelab
