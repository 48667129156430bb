#include "files/autosaver.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <algorithm>

#include "document/labdocument.h"
#include "files/labfileio.h"
#include "spec/labwriter.h"

namespace drivelab {

RecoveryStore::RecoveryStore(const QString& directory) : m_dir(directory) { }

QString RecoveryStore::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

QList<RecoveryEntry> RecoveryStore::orphans() const
{
    QList<RecoveryEntry> out;
    const QDir dir(m_dir);
    for (const QString& name : dir.entryList({QStringLiteral("*.recovery.json")}, QDir::Files)) {
        const QString meta = dir.filePath(name);
        const QString stem = meta.left(meta.size() - int(qstrlen(".recovery.json")));
        // a lock we can take belongs to no running session
        QLockFile lock(stem + QStringLiteral(".lock"));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) continue;
        lock.unlock();
        QFile f(meta);
        if (!f.open(QIODevice::ReadOnly)) continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        RecoveryEntry e;
        e.metaPath = meta;
        e.labPath = stem + QStringLiteral(".lab.json");
        e.original = o.value(QStringLiteral("original")).toString();
        e.baseDigest = QByteArray::fromHex(o.value(QStringLiteral("base_sha256")).toString().toLatin1());
        e.saved = QDateTime::fromString(o.value(QStringLiteral("saved")).toString(), Qt::ISODateWithMs);
        e.name = o.value(QStringLiteral("name")).toString();
        e.part = o.value(QStringLiteral("kind")).toString() == QLatin1String("part");
        if (e.part) e.labPath = stem + QStringLiteral(".part.json");
        for (const QJsonValue& r : o.value(QStringLiteral("renames")).toArray()) {
            const QJsonArray pair = r.toArray();
            if (pair.size() == 2 && pair[0].isString() && pair[1].isString())
                e.renames.emplace_back(pair[0].toString().toStdString(), pair[1].toString().toStdString());
        }
        e.originalChanged = !e.original.isEmpty() && !e.baseDigest.isEmpty() && QFile::exists(e.original) &&
                            fileDigest(e.original) != e.baseDigest;
        if (QFile::exists(e.labPath)) out << e;
    }
    // locks of dead sessions that left nothing to recover are swept away
    for (const QString& name : dir.entryList({QStringLiteral("*.lock")}, QDir::Files)) {
        const QString stem = dir.filePath(name).chopped(5);
        if (QFile::exists(stem + QStringLiteral(".recovery.json"))) continue;
        QLockFile lock(dir.filePath(name));
        lock.setStaleLockTime(0);
        if (lock.tryLock(0)) lock.unlock();
    }
    std::sort(out.begin(), out.end(), [](const RecoveryEntry& a, const RecoveryEntry& b) {
        return a.saved > b.saved;
    });
    return out;
}

void RecoveryStore::remove(const RecoveryEntry& e) const
{
    QFile::remove(e.labPath);
    QFile::remove(e.metaPath);
}

namespace {

AutosaveSource labSource(LabDocument* document)
{
    AutosaveSource s;
    s.modified = [document] { return document->isModified(); };
    s.revision = [document] { return document->revision(); };
    s.bytes = [document] { return QByteArray::fromStdString(writeLab(document->lab())); };
    s.original = [document] { return document->filePath(); };
    s.name = [document] { return QString::fromStdString(document->lab().name); };
    return s;
}

// a stem no other copy has, even of the same session and millisecond
QString freshStem(const QString& dir, bool part)
{
    static int serial = 0;
    return QDir(dir).filePath(QStringLiteral("%1-%2-%3-%4")
                                  .arg(part ? QStringLiteral("part") : QStringLiteral("session"))
                                  .arg(QCoreApplication::applicationPid())
                                  .arg(QDateTime::currentMSecsSinceEpoch())
                                  .arg(++serial));
}

} // namespace

Autosaver::Autosaver(LabDocument* document, const QString& directory, QObject* parent)
    : Autosaver(labSource(document), directory, parent)
{
}

Autosaver::Autosaver(AutosaveSource source, const QString& directory, QObject* parent)
    : QObject(parent), m_source(std::move(source)), m_dir(directory)
{
    QDir().mkpath(m_dir);
    const QString stem = freshStem(m_dir, m_source.part);
    m_labPath = stem + (m_source.part ? QStringLiteral(".part.json") : QStringLiteral(".lab.json"));
    m_metaPath = stem + QStringLiteral(".recovery.json");
    m_lock = std::make_unique<QLockFile>(stem + QStringLiteral(".lock"));
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(0);
    m_timer.setInterval(60 * 1000);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        autosaveNow();
    });
    m_timer.start();
}

Autosaver::~Autosaver()
{
    // a normal end: nothing to recover
    discard();
}

bool Autosaver::autosaveNow()
{
    if (!m_source.modified()) {
        discard();
        return false;
    }
    const quint64 revision = m_source.revision();
    if (m_written && m_savedRevision == revision) return false;
    QString error;
    if (!writeFileAtomically(m_labPath, m_source.bytes(), &error)) return false;
    QJsonObject meta;
    meta.insert(QStringLiteral("format"), QStringLiteral("drivelab.recovery"));
    meta.insert(QStringLiteral("version"), 1);
    // a lab's copy has no kind (as before part files were copied)
    if (m_source.part) meta.insert(QStringLiteral("kind"), QStringLiteral("part"));
    meta.insert(QStringLiteral("original"), m_source.original());
    meta.insert(QStringLiteral("base_sha256"), QString::fromLatin1(m_baseDigest.toHex()));
    meta.insert(QStringLiteral("saved"), QDateTime::currentDateTime().toString(Qt::ISODateWithMs));
    meta.insert(QStringLiteral("name"), m_source.name());
    if (m_source.renames) {
        QJsonArray renames;
        for (const auto& [from, to] : m_source.renames())
            renames.append(QJsonArray{QString::fromStdString(from), QString::fromStdString(to)});
        meta.insert(QStringLiteral("renames"), renames);
    }
    if (!writeFileAtomically(m_metaPath, QJsonDocument(meta).toJson(), &error)) return false;
    m_written = true;
    m_savedRevision = revision;
    emit autosaved(m_labPath);
    return true;
}

void Autosaver::discard()
{
    if (!m_written) return;
    QFile::remove(m_labPath);
    QFile::remove(m_metaPath);
    m_written = false;
}

void Autosaver::abandonForTest()
{
    m_timer.stop();
    m_written = false; // keep the files
    m_lock->unlock();
}

} // namespace drivelab
