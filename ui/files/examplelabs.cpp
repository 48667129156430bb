#include "files/examplelabs.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>

#include "canvas/labscene.h"
#include "canvas/symbols.h"
#include "document/autolayout.h"
#include "document/labdocument.h"
#include "files/labfileio.h"

#ifndef DRIVELAB_SOURCE_LABS_DIR
#define DRIVELAB_SOURCE_LABS_DIR ""
#endif

namespace drivelab {
namespace {

bool holdsLabs(const QString& dir)
{
    return !dir.isEmpty() && !QDir(dir).entryList({QStringLiteral("*.lab.json")}, QDir::Files).isEmpty();
}

// the files a lab's csv signals read (relative names, as written)
QStringList signalFiles(const LabSpec& lab)
{
    QStringList out;
    for (const SignalSpec& g : lab.timeSignals) {
        if (g.kind == "csv" && g.fields.contains("file") && g.fields["file"].is_string())
            out << QString::fromStdString(g.fields["file"].get<std::string>());
    }
    return out;
}

} // namespace

QString findExamplesDir(const QString& appDir)
{
    const QString env = qEnvironmentVariable("DRIVELAB_EXAMPLES_DIR");
    if (holdsLabs(env)) return QDir(env).absolutePath();
    // installed: PREFIX/bin/drivelab and PREFIX/share/drivelab/labs
    const QString installed = QDir(appDir).absoluteFilePath(QStringLiteral("../share/drivelab/labs"));
    if (holdsLabs(installed)) return QDir(installed).absolutePath();
    // a build tree: the source tree's labs/
    const QString source = QString::fromUtf8(DRIVELAB_SOURCE_LABS_DIR);
    if (holdsLabs(source)) return QDir(source).absolutePath();
    return {};
}

QString examplesDir() { return findExamplesDir(QCoreApplication::applicationDirPath()); }

QString firstSentence(const QString& text, int maxChars)
{
    const QString t = text.simplified();
    // a sentence ends at ". " (or the text's end); "e.g. " and "1:1." are rare enough in ours
    int end = t.indexOf(QStringLiteral(". "));
    QString s = end < 0 ? t : t.left(end + 1);
    if (s.size() > maxChars) s = s.left(maxChars - 1).trimmed() + QStringLiteral("…");
    return s;
}

QVector<ExampleLab> listExamples(const QString& dir)
{
    QVector<ExampleLab> out;
    if (dir.isEmpty()) return out;
    const QDir d(dir);
    for (const QString& f : d.entryList({QStringLiteral("*.lab.json")}, QDir::Files, QDir::Name)) {
        ExampleLab e;
        e.path = d.absoluteFilePath(f);
        const LabFileContent content = readLabFile(e.path);
        if (!content.lab) continue; // a shipped lab always reads; skip what does not
        e.title = content.lab->name.empty() ? f : QString::fromStdString(content.lab->name);
        const Json& desc = content.lab->description;
        e.summary = firstSentence(desc.is_string() ? QString::fromStdString(desc.get<std::string>()) : QString());
        out.push_back(e);
    }
    return out;
}

QImage exampleThumbnail(const QString& path, const QSize& size)
{
    LabFileContent content = readLabFile(path);
    if (!content.lab) return {};
    autoPlace(*content.lab, symbolPortAnchor);
    LabDocument doc;
    doc.reset(std::move(*content.lab), path);
    LabScene scene(&doc);
    QImage img(size, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = scene.contentRect().adjusted(-20, -20, 20, 20);
    scene.render(&p, QRectF(QPointF(0, 0), QSizeF(size)), r, Qt::KeepAspectRatio);
    return img;
}

QString defaultExample()
{
    const QString dir = examplesDir();
    const QString lab = QDir(dir).absoluteFilePath(QStringLiteral("converter-launch.lab.json"));
    return !dir.isEmpty() && QFileInfo::exists(lab) ? lab : QString();
}

bool takeFirstLaunch()
{
    QSettings s;
    if (s.value(QStringLiteral("app/firstLaunchDone"), false).toBool()) return false;
    s.setValue(QStringLiteral("app/firstLaunchDone"), true);
    return true;
}

QString userExamplesDir()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).absoluteFilePath(QStringLiteral("examples"));
}

QString userCopyOfExample(const QString& shipped, const QString& userDir, QString* error)
{
    const LabFileContent content = readLabFile(shipped);
    if (!content.lab || !QDir().mkpath(userDir)) {
        if (error) *error = QCoreApplication::translate("Examples", "Cannot copy the example %1 to %2").arg(shipped, userDir);
        return {};
    }
    // the copy: the shipped name, or name-2, name-3, ... when the user changed an earlier copy
    const QString base = QFileInfo(shipped).fileName().chopped(int(qstrlen(".lab.json")));
    QString target;
    for (int n = 1; n < 1000 && target.isEmpty(); ++n) {
        const QString name = n == 1 ? base + QStringLiteral(".lab.json") : QStringLiteral("%1-%2.lab.json").arg(base).arg(n);
        const QString candidate = QDir(userDir).absoluteFilePath(name);
        QFile f(candidate);
        if (!f.exists()) {
            if (!f.open(QIODevice::WriteOnly) || f.write(content.bytes) != content.bytes.size()) break;
            target = candidate;
        } else if (f.open(QIODevice::ReadOnly) && f.readAll() == content.bytes) {
            target = candidate; // an untouched earlier copy
        }
    }
    if (target.isEmpty()) {
        if (error) *error = QCoreApplication::translate("Examples", "Cannot write a copy of the example %1 in %2").arg(shipped, userDir);
        return {};
    }
    // the files its signals read come along (kept when already there)
    for (const QString& f : signalFiles(*content.lab)) {
        const QString from = QFileInfo(shipped).dir().absoluteFilePath(f);
        const QString to = QDir(userDir).absoluteFilePath(f);
        if (!QFileInfo::exists(to) && QFileInfo::exists(from)) {
            QDir().mkpath(QFileInfo(to).absolutePath());
            QFile::copy(from, to);
        }
    }
    return target;
}

} // namespace drivelab
