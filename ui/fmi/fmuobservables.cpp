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
            QStringList others;
            for (const FmuVariable& o : d.variables) {
                if (o.isReal() && o.causality == "output" && o.name != b.output) others << QString::fromStdString(o.name);
            }
            QString text = QCoreApplication::translate("FmuObservables", "FMU output %1 of %2").arg(fmuVariableText(*v), file);
            if (!others.isEmpty())
                text += QCoreApplication::translate("FmuObservables", " (its other real outputs, %1, are observed by mapping one as "
                                                                      "the output of an fmu component)")
                            .arg(others.join(QStringLiteral(", ")));
            out.insert(subject + QStringLiteral("\toutput"), {QString::fromStdString(v->unit), text});
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
