// "=expr" fields (issue 36, docs/FORMATS.md "Expressions"): a numeric field holding "=expr" of
// the part's parameters and constants is evaluated once at compile with muParser; the compiled
// model holds the number, the lab keeps the text.
//
//   shaft (J = 1) --[damper d: damping = EXPR]-- ground
// Each row puts EXPR into the damping (or into a part parameter the damping names) and reads the
// normalized damping: it must be the value written out by hand below, exactly (each is exact in
// binary or is one muParser operation on exact operands).
#include <QtTest>

#include <cmath>

#include "compile/compiler.h"
#include "compile/fieldexpr.h"
#include "io/labfile.h"
#include "spec/labwriter.h"
#include "util/expression.h"

using namespace drivelab;

class TestExpressions : public QObject {
    Q_OBJECT
private slots:
    void values_data();
    void values();
    void inPart_data();
    void inPart();
    void errors_data();
    void errors();
    void textKept();
    void oneWrapper();
};

namespace {

std::string damperLab(const std::string& damping, int version = 2)
{
    return R"({"format": "drivelab.lab", "version": )" + std::to_string(version) +
           R"(, "run": {"tick_ns": 1000000, "duration_ns": 10000000, "report_every_ticks": 5},
      "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 1.0, "initial_speed": 10.0}],
      "components": [{"id": "d", "type": "damper", "node_a": "shaft", "parameters": {"damping": )" +
           Json(damping).dump() + "}}]}";
}

// the same damper inside a part whose parameters are m [kg] and r [m], k [N m s/rad]
std::string partLab(const std::string& damping, const std::string& instanceParams = "{}")
{
    return R"({"format": "drivelab.lab", "version": 2, "run": {"tick_ns": 1000000, "duration_ns": 10000000, "report_every_ticks": 5},
      "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 1.0, "initial_speed": 10.0}],
      "components": [],
      "parts": [{"name": "brake", "ports": [{"name": "a", "domain": "rotational"}],
                 "parameters": [{"name": "m", "unit": "kg", "default": 3}, {"name": "r", "unit": "m", "default": 0.5},
                                {"name": "k", "unit": "N m s/rad", "default": 4}],
                 "components": [{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": )" +
           Json(damping).dump() + R"(}}]}],
      "instances": [{"id": "b", "part": "brake", "ports": {"a": "shaft"}, "parameters": )" + instanceParams + "}]}";
}

double dampingOf(const std::string& text)
{
    LoadedLab l = loadLabText(text);
    if (!l.model) {
        for (const auto& d : l.diagnostics.items()) qWarning("%s", formatDiagnostic("lab", d).c_str());
        qFatal("does not compile");
    }
    return l.model->normalized["components"][0]["parameters"]["damping"].get<double>();
}

} // namespace

void TestExpressions::values_data()
{
    QTest::addColumn<QString>("expr");
    QTest::addColumn<double>("value");
    QTest::newRow("precedence * over +") << "=2+3*4" << 14.0;
    QTest::newRow("^ over *") << "=3*2^3" << 24.0;
    QTest::newRow("parentheses") << "=(2+3)*4" << 20.0;
    QTest::newRow("left-assoc -") << "=10-4-3" << 3.0;
    QTest::newRow("left-assoc /") << "=64/4/2" << 8.0;
    QTest::newRow("division") << "=10/4" << 2.5;
    QTest::newRow("sqrt abs") << "=sqrt(16) + abs(-3)" << 7.0;
    QTest::newRow("min max") << "=max(1, 3) + min(2, 5)*2" << 7.0;
    QTest::newRow("ternary") << "=1 < 2 ? 5 : 6" << 5.0;
    QTest::newRow("pi") << "=_pi" << 3.141592653589793;
    QTest::newRow("pi sum") << "=_pi + 1" << 3.141592653589793 + 1.0;
    QTest::newRow("exponent form") << "=2.5e2" << 250.0;
    QTest::newRow("spaces") << "=  1 +  1 " << 2.0;
}

void TestExpressions::values()
{
    QFETCH(QString, expr);
    QFETCH(double, value);
    QCOMPARE(dampingOf(damperLab(expr.toStdString())), value);
}

void TestExpressions::inPart_data()
{
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("params");
    QTest::addColumn<double>("value");
    QTest::newRow("one parameter, same unit") << "=k" << "{}" << 4.0;
    QTest::newRow("m r^2 (not unit-checked)") << "=m * r^2" << "{}" << 0.75;
    QTest::newRow("instance value") << "=k" << R"({"k": 6})" << 6.0;
    QTest::newRow("instance expression of constants") << "=k*2" << R"({"k": "=1.5*2"})" << 6.0;
}

void TestExpressions::inPart()
{
    QFETCH(QString, expr);
    QFETCH(QString, params);
    QFETCH(double, value);
    QCOMPARE(dampingOf(partLab(expr.toStdString(), params.toStdString())), value);
}

void TestExpressions::errors_data()
{
    QTest::addColumn<QString>("lab");
    QTest::addColumn<QString>("expected");
    QTest::newRow("syntax") << QString::fromStdString(damperLab("=2*")) << "lab: d: damper.damping: \"=2*\": Unexpected end of expression";
    QTest::newRow("unknown name in the lab") << QString::fromStdString(damperLab("=k*2"))
                                             << "lab: d: damper.damping: \"=k*2\": unknown name 'k' (a lab's own fields may use constants only";
    QTest::newRow("unknown name in a part") << QString::fromStdString(partLab("=kk"))
                                            << "lab: b/d: damper.damping: \"=kk\": unknown name 'kk' (the part's parameters: k, m, r";
    QTest::newRow("unit of a lone parameter") << QString::fromStdString(partLab("=m"))
                                              << "lab: b/d: damper.damping: \"=m\": parameter 'm' is in kg, the field is in N m s/rad";
    QTest::newRow("not finite") << QString::fromStdString(damperLab("=1/0")) << "lab: d: damper.damping: \"=1/0\": is not a finite number";
    QTest::newRow("range still checked") << QString::fromStdString(damperLab("=-1")) << "lab: d: damper.damping: must be in [0, 1e+09]";
    QTest::newRow("version 1") << QString::fromStdString(damperLab("=1", 1)) << "lab: d: damper.damping: an \"=expr\" field needs lab version 2";
    QTest::newRow("instance parameter unit") << QString::fromStdString(partLab("=k", R"({"k": "=_pi*"})"))
                                             << "lab: b: parameters.k: \"=_pi*\": Unexpected end of expression";
}

void TestExpressions::errors()
{
    QFETCH(QString, lab);
    QFETCH(QString, expected);
    LoadedLab l = loadLabText(lab.toStdString());
    QVERIFY(!l.model);
    std::string all;
    for (const auto& d : l.diagnostics.items()) all += formatDiagnostic("lab", d) + "\n";
    QVERIFY2(all.find(expected.toStdString()) != std::string::npos, all.c_str());
}

void TestExpressions::textKept()
{
    LoadedLab l = loadLabText(damperLab("=2+3*4"));
    QVERIFY(l.spec && l.model);
    QCOMPARE(l.spec->components[0].parameters["damping"].get<std::string>(), std::string("=2+3*4"));
    QVERIFY(writeLab(*l.spec).find("\"damping\": \"=2+3*4\"") != std::string::npos);
    // the number in its place: the same model, the same fingerprint (a lab of numbers is version 1)
    LoadedLab n = loadLabText(damperLab("14", 1).replace(damperLab("14", 1).find("\"14\""), 4, "14"));
    QVERIFY(n.model);
    QCOMPARE(l.model->fingerprint, n.model->fingerprint);
}

void TestExpressions::oneWrapper()
{
    // the wrapper the derived plot channels use: names in order, dots allowed there
    ExpressionError err;
    auto e = Expression::parse("car.speed*3.6 - driver", true, &err);
    QVERIFY(e);
    QCOMPARE(e->names().size(), std::size_t{2});
    QCOMPARE(e->names()[0], std::string("car.speed"));
    *e->slot(0) = 10.0;
    *e->slot(1) = 6.0;
    double v = 0.0;
    QVERIFY(e->eval(v, &err));
    QCOMPARE(v, 30.0);
    QVERIFY(!Expression::parse("car.speed*", true, &err));
    QVERIFY(err.message.find("Unexpected end of expression") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestExpressions)
#include "tst_expressions.moc"
