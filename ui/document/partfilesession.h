#pragma once
// A part file (NAME.part.json beside the lab or in the part library) opened for editing (issue 36,
// docs/EDITOR.md "Editing a part file"). The lab does not hold the part, so its edits are not steps
// of the lab: the session is a document of its own (the part's network, its own undo history) that
// the canvas shows while the part is open, kept while its edits are unsaved. Save Part writes the
// file atomically (a temporary file renamed over it: never half a file) with the rest of the
// definition (format, name, ports, parameters, descriptions) as the file had it.
#include <QObject>
#include <QString>

#include <string>
#include <utility>
#include <vector>

#include "document/partbody.h"

namespace drivelab {

class LabDocument;

/// one part file being edited
class PartFileSession : public QObject {
    Q_OBJECT
public:
    /// `body` a part file opened by openPartBody (inLab false)
    explicit PartFileSession(PartBody body, QObject* parent = nullptr);

    const PartBody& body() const { return m_body; }
    /// the file's path
    QString file() const { return QString::fromStdString(m_body.origin); }
    /// the part's network with its own undo history
    LabDocument* document() const { return m_document; }
    /// edits not saved to the file
    bool isModified() const;
    /// the definition as Save Part writes it now
    Json definition() const;
    /// the file's content as Save Part writes it now (the definition in the lab writer's JSON layout)
    QByteArray content() const;
    /// write the definition to the file atomically; false with `why` (the file is as it was)
    bool save(QString* why);
    /// the items renamed since the last save, in order (an undone rename adds the reverse)
    const std::vector<std::pair<std::string, std::string>>& renames() const { return m_renames; }
    /// digest of the file as opened or last saved (what the unsaved edits start from)
    QByteArray baseDigest() const { return m_baseDigest; }
    void setBaseDigest(const QByteArray& digest) { m_baseDigest = digest; }
    /// the network of `definition` (a copy of this part file's definition, as Save Part writes it:
    /// files/partfilerecovery.h) in place of the one edited, as one undo step `text` that also
    /// renames `renames` (the items the copy's edits renamed, in order: added to renames(), the
    /// reverse on undo); false with `why` when it is not a definition of this part (nothing changes)
    bool replaceNetwork(const Json& definition, const QString& text, QString* why,
                        std::vector<std::pair<std::string, std::string>> renames = {});

signals:
    /// edited, undone or saved
    void changed();

private:
    PartBody m_body;
    LabDocument* m_document;
    std::vector<std::pair<std::string, std::string>> m_renames;
    QByteArray m_baseDigest;
};

} // namespace drivelab
