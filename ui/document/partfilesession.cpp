#include "document/partfilesession.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUndoStack>

#include "commands/replacelabcommand.h"
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
    m_baseDigest = fileDigest(file());
}

bool PartFileSession::isModified() const { return !m_document->undoStack()->isClean(); }

Json PartFileSession::definition() const { return writePartBody(m_body.written, m_body, m_document->lab()); }

QByteArray PartFileSession::content() const { return QByteArray::fromStdString(prettyJson(definition())); }

bool PartFileSession::save(QString* why)
{
    const Json def = definition();
    const QByteArray text = content();
    QString error;
    if (!writeFileAtomically(file(), text, &error)) {
        if (why) *why = QCoreApplication::translate("PartFileSession", "%1 was not saved (%2); the file is as it was.").arg(file(), error);
        return false;
    }
    m_body.written = def;
    m_baseDigest = bytesDigest(text);
    m_renames.clear();
    m_document->undoStack()->setClean();
    emit changed();
    return true;
}

bool PartFileSession::replaceNetwork(const Json& definition, const QString& text, QString* why,
                                     std::vector<std::pair<std::string, std::string>> renames)
{
    const auto refuse = [&](const QString& reason) {
        if (why) *why = reason;
        return false;
    };
    if (!definition.is_object() || definition.value("name", std::string()) != m_body.part)
        return refuse(QCoreApplication::translate("PartFileSession", "it is not a definition of part %1").arg(QString::fromStdString(m_body.part)));
    // read as the lab reads an inline part (its folder the file's, for the part files its instances use),
    // so the network is what opening the file would give
    Json def = definition;
    def.erase("format");
    def.erase("version");
    LabSpec probe;
    probe.baseDir = QFileInfo(file()).absolutePath().toStdString();
    probe.parts = Json::array({def});
    QString reason;
    auto read = openPartBody(probe, m_body.part, &reason);
    if (!read) return refuse(reason);
    LabSpec network = std::move(read->lab);
    network.parts = m_document->lab().parts;
    m_document->push(new ReplaceLabCommand(m_document, std::move(network), text, {}, std::move(renames)));
    return true;
}

} // namespace drivelab
