#include "files/labfileio.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include "spec/labreader.h"

namespace drivelab {

LabFileContent readLabFile(const QString& path)
{
    LabFileContent out;
    const QFileInfo info(path);
    if (info.isDir()) {
        out.diagnostics.error("-", "-", "is a directory, not a lab file");
        return out;
    }
    QFile f(path);
    if (!f.exists()) {
        out.diagnostics.error("-", "-", "no such file");
        return out;
    }
    if (static_cast<std::size_t>(f.size()) > kMaxInputBytes) {
        out.diagnostics.error("-", "-", "file is " + std::to_string(f.size()) + " bytes; the limit is " + std::to_string(kMaxInputBytes));
        return out;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        out.diagnostics.error("-", "-", "cannot open file for reading: " + f.errorString().toStdString());
        return out;
    }
    out.bytes = f.readAll();
    LabReadResult r = readLab(std::string_view(out.bytes.constData(), static_cast<std::size_t>(out.bytes.size())));
    out.diagnostics = r.diagnostics;
    out.lab = std::move(r.lab);
    // a csv signal's file is relative to the lab file's folder
    if (out.lab) out.lab->baseDir = info.absolutePath().toStdString();
    return out;
}

bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error, const SaveProgress& progress)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) *error = file.errorString();
        return false;
    }
    // write in chunks so a progress hook (and a kill) can fall between them
    constexpr qint64 kChunk = 64 * 1024;
    qint64 written = 0;
    while (written < data.size()) {
        const qint64 n = std::min(kChunk, static_cast<qint64>(data.size()) - written);
        if (file.write(data.constData() + written, n) != n) {
            if (error) *error = file.errorString();
            file.cancelWriting();
            return false;
        }
        written += n;
        if (progress && !progress(written, data.size())) {
            if (error) *error = QCoreApplication::translate("LabFileIo", "the save was interrupted");
            file.cancelWriting();
            return false;
        }
    }
    if (data.isEmpty() && progress && !progress(0, 0)) {
        if (error) *error = QCoreApplication::translate("LabFileIo", "the save was interrupted");
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    return true;
}

QByteArray bytesDigest(const QByteArray& bytes) { return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256); }

QByteArray fileDigest(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result();
}

} // namespace drivelab
