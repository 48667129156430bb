#include "fmi/fmuobservables.h"

#include <QCoreApplication>
#include <QStringList>

#include "compile/model.h"
#include "fmi/fmuinfo.h"

namespace drivelab {

QHash<QString, FmuObservableNote> fmuObservableNotes(const Model& model)
{
    QHash<QString, FmuObservableNote> out;
    for (const FmuBinding& b : model.fmus) {
        if (!b.fmu) continue;
        const FmuDescription& d = b.fmu->description();
        const QString subject = QString::fromStdString(b.component);
        const QString file = QString::fromStdString(b.file);
        if (const FmuVariable* v = d.find(b.output)) {
            out.insert(subject + QStringLiteral("\toutput"),
                       {QString::fromStdString(v->unit),
                        QCoreApplication::translate("FmuObservables", "FMU output %1 of %2 (held for the inputs bound to %3)")
                            .arg(fmuVariableText(*v), file, subject)});
        }
        // every real output of the FMU is an observable of its own, after output and speed_in
        const int ci = model.componentIndex(b.component);
        const auto list = ci >= 0 ? model.components[static_cast<std::size_t>(ci)].observables() : std::span<const ObservableDescriptor>{};
        for (std::size_t i = 0; i < b.observed.size() && 2 + i < list.size(); ++i) {
            const FmuVariable* v = d.find(b.observed[i]);
            if (!v) continue;
            out.insert(subject + QLatin1Char('\t') + QString::fromUtf8(list[2 + i].name),
                       {QString::fromStdString(v->unit), QCoreApplication::translate("FmuObservables", "FMU output %1 of %2").arg(fmuVariableText(*v), file)});
        }
        if (const FmuVariable* v = b.speedInput.empty() ? nullptr : d.find(b.speedInput)) {
            out.insert(subject + QStringLiteral("\tspeed_in"),
                       {QStringLiteral("rad/s"),
                        QCoreApplication::translate("FmuObservables", "node_a's speed fed to FMU input %1 of %2").arg(fmuVariableText(*v), file)});
        }
    }
    return out;
}

} // namespace drivelab
