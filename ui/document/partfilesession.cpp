#include "document/partfilesession.h"

#include <QCoreApplication>
#include <QUndoStack>

#include "document/labdocument.h"
#include "files/labfileio.h"
#include "util/jsonwrite.h"

namespace drivelab {

PartFileSession::PartFileSession(PartBody body, QObject* parent) : QObject(parent), m_body(std::move(body)), m_document(new LabDocument(this))
{
    m_document->reset(m_body.lab, QString());
    // reset() takes the folder from a lab file's path: the part's network reads from the lab's
    m_document->edit().baseDir = m_body.lab.baseDir;
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, &PartFileSession::changed);
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &PartFileSession::changed);
    connect(m_document, &LabDocument::renamed, this, [this](const QString& from, const QString& to) {
        m_renames.emplace_back(from.toStdString(), to.toStdString());
    });
}

bool PartFileSession::isModified() const { return !m_document->undoStack()->isClean(); }

Json PartFileSession::definition() const { return writePartBody(m_body.written, m_body, m_document->lab()); }

bool PartFileSession::save(QString* why)
{
    const Json def = definition();
    const std::string text = prettyJson(def);
    QString error;
    if (!writeFileAtomically(file(), QByteArray::fromStdString(text), &error)) {
        if (why) *why = QCoreApplication::translate("PartFileSession", "%1 was not saved (%2); the file is as it was.").arg(file(), error);
        return false;
    }
    m_body.written = def;
    m_renames.clear();
    m_document->undoStack()->setClean();
    emit changed();
    return true;
}

} // namespace drivelab
