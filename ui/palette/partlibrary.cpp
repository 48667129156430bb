#include "palette/partlibrary.h"

#include <QDir>
#include <QSettings>

#include "compile/partdef.h"
#include "spec/labfiles.h"
#include "spec/labreader.h"

namespace drivelab {

QString partLibraryFolder() { return QSettings().value(QString::fromLatin1(kPartLibraryKey)).toString(); }

void setPartLibraryFolder(const QString& dir)
{
    if (dir.isEmpty())
        QSettings().remove(QString::fromLatin1(kPartLibraryKey));
    else
        QSettings().setValue(QString::fromLatin1(kPartLibraryKey), dir);
    applyPartLibrarySetting();
}

void applyPartLibrarySetting()
{
    const QString dir = partLibraryFolder();
    setPartLibraryDirs(dir.isEmpty() ? std::vector<std::string>{} : std::vector<std::string>{dir.toStdString()});
}

QList<LibraryPart> scanPartLibrary(const QString& dir)
{
    QList<LibraryPart> out;
    if (dir.isEmpty()) return out;
    const QDir folder(dir);
    for (const QString& f : folder.entryList({QStringLiteral("*.part.json")}, QDir::Files | QDir::Readable, QDir::Name)) {
        LibraryPart p;
        p.name = f.left(f.size() - int(qstrlen(".part.json")));
        p.file = folder.filePath(f);
        // the core reads and checks it as a compile would: a lab in this folder asking for it
        LabSpec lab;
        lab.baseDir = dir.toStdString();
        Diagnostics d;
        PartLibrary library(lab, d);
        std::string why;
        const PartDefinition* def = library.find(p.name.toStdString(), why);
        if (!def) {
            const auto& first = d.items();
            p.error = QString::fromStdString(first.empty() ? why : first.front().subject + ": " + first.front().field + ": " + first.front().message);
            out << p;
            continue;
        }
        for (const PartPort& port : def->ports)
            p.ports << QStringLiteral("%1 (%2)").arg(QString::fromStdString(port.name), QString::fromStdString(port.domain));
        for (const PartParameter& q : def->parameters) {
            const bool unit = !q.unit.empty() && q.unit != "-" && q.unit != "1";
            p.parameters << (unit ? QStringLiteral("%1 [%2]").arg(QString::fromStdString(q.name), QString::fromStdString(q.unit))
                                  : QString::fromStdString(q.name));
        }
        // the description is not part of the checked definition: read from the file
        std::string text;
        Diagnostics ignored;
        if (readTextFile(p.file.toStdString(), text, ignored)) {
            const std::optional<Json> root = parseJsonStrict(text, ignored);
            if (root && root->contains("description") && (*root)["description"].is_string())
                p.description = QString::fromStdString((*root)["description"].get<std::string>());
        }
        out << p;
    }
    return out;
}

} // namespace drivelab
