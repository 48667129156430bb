#pragma once
// Shared by the tests that run build/bin/drivelab-cli as a user would: start it, wait,
// collect the exit code and both streams; write a test input file into a temporary folder.
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
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

/// `text` with the first `from` replaced by `to` (a bad-input case made from a good lab);
/// a `from` the text lacks is the test's own mistake: fatal
inline std::string replaceOnce(std::string text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    if (at == std::string::npos) qFatal("no '%s' in the lab", from.c_str());
    return text.replace(at, from.size(), to);
}

#ifdef DRIVELAB_CLI
/// a bad lab as a user would meet it: `check` exits 2 with stderr starting "PATH: line" (the
/// `FILE: ID: FIELD: message` form), and `run --output` exits 2 and writes no report
inline void checkCliRefuses(const QTemporaryDir& dir, const std::string& text, const std::string& line)
{
    const QString cli = QStringLiteral(DRIVELAB_CLI);
    const QString path = writeTestFile(dir, QStringLiteral("bad.lab.json"), text);
    const QString out = dir.filePath(QStringLiteral("bad.report.json"));
    CliResult r = runCli(cli, {QStringLiteral("check"), path}, 60000);
    QCOMPARE(r.exit, 2);
    const QString expected = path + QStringLiteral(": ") + QString::fromStdString(line);
    QVERIFY2(r.err.startsWith(expected), qPrintable(QStringLiteral("expected '%1...', got: %2").arg(expected, r.err)));
    r = runCli(cli, {QStringLiteral("run"), path, QStringLiteral("--output"), out}, 60000);
    QCOMPARE(r.exit, 2);
    QVERIFY(!QFile::exists(out));
}
#endif

} // namespace drivelab::test
