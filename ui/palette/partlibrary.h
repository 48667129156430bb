#pragma once
// The editor's part library (issue 36): a folder of NAME.part.json files the settings name
// (QSettings key "parts/libraryFolder"). The folder is the core's part library folder too
// (spec/labfiles.h), so a lab whose instances use a library part compiles wherever it is; the
// palette lists the folder's parts (PaletteWidget) and dropping one creates an instance
// (AddInstanceCommand).
#include <QList>
#include <QString>
#include <QStringList>

namespace drivelab {

/// the settings key of the part library folder
constexpr const char* kPartLibraryKey = "parts/libraryFolder";

/// the part library folder the settings name ("" when none)
QString partLibraryFolder();
/// name `dir` as the part library folder ("" for none): stored in the settings and made the
/// core's part library folder
void setPartLibraryFolder(const QString& dir);
/// make the stored folder the core's part library folder (at start)
void applyPartLibrarySetting();

/// one part file of a library folder, as the palette lists it
struct LibraryPart {
    QString name;           ///< the part's name (the file's name without .part.json)
    QString file;           ///< the file's path
    QString description;    ///< its description (the first line shown)
    QStringList ports;      ///< "sun (rotational)", ...
    QStringList parameters; ///< "brake_capacity [N m]", ...
    QString error;          ///< why it cannot be used (the first problem the core reports), "" when it can
};

/// every NAME.part.json in `dir`, by name, each checked as the compile checks it
QList<LibraryPart> scanPartLibrary(const QString& dir);

} // namespace drivelab
