#pragma once
// Reading and writing lab files for the editor. Reading never throws and keeps every
// diagnostic; writing goes through QSaveFile (a temporary file beside the target,
// renamed over it only after everything was written and flushed), so a crash, a kill
// or a full disk during a save leaves the old file as it was.
#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// a lab file as read
struct LabFileContent {
    std::optional<LabSpec> lab; ///< present when structurally sound (it may still have compile errors)
    Diagnostics diagnostics;    ///< read problems (compile problems come from the document)
    QByteArray bytes;           ///< the file's bytes
};

/// read a lab file
LabFileContent readLabFile(const QString& path);

/// called while saving: after each written chunk with (written, total); return false to abandon the save
using SaveProgress = std::function<bool(qint64 written, qint64 total)>;

/// write bytes atomically; false with `error` (the old file untouched) on any failure
bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error, const SaveProgress& progress = {});

/// SHA-256 of a file's content; empty when it cannot be read
QByteArray fileDigest(const QString& path);
/// SHA-256 of bytes
QByteArray bytesDigest(const QByteArray& bytes);

} // namespace drivelab
