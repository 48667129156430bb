#pragma once
// The example labs shipped with DriveLab (the repository's labs/): where they are at run time,
// what each one is (its name, the first sentence of its description, a thumbnail of its
// drawing), and a user's own copy to open — the shipped files are never edited in place.
//
// Where: $DRIVELAB_EXAMPLES_DIR when set; else the installed layout, PREFIX/share/drivelab/labs
// beside PREFIX/bin/drivelab; else the source tree's labs/ (a build tree's binary).
#include <QImage>
#include <QString>
#include <QVector>

namespace drivelab {

/// one shipped example
struct ExampleLab {
    QString path;    ///< the shipped file
    QString title;   ///< the lab's name (its file name when unnamed)
    QString summary; ///< one line: the first sentence of its description
};

/// the folder of the examples for a binary in `appDir` ("" when none is found)
QString findExamplesDir(const QString& appDir);
/// the folder of the examples for this application ("" when none is found)
QString examplesDir();
/// the examples in `dir`, by file name
QVector<ExampleLab> listExamples(const QString& dir);
/// the first sentence of a description, at most `maxChars` characters (with an ellipsis when cut)
QString firstSentence(const QString& text, int maxChars = 140);
/// a picture of a lab's drawing, `size` pixels, white background (null when it cannot be read)
QImage exampleThumbnail(const QString& path, const QSize& size);
/// the example users meet on first launch (converter-launch), "" when not found
QString defaultExample();
/// the user's copy of a shipped example under `userDir` (the files its csv signals read come
/// along); an existing copy is kept when the user has changed it. "" with `error` on failure.
QString userCopyOfExample(const QString& shipped, const QString& userDir, QString* error);
/// true the first time it is asked on this user account (QSettings "app/firstLaunchDone"),
/// false ever after: the editor opens the default example once, on its very first launch
bool takeFirstLaunch();
/// where the user's copies go: the application's data folder, examples/
QString userExamplesDir();

} // namespace drivelab
