#include "files/recentfiles.h"

#include <QFileInfo>
#include <QSettings>

namespace drivelab {
namespace {
const char* kKey = "files/recent";
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) { }

QStringList RecentFiles::files() const
{
    QStringList out;
    for (const QString& f : QSettings().value(QString::fromLatin1(kKey)).toStringList()) {
        if (QFileInfo::exists(f)) out << f;
    }
    return out;
}

void RecentFiles::add(const QString& path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList list = QSettings().value(QString::fromLatin1(kKey)).toStringList();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMax) list.removeLast();
    QSettings().setValue(QString::fromLatin1(kKey), list);
    emit changed();
}

void RecentFiles::clear()
{
    QSettings().remove(QString::fromLatin1(kKey));
    emit changed();
}

} // namespace drivelab
