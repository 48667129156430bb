// drivelab-cli mcp over stdio without any client library (issue 18): the JSON-RPC framing,
// every protocol error code, tool errors, a run against `drivelab-cli run`, and a server
// that answers to the last line whatever came before; the Host and Origin values the HTTP
// transport takes (issue 33), as a table. The SDK client tests are in tests/mcp/.
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/mcp/mcphost.h"
#include "clitestutil.h"

using namespace drivelab::test;

namespace {

const QString kCli = QStringLiteral(DRIVELAB_CLI);
const QString kSource = QStringLiteral(DRIVELAB_SOURCE_DIR);

// run `drivelab-cli mcp ARGS` and talk to it one line at a time: after each line that is not a
// notification, wait for its answer (so a long call is answered before the next line); then
// close its input. The answers, in order
QList<QJsonObject> session(const QStringList& lines, const QStringList& args = {})
{
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start(kCli, QStringList{"mcp"} + args);
    if (!p.waitForStarted(10000)) return {};
    QList<QJsonObject> out;
    QByteArray pending;
    const auto readAnswers = [&]() {
        pending += p.readAllStandardOutput();
        for (qsizetype at; (at = pending.indexOf('\n')) >= 0;) {
            const QByteArray line = pending.left(at);
            pending.remove(0, at + 1);
            QJsonParseError e{};
            const QJsonDocument d = QJsonDocument::fromJson(line, &e);
            if (e.error != QJsonParseError::NoError || !d.isObject()) {
                qWarning("not one JSON object per line: %s", line.left(200).constData());
                return false;
            }
            out.push_back(d.object());
        }
        return true;
    };
    for (const auto& l : lines) {
        const qsizetype before = out.size();
        p.write(l.toUtf8() + "\n");
        if (l.contains("notifications/")) continue;
        QElapsedTimer t;
        t.start();
        while (out.size() == before && t.elapsed() < 120000) {
            p.waitForReadyRead(1000);
            if (!readAnswers()) return {};
        }
    }
    p.closeWriteChannel();
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("mcp did not end cleanly: %s", p.readAllStandardError().constData());
        return {};
    }
    if (!readAnswers()) return {};
    return out;
}

QString request(int id, const QString& method, const QJsonObject& params = {})
{
    return QString::fromUtf8(
        QJsonDocument(QJsonObject{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}).toJson(QJsonDocument::Compact));
}

QString toolCall(int id, const QString& name, const QJsonObject& args)
{
    return request(id, "tools/call", QJsonObject{{"name", name}, {"arguments", args}});
}

int errorCode(const QJsonObject& o) { return o.value("error").toObject().value("code").toInt(); }

} // namespace

class TstMcp : public QObject {
    Q_OBJECT
private slots:
    void initializeNegotiatesTheVersion()
    {
        const auto init = [](const QString& v) {
            return request(1, "initialize",
                           QJsonObject{{"protocolVersion", v},
                                       {"capabilities", QJsonObject{}},
                                       {"clientInfo", QJsonObject{{"name", "t"}, {"version", "1"}}}});
        };
        const auto a = session({init("2025-06-18"), init("2025-03-26"), init("2031-01-01")});
        QCOMPARE(a.size(), 3);
        QCOMPARE(a[0]["result"].toObject()["protocolVersion"].toString(), QString("2025-06-18"));
        QCOMPARE(a[1]["result"].toObject()["protocolVersion"].toString(), QString("2025-03-26"));
        QCOMPARE(a[2]["result"].toObject()["protocolVersion"].toString(), QString("2025-06-18"));
        QVERIFY(a[0]["result"].toObject()["capabilities"].toObject().contains("tools"));
    }

    void protocolErrors()
    {
        const auto a = session({
            "nonsense",                                                                  // -32700
            "{\"jsonrpc\": \"2.0\", \"id\": 1}",                                         // -32600: no method
            "{\"jsonrpc\": \"2.0\", \"id\": {\"x\": 1}, \"method\": \"ping\"}",          // -32600: id an object
            "[]",                                                                        // -32600: a batch
            request(2, "tools/unknown"),                                                 // -32601
            toolCall(3, "run_lab", QJsonObject{{"lab", 1}}),                             // -32602: wrong type
            toolCall(4, "no_such_tool", QJsonObject{}),                                  // -32602: unknown tool
            request(5, "resources/read", QJsonObject{{"uri", "drivelab://reports/77"}}), // -32002
            "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}",         // nothing
            QString(200000, '{'),                                                        // -32700: nests too deep
            request(6, "ping"),
        });
        QCOMPARE(a.size(), 10);
        const QList<int> codes{-32700, -32600, -32600, -32600, -32601, -32602, -32602, -32002, -32700};
        for (int i = 0; i < codes.size(); ++i) QCOMPARE(errorCode(a[i]), codes[i]);
        QVERIFY(a[5]["error"].toObject()["message"].toString().contains("arguments.lab"));
        QCOMPARE(a[9]["id"].toInt(), 6);
        QCOMPARE(a[9]["result"].toObject(), QJsonObject{});
    }

    void toolErrorsNameFileSubjectAndField()
    {
        const auto a = session(
            {
                toolCall(1, "run_lab", QJsonObject{{"lab", "{\"format\": \"drivelab.lab\", \"version\": 1, \"nodes\": 3}"}}),
                toolCall(2, "check_lab", QJsonObject{{"lab", "../../etc/passwd"}}),
                toolCall(3, "check_lab", QJsonObject{{"lab", "/etc/passwd"}}),
                request(4, "ping"),
            },
            {"--root", QDir::tempPath()});
        QCOMPARE(a.size(), 4);
        for (int i = 0; i < 3; ++i) {
            const QJsonObject r = a[i]["result"].toObject();
            QVERIFY(r["isError"].toBool());
            const QString text = r["content"].toArray()[0].toObject()["text"].toString();
            QVERIFY2(QRegularExpression("^[^:\\n]+: [^:\\n]+: [^:\\n]+: ").match(text).hasMatch(), qPrintable(text));
        }
        QVERIFY(a[1]["result"].toObject()["content"].toArray()[0].toObject()["text"].toString().contains("'..'"));
    }

    void runMatchesTheCommandLine()
    {
        const QString lab = kSource + "/labs/clutch-engagement.lab.json";
        QTemporaryDir dir;
        const QString report = dir.filePath("r.json");
        QCOMPARE(runCli(kCli, {"run", lab, "--output", report, "--quiet"}, 120000).exit, 0);
        QFile f(report);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray expected = f.readAll();
        const auto a = session({toolCall(1, "run_lab", QJsonObject{{"lab", "drivelab://examples/clutch-engagement"}}),
                                request(2, "resources/read", QJsonObject{{"uri", "drivelab://reports/1"}})});
        QCOMPARE(a.size(), 2);
        const QJsonObject s = a[0]["result"].toObject()["structuredContent"].toObject();
        const QJsonObject r = QJsonDocument::fromJson(expected).object();
        QCOMPARE(s["fingerprint"].toString(), r["model_fingerprint"].toString());
        QCOMPARE(s["final_state_hash"].toString(), r["final_state_hash"].toString());
        const QString text = a[1]["result"].toObject()["contents"].toArray()[0].toObject()["text"].toString();
        QCOMPARE(text.toUtf8(), expected);
    }

    // a lab with a vehicle body (issue 35): run_lab's result carries the report's vehicle section
    void runLabHasVehicleResults()
    {
        const QString lab =
            R"({"format": "drivelab.lab", "version": 1, "run": {"tick_ns": 1000000, "duration_ns": 15000000000, "report_every_ticks": 1000},
                "nodes": [{"id": "wheel", "domain": "rotational", "inertia": 0.5, "initial_speed": 0}],
                "components": [{"id": "push", "type": "torque_source", "node_a": "wheel", "inputs": {"torque": 1800}},
                               {"id": "car", "type": "vehicle_body", "node_a": "wheel", "parameters": {"mass": 1500,
                                "wheel_radius": 0.3, "coastdown_f0": 150, "coastdown_f1": 2, "coastdown_f2": 0.45}}]})";
        const auto a = session({toolCall(1, "run_lab", QJsonObject{{"lab", lab}}),
                                request(2, "resources/read", QJsonObject{{"uri", "drivelab://reports/1"}})});
        QCOMPARE(a.size(), 2);
        const QJsonObject v = a[0]["result"].toObject()["structuredContent"].toObject()["vehicle"].toObject();
        const QString text = a[1]["result"].toObject()["contents"].toArray()[0].toObject()["text"].toString();
        const QJsonObject r = QJsonDocument::fromJson(text.toUtf8()).object()["vehicle"].toObject();
        QVERIFY(!v.isEmpty());
        QCOMPARE(v, r);
        QVERIFY(v["time_0_100_kmh"].toDouble() > 5.0);
        QCOMPARE(v["vehicle"].toString(), QString("car"));
    }

    // edit_lab on a lab built from parts (issue 36): `set` on an instance id sets its part
    // parameter; the edited lab runs as the same lab written with that value runs on the command
    // line; a parameter the part does not have is named by the lab's diagnostics
    void editLabSetsAnInstanceParameter()
    {
        QTemporaryDir dir;
        for (const char* f : {"two-speed-shift.lab.json", "two_speed_planetary.part.json"})
            QVERIFY(QFile::copy(kSource + "/labs/parts/" + f, dir.filePath(f)));
        const QJsonObject set{{"op", "set"}, {"id", "box"}, {"field", "brake_capacity"}, {"value", 200}};
        const QJsonObject bad{{"op", "set"}, {"id", "box"}, {"field", "parameters.brake_capacityy"}, {"value", 200}};
        const auto a = session({toolCall(1, "edit_lab", QJsonObject{{"lab", "two-speed-shift.lab.json"}, {"operations", QJsonArray{set}}}),
                                toolCall(2, "edit_lab", QJsonObject{{"lab", "two-speed-shift.lab.json"}, {"operations", QJsonArray{bad}}})},
                               {"--root", dir.path()});
        QCOMPARE(a.size(), 2);
        const QJsonObject r = a[0]["result"].toObject();
        QVERIFY2(!r["isError"].toBool(), QJsonDocument(r).toJson().constData());
        const QJsonObject s = r["structuredContent"].toObject();
        QVERIFY(s["valid"].toBool());
        const QJsonObject lab = s["lab"].toObject();
        QCOMPARE(lab["instances"].toArray()[1].toObject()["parameters"].toObject()["brake_capacity"].toDouble(), 200.0);
        // the CLI runs the edited lab (written beside the part file) to the same bits as run_lab
        const QString edited = writeTestFile(dir, "edited.lab.json", QJsonDocument(lab).toJson().toStdString());
        const auto run = session({toolCall(3, "run_lab", QJsonObject{{"lab", "edited.lab.json"}})}, {"--root", dir.path()});
        QCOMPARE(run.size(), 1);
        const CliResult cli = runCli(kCli, {"run", edited}, 120000);
        QCOMPARE(cli.exit, 0);
        const QString hash = run[0]["result"].toObject()["structuredContent"].toObject()["final_state_hash"].toString();
        QVERIFY(!hash.isEmpty());
        QVERIFY2(cli.out.contains("final state " + hash), qPrintable(cli.out));
        const CliResult original = runCli(kCli, {"run", kSource + "/labs/parts/two-speed-shift.lab.json"}, 120000);
        QVERIFY(!original.out.contains("final state " + hash)); // the capacity changed the run
        const QJsonObject b = a[1]["result"].toObject()["structuredContent"].toObject();
        QVERIFY(!b["valid"].toBool());
        QVERIFY2(QJsonDocument(b["diagnostics"].toArray()).toJson().contains("has no parameter 'brake_capacityy'"),
                 QJsonDocument(b).toJson().constData());
    }

    // DNS rebinding (issue 33): Host and Origin name this machine only by `localhost`, a
    // canonical 127.x.y.z or [::1]; every look-alike of those is foreign
    void hostAndOriginNames()
    {
        using drivelab::cli::mcp::allowedAuthority;
        using H = drivelab::cli::mcp::AuthorityHeader;
        // clang-format off
        const QStringList hostsAccepted{"localhost", "localhost:8808", "LOCALHOST", "LocalHost:1", "127.0.0.1", "127.0.0.1:8808",
                                        "127.0.0.0", "127.1.2.3", "127.255.255.255:65535", "[::1]", "[::1]:8080"};
        const QStringList hostsRefused{
            "", "127.0.0.1.", "127.0.0.1.:8808", "127.0.0.1.rebind.example", "127.0.0.1.rebind.example:8808", "127.attacker.example",
            "127.1", "127.0.1", "0x7f.0.0.1", "0177.0.0.1", "127.00.0.1", "127.0.0.01", "2130706433", "127.0.0.256", "127.0.0.1.1",
            "128.0.0.1", "126.255.255.255", "127.0.0.-1", "127..0.1", ".127.0.0.1", "localhost.", "localhost.:8808",
            "localhost.evil.com", "evil.localhost", "localhost:", "localhost:abc", "localhost:65536", "localhost:123456",
            "localhost:-1", "localhost:80:80", "localhost ", " localhost", "local host", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]",
            "[0:0:0:0:0:0:0:1]", "[::0:1]", "::1", "[::1", "[::1]x", "[::1]:", "[::1%25lo]", "[::2]", "[localhost]", "[127.0.0.1]",
            "evil@127.0.0.1", "127.0.0.1@evil.example", "http://localhost", "localhost/mcp", "localhost?x", "null",
            "attacker.example", "0.0.0.0", "::"};
        const QStringList originsAccepted{"http://localhost", "http://localhost:3000", "https://localhost", "HTTP://LOCALHOST",
                                          "http://127.0.0.1",  "http://127.0.0.1:8808",  "https://127.9.8.7:1", "http://[::1]",
                                          "http://[::1]:8080"};
        const QStringList originsRefused{"null", "", "localhost", "127.0.0.1", "[::1]:8080", "http://127.0.0.1.rebind.example",
                                         "http://127.0.0.1.rebind.example:8808", "http://127.attacker.example", "http://localhost.evil.com",
                                         "http://localhost.", "http://127.0.0.1.", "http://evil@127.0.0.1", "http://127.0.0.1@evil.example",
                                         "http://127.0.0.1/", "http://127.0.0.1/path", "http://127.0.0.1?x", "http://127.0.0.1#x",
                                         "http://127.1", "http://0x7f.0.0.1", "http://2130706433", "http://[::ffff:127.0.0.1]",
                                         "http://[0:0:0:0:0:0:0:1]", "http://::1", "file://localhost", "ws://localhost",
                                         "chrome-extension://localhost", "http:/localhost", "http//localhost", "http://", "http://:8080",
                                         "https://evil.example", " http://localhost"};
        // clang-format on
        const auto check = [&](const QStringList& values, H header, bool expected, const char* also) {
            for (const QString& v : values) {
                const std::string text = v.toStdString();
                QVERIFY2(allowedAuthority(text, header, also) == expected,
                         qPrintable(QString("%1 '%2' (also '%3') should be %4")
                                        .arg(header == H::Host ? "Host" : "Origin", v, also, expected ? "accepted" : "refused")));
            }
        };
        for (const char* also : {"", "192.168.1.5"}) {
            check(hostsAccepted, H::Host, true, also);
            check(hostsRefused, H::Host, false, also);
            check(originsAccepted, H::Origin, true, also);
            check(originsRefused, H::Origin, false, also);
        }
        // --allow-remote: the HOST the server was bound by, exactly (ignoring case), and nothing like it
        check({"192.168.1.5", "192.168.1.5:8808"}, H::Host, false, "");
        check({"192.168.1.5", "192.168.1.5:8808"}, H::Host, true, "192.168.1.5");
        check({"http://192.168.1.5:8808", "https://192.168.1.5"}, H::Origin, true, "192.168.1.5");
        check({"192.168.1.50", "192.168.1.5.", "192.168.1.5.evil.example", "evil@192.168.1.5", "http://192.168.1.5"}, H::Host, false,
              "192.168.1.5");
        check({"WorkStation.lan:8808", "workstation.lan"}, H::Host, true, "workstation.LAN");
        check({"[fe80::1]:8808", "[FE80::1]"}, H::Host, true, "[fe80::1]");
        check({"fe80::1", "[fe80::1]x"}, H::Host, false, "[fe80::1]");
    }

    void usageErrors()
    {
        QCOMPARE(runCli(kCli, {"mcp", "--bogus"}, 10000).exit, 2);
        QCOMPARE(runCli(kCli, {"mcp", "--root", "/no/such/dir"}, 10000).exit, 2);
        QCOMPARE(runCli(kCli, {"mcp", "--max-ticks", "0"}, 10000).exit, 2);
        QCOMPARE(runCli(kCli, {"mcp", "--http", "0.0.0.0:0"}, 10000).exit, 2);
        QCOMPARE(runCli(kCli, {"mcp", "--allow-remote", "--http", "0.0.0.0:0"}, 10000).exit, 2);
        // --max-connections: a whole number 1..512, once, with --http only (issue 33)
        for (const char* bad : {"0", "-1", "513", "1.5", "two", "2x"}) {
            const auto r = runCli(kCli, {"mcp", "--http", "127.0.0.1:0", "--max-connections", bad}, 10000);
            QCOMPARE(r.exit, 2);
            QVERIFY2(r.err.contains("--max-connections: '" + QString(bad) + "' is out of range"), qPrintable(r.err));
        }
        QVERIFY(runCli(kCli, {"mcp", "--http", "127.0.0.1:0", "--max-connections"}, 10000).err.contains("needs a value"));
        QVERIFY(runCli(kCli, {"help"}, 10000).out.contains("[--max-connections N]"));
        QCOMPARE(runCli(kCli, {"mcp", "--http", "127.0.0.1:0", "--max-connections", "2", "--max-connections", "3"}, 10000).exit, 2);
        const auto stdio = runCli(kCli, {"mcp", "--max-connections", "2"}, 10000);
        QCOMPARE(stdio.exit, 2);
        QVERIFY2(stdio.err.contains("--http only"), qPrintable(stdio.err));
    }
};

QTEST_GUILESS_MAIN(TstMcp)
#include "tst_mcp.moc"
