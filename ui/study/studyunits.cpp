#include "study/studyunits.h"

#include "components/descriptors.h"
#include "document/fieldpath.h"
#include "io/vehicleresults.h"

namespace drivelab {
namespace {

std::string find(std::span<const ObservableDescriptor> observables, const std::string& name)
{
    for (const ObservableDescriptor& o : observables) {
        if (name == o.name) return o.unit ? o.unit : "";
    }
    return {};
}

} // namespace

std::string observableUnit(const LabSpec& lab, const std::string& observable)
{
    const auto dot = observable.rfind('.');
    if (dot == std::string::npos) return {};
    const std::string subject = observable.substr(0, dot), name = observable.substr(dot + 1);
    if (const NodeSpec* n = lab.findNode(subject)) {
        const auto domain = domainFromName(n->domain);
        const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
        // a thermal-liquid volume adds its oil temperature
        if (d && d->domain == Domain::Hydraulic && n->fields.is_object() && n->fields.contains("initial_temperature"))
            d = &thermalLiquidNodeDescriptor();
        return d ? find(d->observables, name) : std::string();
    }
    if (const ComponentSpec* c = lab.findComponent(subject)) {
        const ComponentDescriptor* d = findComponentDescriptor(c->type);
        return d ? find(d->observables, name) : std::string();
    }
    if (const SignalSpec* s = lab.findSignal(subject)) {
        const auto it = s->fields.find("unit");
        return it != s->fields.end() && it->is_string() ? it->get<std::string>() : std::string();
    }
    return {};
}

std::string metricUnit(const LabSpec& lab, const study::MetricSpec& m)
{
    using study::Reduction;
    switch (m.reduce) {
    case Reduction::TimeOfMin:
    case Reduction::TimeOfMax:
    case Reduction::FirstCrossing:
    case Reduction::LockTime: return "s";
    case Reduction::TotalHeat: return "J";
    case Reduction::Vehicle: return vehicleResultUnit(m.result);
    case Reduction::Integral: {
        const std::string u = observableUnit(lab, m.observable);
        return u.empty() ? "s" : u + " s";
    }
    default: return observableUnit(lab, m.observable);
    }
}

std::vector<std::string> resultUnits(const study::Study& s)
{
    // index, the factors, the metrics, energy_residual, fingerprint, final_hash, error
    std::vector<std::string> out(s.columns.size());
    std::size_t c = 1;
    for (const study::FactorSpec& f : s.spec.factors) {
        if (c < out.size()) out[c] = valuePathUnit(s.base, f.path);
        ++c;
    }
    for (const study::MetricSpec& m : s.spec.metrics) {
        if (c < out.size()) out[c] = metricUnit(s.base, m);
        ++c;
    }
    if (c < out.size()) out[c] = "J";
    return out;
}

} // namespace drivelab
