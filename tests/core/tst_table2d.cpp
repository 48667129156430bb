// 2-D tables (components/common/table2d.h): {"x": [...], "y": [...], "values": [[...], ...]},
// values[i][j] = f(x[i], y[j]).
//
//   grid:      x = {0, 1, 3, 7}, y = {-2, 0.5, 4}; f(x, y) = a + b x + c y + d x y
//              (a = 1.25, b = -0.5, c = 3, d = 0.75)
//   at a grid point the table returns values[i][j] exactly;
//   inside a cell bilinear interpolation reproduces z = a + b x + c y + d x y (a bilinear function
//   is its own interpolant), with dz/dx = b + d y and dz/dy = c + d x;
//   outside an axis the argument is clamped to the axis end: f(x_end, y) is held, its slope along
//   that axis is 0, and `outside` is set;
//   every refusal names its field below the parameter (values[3][2], x[2], y, ...) with a message,
//   and through the compiler "ID: PREFIX.PARAM.values[3][2]: not finite".
#include <QTest>

#include <cmath>
#include <limits>

#include "components/common/table2d.h"
#include "compile/compilecontext.h"
#include "spec/ranges.h"

using namespace drivelab;

class TestTable2D : public QObject {
    Q_OBJECT
private slots:
    void gridPoints();
    void bilinearInside();
    void edgeHold();
    void refusals_data();
    void refusals();
    void throughTheCompilerCheck();
};

namespace {

constexpr TableColumn kCols[] = {
    {.name = "speed", .unit = "rad/s", .range = ranges::kSpeed, .doc = "x"},
    {.name = "throttle", .unit = "", .range = Range::closed(-10.0, 10.0), .doc = "y"},
    {.name = "torque", .unit = "N m", .range = Range::closed(-100.0, 100.0), .doc = "z"},
};
constexpr ParameterDescriptor kParam{
    .name = "map", .unit = "", .kind = ParamKind::Table2D, .doc = "a map", .columns = kCols, .minRows = 2, .maxRows = 5};

constexpr double kA = 1.25, kB = -0.5, kC = 3.0, kD = 0.75;
const double kX[] = {0.0, 1.0, 3.0, 7.0};
const double kY[] = {-2.0, 0.5, 4.0};

double f(double x, double y) { return kA + kB * x + kC * y + kD * x * y; }

Json bilinearTable()
{
    Json t{{"x", Json::array()}, {"y", Json::array()}, {"values", Json::array()}};
    for (double x : kX) t["x"].push_back(x);
    for (double y : kY) t["y"].push_back(y);
    for (double x : kX) {
        Json row = Json::array();
        for (double y : kY) row.push_back(f(x, y));
        t["values"].push_back(row);
    }
    return t;
}

Table2D loaded()
{
    const Json t = bilinearTable();
    if (!checkTable2D(kParam, t).empty()) qFatal("the test table is refused");
    Table2D m;
    m.load(t);
    return m;
}

} // namespace

void TestTable2D::gridPoints()
{
    const Table2D m = loaded();
    QCOMPARE(m.nx, 4);
    QCOMPARE(m.ny, 3);
    for (double x : kX) {
        for (double y : kY) {
            bool outside = false;
            QCOMPARE(m.at(x, y, outside), f(x, y));
            QVERIFY(!outside);
        }
    }
}

void TestTable2D::bilinearInside()
{
    const Table2D m = loaded();
    double worst = 0.0, worstSlope = 0.0;
    for (int i = 0; i <= 70; ++i) {
        for (int j = 0; j <= 60; ++j) {
            const double x = 7.0 * i / 70.0, y = -2.0 + 6.0 * j / 60.0;
            bool outside = false;
            double dx, dy;
            const double z = m.at(x, y, dx, dy, outside);
            QVERIFY(!outside);
            worst = std::fmax(worst, std::fabs(z - f(x, y)) / (1.0 + std::fabs(f(x, y))));
            worstSlope = std::fmax(worstSlope, std::fabs(dx - (kB + kD * y)) + std::fabs(dy - (kC + kD * x)));
        }
    }
    qInfo("worst relative error %.3g, worst slope error %.3g", worst, worstSlope);
    QVERIFY(worst <= 8.0 * std::numeric_limits<double>::epsilon());
    QVERIFY(worstSlope <= 1e-13);
    // one point by hand: (2, 1) lies in cell x [1, 3], y [0.5, 4]
    bool outside = false;
    QCOMPARE(m.at(2.0, 1.0, outside), f(2.0, 1.0));
}

void TestTable2D::edgeHold()
{
    const Table2D m = loaded();
    struct Case {
        double x, y, hx, hy; // query and the clamped argument
        bool slopeX, slopeY; // the slope along each axis survives
    };
    const Case cases[] = {
        {-1.0, 1.0, 0.0, 1.0, false, true},   {9.0, 1.0, 7.0, 1.0, false, true},  {2.0, -5.0, 2.0, -2.0, true, false},
        {2.0, 6.0, 2.0, 4.0, true, false},    {-3.0, -9.0, 0.0, -2.0, false, false}, {100.0, 100.0, 7.0, 4.0, false, false},
        {std::nan(""), 1.0, 0.0, 1.0, false, true},
    };
    for (const Case& k : cases) {
        bool outside = false;
        double dx, dy;
        const double z = m.at(k.x, k.y, dx, dy, outside);
        QVERIFY(outside);
        QVERIFY2(std::fabs(z - f(k.hx, k.hy)) <= 1e-14, qPrintable(QString("at (%1, %2): %3").arg(k.x).arg(k.y).arg(z)));
        QCOMPARE(dx == 0.0, !k.slopeX);
        QCOMPARE(dy == 0.0, !k.slopeY);
    }
    // `outside` is only ever set: a later inside query keeps the flag of an earlier one
    bool outside = false;
    m.at(-1.0, 0.0, outside);
    m.at(1.0, 0.0, outside);
    QVERIFY(outside);
}

void TestTable2D::refusals_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    const auto add = [](const char* name, const std::string& text, const char* field, const char* message) {
        QTest::newRow(name) << QString::fromStdString(text) << field << message;
    };
    add("not an object", "[1, 2]", "", "must be a table");
    add("unknown key", R"({"x": [0, 1], "y": [0, 1], "values": [[0, 0], [0, 0]], "z": 1})", "z", "unknown key");
    add("missing y", R"({"x": [0, 1], "values": [[0, 0], [0, 0]]})", "y", "missing: the throttle axis");
    add("axis not a list", R"({"x": 1, "y": [0, 1], "values": [[0, 0], [0, 0]]})", "x", "must be a list of speed points");
    add("one point", R"({"x": [0], "y": [0, 1], "values": [[0, 0]]})", "x", "has 1 points; the speed axis needs 2 to 5");
    add("too many points", R"({"x": [0, 1], "y": [0, 1, 2, 3, 4, 5], "values": [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]})", "y",
        "has 6 points; the throttle axis needs 2 to 5");
    add("not increasing", R"({"x": [0, 2, 2], "y": [0, 1], "values": [[0, 0], [0, 0], [0, 0]]})", "x[2]",
        "the speed axis must increase strictly (2.0 follows 2.0)");
    add("decreasing", R"({"x": [0, 1], "y": [0, 1, 0.5], "values": [[0, 0, 0], [0, 0, 0]]})", "y[2]",
        "the throttle axis must increase strictly (0.5 follows 1.0)");
    add("axis out of range", R"({"x": [0, 1], "y": [0, 11], "values": [[0, 0], [0, 0]]})", "y[1]", "got 11");
    add("axis not a number", R"({"x": [0, "1"], "y": [0, 1], "values": [[0, 0], [0, 0]]})", "x[1]", "must be a number, got a string");
    add("rows missing", R"({"x": [0, 1, 2], "y": [0, 1], "values": [[0, 0], [0, 0]]})", "values",
        "has 2 rows; it needs one per speed point (3)");
    add("row short", R"({"x": [0, 1], "y": [0, 1], "values": [[0, 0], [0]]})", "values[1]",
        "has 1 values; it needs one per throttle point (2)");
    add("row not a list", R"({"x": [0, 1], "y": [0, 1], "values": [[0, 0], 3]})", "values[1]", "must be a list of values");
    add("value out of range", R"({"x": [0, 1], "y": [0, 1], "values": [[0, 0], [0, -101]]})", "values[1][1]", "[N m] (got -101.0)");
    add("value not a number", R"({"x": [0, 1], "y": [0, 1], "values": [[0, null], [0, 0]]})", "values[0][1]",
        "must be a number, got null");
}

void TestTable2D::refusals()
{
    QFETCH(QString, text);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const std::vector<Table2DFinding> found = checkTable2D(kParam, Json::parse(text.toStdString()));
    QVERIFY(!found.empty());
    QString all;
    for (const auto& x : found) all += QString::fromStdString(x.field() + ": " + x.message) + "\n";
    QVERIFY2(QString::fromStdString(found[0].field()) == field, qPrintable(all));
    QVERIFY2(QString::fromStdString(found[0].message).contains(message), qPrintable(all));
}

// a value JSON cannot carry (NaN, infinity) in a table built in memory: "not finite" at its cell,
// and the compiler's validateParameter reports it with the whole field path
void TestTable2D::throughTheCompilerCheck()
{
    Json t = bilinearTable();
    t["values"][3][2] = std::numeric_limits<double>::quiet_NaN();
    t["x"][1] = std::numeric_limits<double>::infinity();
    const std::vector<Table2DFinding> found = checkTable2D(kParam, t);
    QCOMPARE(found.size(), std::size_t(2)); // x[1] (x[2] is not compared with it), values[3][2]
    QCOMPARE(QString::fromStdString(found[0].field()), QStringLiteral("x[1]"));
    QCOMPARE(QString::fromStdString(found[0].message), QStringLiteral("not finite"));
    QCOMPARE(QString::fromStdString(found.back().field()), QStringLiteral("values[3][2]"));
    QCOMPARE(QString::fromStdString(found.back().message), QStringLiteral("not finite"));

    Diagnostics d;
    QVERIFY(!validateParameter(kParam, t, "engine", "mapped_engine.map", d));
    QCOMPARE(static_cast<int>(d.items().size()), static_cast<int>(found.size()));
    const std::string last = formatDiagnostic("lab.json", d.items().back());
    QVERIFY2(last == "lab.json: engine: mapped_engine.map.values[3][2]: not finite", last.c_str());
    // a valid table passes with no diagnostic
    Diagnostics ok;
    QVERIFY(validateParameter(kParam, bilinearTable(), "engine", "mapped_engine.map", ok));
    QVERIFY(ok.items().empty());
}

QTEST_APPLESS_MAIN(TestTable2D)
#include "tst_table2d.moc"
