#include "study/valuepicker.h"

#include <QMenu>

#include "components/descriptors.h"
#include "components/hydraulic/oil.h"
#include "document/displayunits.h"
#include "document/fieldpath.h"
#include "document/signaledit.h"
#include "spec/labpath.h"

namespace drivelab {
namespace {

bool isNumber(ParamKind k) { return k == ParamKind::Real || k == ParamKind::WholeNumber || k == ParamKind::RealOrKeyword; }

} // namespace

std::vector<LabValue> labValues(const LabSpec& lab)
{
    std::vector<LabValue> out;
    // a path is offered only when the core resolves it to a number
    const auto offer = [&](const std::string& group, const std::string& path) {
        LabValue v{group, path, 0.0, {}};
        std::string why;
        if (!getLabValue(lab, path, v.value, why)) return;
        v.unit = valuePathUnit(lab, path);
        out.push_back(std::move(v));
    };
    for (const NodeSpec& n : lab.nodes) {
        const auto domain = domainFromName(n.domain);
        const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
        if (!d) continue;
        for (const ParameterDescriptor& f : d->fields) {
            if (isNumber(f.kind)) offer(n.id, n.id + "." + f.name);
        }
    }
    for (const ComponentSpec& c : lab.components) {
        const ComponentDescriptor* d = findComponentDescriptor(c.type);
        if (!d) continue;
        for (const ParameterDescriptor& p : d->parameters) {
            if (isNumber(p.kind)) offer(c.id, parameterPath(c.id, c.type, p.name));
        }
        for (const InputDescriptor& in : d->inputs) {
            const std::string path = c.id + ".inputs." + in.name;
            // a bound input varies through its scale and offset
            if (c.inputs.contains(in.name) && isInputBinding(c.inputs[in.name])) {
                offer(c.id, path + ".scale");
                offer(c.id, path + ".offset");
            } else {
                offer(c.id, path);
            }
        }
    }
    if (lab.oil.is_object()) {
        for (const ParameterDescriptor& f : oilFields()) offer("oil", std::string("oil.") + f.name);
    }
    for (std::size_t i = 0; i < lab.events.size(); ++i) offer("events", "events[" + std::to_string(i) + "].value");
    offer("run", "run.tick_ns");
    offer("run", "run.duration_ns");
    return out;
}

void fillValueMenu(QMenu* menu, const LabSpec& lab, const std::function<void(const QString& path)>& chosen)
{
    menu->clear();
    QMenu* sub = nullptr;
    std::string group;
    for (const LabValue& v : labValues(lab)) {
        if (!sub || v.group != group) {
            group = v.group;
            sub = menu->addMenu(QString::fromStdString(group));
        }
        // the path after its item, with the value now in the display unit
        const QString path = QString::fromStdString(v.path);
        const QString field = v.path.rfind(group + ".", 0) == 0 ? path.mid(static_cast<int>(group.size()) + 1) : path;
        const QString now = DisplayUnits::instance().view(QString::fromStdString(v.unit)).quantity(v.value, 6);
        QAction* a = sub->addAction(QObject::tr("%1 = %2").arg(field, now));
        a->setData(path);
        a->setStatusTip(path);
        QObject::connect(a, &QAction::triggered, menu, [chosen, path] {
            chosen(path);
        });
    }
    if (menu->isEmpty()) menu->addAction(QObject::tr("(the lab has no numbers to vary)"))->setEnabled(false);
}

} // namespace drivelab
