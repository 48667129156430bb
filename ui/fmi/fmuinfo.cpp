#include "fmi/fmuinfo.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QHash>

#include "components/common/fmuarchive.h"
#include "spec/labfiles.h"

namespace drivelab {
namespace {

/// what was read of one file, while it keeps its size and time stamp
struct CachedFmu {
    qint64 size = -1;
    QDateTime modified;
    FmuInfo info;
};

/// by the path the file is read from (the editor's thread only)
QHash<QString, CachedFmu>& fmuInfoCache()
{
    static QHash<QString, CachedFmu> cache;
    return cache;
}

/// read and load the archive (the compile's path: readFmuArchive, the installed loader)
FmuInfo fmuLoadInfo(const LabSpec& lab, const std::string& file)
{
    FmuInfo info;
    info.file = QString::fromStdString(file);
    const FmuLoader loader = fmuLoader();
    if (!loader) {
        info.error = QCoreApplication::translate("FmuInfo", "this program cannot import FMUs ('%1')").arg(info.file);
        return info;
    }
    std::string bytes, why;
    if (!readFmuArchive(lab, file, bytes, why)) {
        info.error = QString::fromStdString(why);
        return info;
    }
    info.fmu = loader(lab.fileReader ? file : labFilePath(lab, file), std::move(bytes), why);
    if (!info.fmu) info.error = QString::fromStdString(why);
    return info;
}

} // namespace

std::vector<const FmuVariable*> FmuInfo::realVariables(const char* causality) const
{
    std::vector<const FmuVariable*> out;
    if (!fmu) return out;
    for (const FmuVariable& v : fmu->description().variables) {
        if (v.isReal() && v.causality == causality) out.push_back(&v);
    }
    return out;
}

QString FmuInfo::names(const char* causality) const
{
    QStringList list;
    for (const FmuVariable* v : realVariables(causality)) list << QStringLiteral("'%1'").arg(QString::fromStdString(v->name));
    return list.isEmpty() ? QCoreApplication::translate("FmuInfo", "none") : list.join(QStringLiteral(", "));
}

FmuInfo fmuInfo(const LabSpec& lab, const ComponentSpec& c)
{
    const Json& p = c.parameters;
    if (!p.is_object() || !p.contains("file") || !p["file"].is_string() || p["file"].get<std::string>().empty()) {
        FmuInfo none;
        none.error = QCoreApplication::translate("FmuInfo", "no FMU file named: give the archive (.fmu) in 'file'");
        return none;
    }
    const std::string file = p["file"].get<std::string>();
    // an asset's embedded archives come through its reader: nothing on disk to watch
    if (lab.fileReader) return fmuLoadInfo(lab, file);
    const QString path = QString::fromStdString(labFilePath(lab, file));
    const QFileInfo fi(path);
    if (!fi.isFile()) return fmuLoadInfo(lab, file); // the reader's message names the missing file
    CachedFmu& cached = fmuInfoCache()[path];
    if (cached.size != fi.size() || cached.modified != fi.lastModified() || cached.info.file != QString::fromStdString(file)) {
        cached.size = fi.size();
        cached.modified = fi.lastModified();
        cached.info = fmuLoadInfo(lab, file);
    }
    return cached.info;
}

const FmuVariable* findRealVariable(const FmuInfo& info, const QString& name, const char* causality)
{
    for (const FmuVariable* v : info.realVariables(causality)) {
        if (QString::fromStdString(v->name) == name) return v;
    }
    return nullptr;
}

QString fmuVariableRefusal(const FmuInfo& info, const QString& component, const QString& field, const QString& name,
                           const char* causality)
{
    if (!info.fmu || name.isEmpty() || findRealVariable(info, name, causality)) return QString();
    return QCoreApplication::translate("FmuInfo", "fmu '%1': %2: '%3' is not a real %4 of FMU '%5' (its real %4s: %6); nothing was stored")
        .arg(component, field, name, QString::fromLatin1(causality), info.file, info.names(causality));
}

QString fmuVariableText(const FmuVariable& v)
{
    QString s = QString::fromStdString(v.name);
    if (!v.unit.empty()) s += QStringLiteral(" [%1]").arg(QString::fromStdString(v.unit));
    if (!v.description.empty()) s += QStringLiteral(": ") + QString::fromStdString(v.description);
    return s;
}

} // namespace drivelab
