#include "files/partfilerecovery.h"

#include <QFile>
#include <QFileInfo>

#include "canvas/partnavigator.h"
#include "document/partfilesession.h"
#include "files/autosaver.h"
#include "files/filecontroller.h"
#include "files/labfileio.h"

namespace drivelab {
namespace {

QString absolute(const QString& path) { return QFileInfo(path).absoluteFilePath(); }

// what a session's autosaver copies: the definition as Save Part File would write it
AutosaveSource sessionSource(PartFileSession* s)
{
    AutosaveSource src;
    src.part = true;
    src.modified = [s] { return s->isModified(); };
    src.revision = [s] { return s->document()->revision(); };
    src.bytes = [s] { return s->content(); };
    src.original = [s] { return s->file(); };
    src.name = [s] { return QFileInfo(s->file()).fileName(); };
    src.renames = [s] { return s->renames(); };
    return src;
}

} // namespace

PartFileRecovery::PartFileRecovery(PartNavigator* navigator, FileController* files, const QString& directory, QObject* parent)
    : QObject(parent), m_navigator(navigator), m_files(files), m_dir(directory)
{
    connect(navigator, &PartNavigator::partFileChanged, this, &PartFileRecovery::track);
    connect(navigator, &PartNavigator::pathChanged, this, &PartFileRecovery::offerOnOpen);
}

Autosaver* PartFileRecovery::autosaverFor(const PartFileSession* session) const
{
    const auto it = m_savers.find(session);
    return it == m_savers.end() ? nullptr : it->second.data();
}

void PartFileRecovery::track()
{
    // sessions gone (a new lab drops the saved ones) took their autosavers with them
    std::erase_if(m_savers, [](const auto& kv) { return kv.second.isNull(); });
    for (PartFileSession* s : m_navigator->unsavedSessions()) {
        if (autosaverFor(s)) continue;
        // the session owns its autosaver: a session dropped ends it, and its copy with it
        auto* saver = new Autosaver(sessionSource(s), m_dir, s);
        saver->setBaseDigest(s->baseDigest());
        connect(s, &PartFileSession::changed, saver, [s, saver] {
            saver->setBaseDigest(s->baseDigest());
            // saved, or undone back to the file: the copy is obsolete
            if (!s->isModified()) saver->discard();
        });
        m_savers[s] = saver;
    }
}

int PartFileRecovery::autosaveNow()
{
    track();
    int n = 0;
    for (const auto& [s, saver] : m_savers) n += saver && saver->autosaveNow() ? 1 : 0;
    return n;
}

int PartFileRecovery::offerRecovery(const RecoveryStore& store)
{
    int recovered = 0;
    for (const RecoveryEntry& e : store.orphans()) {
        if (e.part && offer(e, store)) ++recovered;
    }
    return recovered;
}

bool PartFileRecovery::offer(const RecoveryEntry& e, const RecoveryStore& store)
{
    // a copy of exactly what the file holds has nothing to recover
    if (QFile::exists(e.original) && fileDigest(e.labPath) == fileDigest(e.original)) {
        store.remove(e);
        return false;
    }
    switch (m_files->prompter()->askRecover(e)) {
    case Prompter::RecoveryChoice::Later: return false;
    case Prompter::RecoveryChoice::Discard: store.remove(e); return false;
    case Prompter::RecoveryChoice::Recover: return recover(e, store);
    }
    return false;
}

void PartFileRecovery::offerOnOpen()
{
    // a part file opened for editing: the copies of it a crashed session left (once per session)
    PartFileSession* s = m_navigator->session();
    if (m_busy || !s || s == m_offered) return;
    m_offered = s;
    const RecoveryStore store(m_dir);
    for (const RecoveryEntry& e : store.orphans()) {
        if (!e.part || absolute(e.original) != absolute(s->file())) continue;
        if (offer(e, store)) return; // one copy's edits at a time
    }
}

bool PartFileRecovery::recover(const RecoveryEntry& e, const RecoveryStore& store)
{
    const QString kept = tr("The copy is kept in %1.").arg(e.labPath);
    const auto fail = [&](const QString& why) {
        m_files->prompter()->error(tr("Recover part file"), tr("Could not recover the edits of %1: %2\n\n%3").arg(e.original, why, kept));
        emit message(tr("Could not recover the edits of %1: %2").arg(e.original, why));
        return false;
    };
    QFile f(e.labPath);
    if (!f.open(QIODevice::ReadOnly)) return fail(f.errorString());
    const Json definition = Json::parse(f.readAll().toStdString(), nullptr, false);
    if (definition.is_discarded()) return fail(tr("the copy is not JSON"));
    // the part file shown for editing (it may already be), then its network from the copy
    m_busy = true;
    QString why;
    PartFileSession* s = m_navigator->session();
    if (!s || absolute(s->file()) != absolute(e.original)) {
        if (!m_navigator->openPartFile(e.original, &why)) {
            m_busy = false;
            return fail(why);
        }
        s = m_navigator->session();
    }
    m_offered = s;
    m_busy = false;
    if (!s) return fail(tr("it did not open for editing"));
    // the renames of the crashed edits come with them, for the lab's update after Save Part File
    if (!s->replaceNetwork(definition, tr("Recover unsaved edits"), &why, e.renames)) return fail(why);
    // a later Save Part File is checked against the file the edits started from
    if (!e.baseDigest.isEmpty()) s->setBaseDigest(e.baseDigest);
    store.remove(e);
    track();
    if (Autosaver* saver = autosaverFor(s)) {
        saver->setBaseDigest(s->baseDigest());
        saver->autosaveNow();
    }
    emit message(tr("Recovered unsaved edits of %1 from %2").arg(QFileInfo(e.original).fileName(), e.saved.toString(Qt::ISODate)));
    return true;
}

} // namespace drivelab
