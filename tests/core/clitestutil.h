#pragma once
// Shared by the tests that run build/bin/drivelab-cli as a user would: start it, wait,
// collect the exit code and both streams; write a test input file into a temporary folder.
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QtGlobal>

#include <string>

namespace drivelab::test {

/// what one command-line call did (exit -1: it did not finish or crashed)
struct CliResult {
    int exit = -1;
    QString out, err;
};

/// run `drivelab-cli ARGS` and wait up to timeoutMs
inline CliResult runCli(const QString& cli, const QStringList& args, int timeoutMs)
{
    QProcess p;
    p.start(cli, args);
    if (!p.waitForFinished(timeoutMs)) return {};
    CliResult r;
    r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

/// write text as dir/name and return the path
inline QString writeTestFile(const QTemporaryDir& dir, const QString& name, const std::string& text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text.data(), static_cast<qint64>(text.size()));
    return path;
}

} // namespace drivelab::test
