// vehicle_body's grade over distance (`grade_table`, components/vehicle/vehiclebody.h): rows
// {distance s [m], grade g [%]}, linear between rows, held beyond the ends; each interval reads
// the table at s0, the distance at its START, and the force and the height use that one theta.
//
//   [ wheel ] ==r== [ car: m, road load, grade_table(s) ]   speed_source holds w = 80 rad/s
//                                                           (r = 0.25 m: v = 20 m/s exactly)
//
// Closed form: with f(s) = sin(atan(g(s)/100)) the height is z(s) = integral_0^s f ds; on a
// row-to-row segment g = g0 + k (s - s0) (fractions) it is (sqrt(1 + g1^2) - sqrt(1 + g0^2)) / k,
// at constant g it is L g / sqrt(1 + g^2). The solver sums f(s_k) v h over intervals of length
// ds = v h = 0.02 m (h = 1 ms): the left Riemann sum, which is the integral less
// (ds / 2)(f(s) - f(0)) plus O(ds^2) terms (kinks: ds^2 |jump of f'| / 2 each; curvature:
// ds^2 s max|f''| / 12), below 1e-6 m here. Reading s at the interval's END would move the sum by
// + ds (f(s) - f(0)), 2e-3 m: the check tells the two apart.
//
//   (1) climb then descent: g 0 -> 10 % over 0..100 m, 10 % to 200 m, 10 -> -10 % over 200..400 m,
//       -10 % to 500 m, -10 -> 0 % over 500..600 m, held at 0 beyond: z(s) at every second
//       against the closed form; z returns to 0 after 600 m (odd about 300 m); the grade force
//       at 30 s (600 m on) is 0; stored energy = kinetic + m g z; the source's work = road-load
//       heat + m g z; the books close at rounding.
//   (2) held outside the axis: rows (100 m, 4 %), (200 m, 8 %): 4 % before 100 m, 8 % after 200 m.
//   (3) a car coasting over the hill from 25 m/s with nothing driving it: the books close.
//   (4) bad input through `drivelab-cli check` and `run`: a distance not increasing, a grade out
//       of range, one row, a grade "NaN", an infinite distance (1e999: refused by the reader),
//       the grade input beside the table as a constant, a signal or an event: exit 2,
//       `FILE: car: FIELD: message`, nothing written.
#include "testutil.h"
#include "core/clitestutil.h"

#include <QTemporaryDir>

using namespace drivelab;
using namespace drivelab::test;

class TestVehicleGradeTable : public QObject {
    Q_OBJECT
private slots:
    void climbAndDescent();
    void heldOutsideTheAxis();
    void coastsOverTheHill();
    void badInputRefused();
};

namespace {

constexpr double kG = 9.80665, kM = 1500.0, kV = 20.0, kDs = 0.02; // ds = v h at h = 1 ms

struct Row {
    double s, g; // [m], [%]
};
constexpr Row kHill[] = {{0, 0}, {100, 10}, {200, 10}, {400, -10}, {500, -10}, {600, 0}};

std::string tableText(std::initializer_list<Row> rows)
{
    std::string t = "[";
    for (const Row& r : rows) t += (t.size() > 1 ? ", " : "") + std::string(R"({"distance": )") + formatDouble(r.s) + R"(, "grade": )" + formatDouble(r.g) + "}";
    return t + "]";
}
std::string hillText() { return tableText({kHill[0], kHill[1], kHill[2], kHill[3], kHill[4], kHill[5]}); }

// the car at 20 m/s held by a speed source (or coasting from `w0` when `source` is false)
std::string gradeLab(long long durationNs, const std::string& table, bool source = true, double w0 = 80.0,
                     const std::string& inputs = "{}", const std::string& events = "[]", const std::string& signalList = "")
{
    return lab(runSettings(1000000, durationNs, 1000), "[" + rot("wheel", 0.9, w0) + "]",
               R"([{"id": "car", "type": "vehicle_body", "node_a": "wheel", "parameters": {"mass": 1500, "wheel_radius": 0.25,
                    "coastdown_f0": 150, "coastdown_f1": 2, "coastdown_f2": 0.45, "grade_table": )" +
                   table + R"(}, "inputs": )" + inputs + "}" +
                   (source ? R"(, {"id": "src", "type": "speed_source", "node_a": "wheel", "inputs": {"speed": 80}})" : "") + "]",
               events, signalList);
}

double sinOf(double gPercent) { return gPercent / 100.0 / std::sqrt(1.0 + gPercent * gPercent / 1e4); }

// the grade [%] at s: linear between rows, held beyond the ends
template <std::size_t N>
double gradeAt(const Row (&rows)[N], double s)
{
    if (s <= rows[0].s) return rows[0].g;
    for (std::size_t i = 1; i < N; ++i)
        if (s <= rows[i].s) return rows[i - 1].g + (s - rows[i - 1].s) / (rows[i].s - rows[i - 1].s) * (rows[i].g - rows[i - 1].g);
    return rows[N - 1].g;
}

// the exact height integral_0^s sin(atan(g/100)) ds (from s = 0, first row at or after 0)
template <std::size_t N>
double heightAt(const Row (&rows)[N], double s)
{
    const auto piece = [](double a, double b, double ga, double gb) { // over [a, b], g linear
        if (b <= a) return 0.0;
        const double g0 = ga / 100.0, g1 = gb / 100.0;
        if (g0 == g1) return (b - a) * sinOf(ga);
        return (std::sqrt(1.0 + g1 * g1) - std::sqrt(1.0 + g0 * g0)) / ((g1 - g0) / (b - a));
    };
    double z = piece(0.0, std::fmin(s, rows[0].s), rows[0].g, rows[0].g);
    for (std::size_t i = 1; i < N; ++i) {
        const double b = std::fmin(s, rows[i].s);
        if (b <= rows[i - 1].s) break;
        z += piece(rows[i - 1].s, b, rows[i - 1].g, gradeAt(rows, b));
    }
    if (s > rows[N - 1].s) z += piece(rows[N - 1].s, s, rows[N - 1].g, rows[N - 1].g);
    return z;
}

// what the interval-start reading sums: the integral less (ds / 2)(f(s) - f(0))
template <std::size_t N>
double leftSumAt(const Row (&rows)[N], double s)
{
    return heightAt(rows, s) - 0.5 * kDs * (sinOf(gradeAt(rows, s)) - sinOf(gradeAt(rows, 0.0)));
}

} // namespace

void TestVehicleGradeTable::climbAndDescent()
{
    DL_COMPILE(model, gradeLab(40000000000LL, hillText()));
    DL_SIMULATE(t, model);
    double worst = 0.0;
    for (std::size_t row = 1; row < t.rows.size(); ++row) {
        const double s = kV * static_cast<double>(row);
        DL_NEAR(t.at(row, "car", "distance"), s, 1e-12 * s);
        const double err = t.at(row, "car", "height") - leftSumAt(kHill, s);
        worst = std::fmax(worst, std::fabs(err));
        DL_NEAR(t.at(row, "car", "height"), leftSumAt(kHill, s), 1e-6);
    }
    qInfo("height at 200 m %.9f m (integral %.9f m); worst deviation from the left sum %.3g m", t.at(10, "car", "height"),
          heightAt(kHill, 200.0), worst);
    const double top = heightAt(kHill, 200.0); // 4.98756 + 9.95037 m
    DL_NEAR(top, (std::sqrt(1.01) - 1.0) / 0.001 + 100.0 * sinOf(10.0), 1e-9);
    const std::size_t last = t.rows.size() - 1;
    DL_NEAR(t.at(last, "car", "height"), 0.0, 1e-6);
    QCOMPARE(t.at(last, "car", "grade_force"), 0.0);
    DL_NEAR(t.at(10, "car", "grade_force"), kM * kG * sinOf(10.0), 1e-9);
    // the books: the source's work = heat + m g z; stored = kinetic + m g z
    const double z = t.at(last, "car", "height");
    DL_NEAR(t.energy.storedFinal - t.energy.storedInitial, kM * kG * z, 1e-9 * kM * kG * top);
    DL_NEAR(t.energy.sourceWork, t.energy.heatToLedger + kM * kG * z, 1e-10 * t.energy.sourceWork);
    DL_ENERGY_BALANCED(t);
}

void TestVehicleGradeTable::heldOutsideTheAxis()
{
    constexpr Row rows[] = {{100, 4}, {200, 8}};
    DL_COMPILE(model, gradeLab(20000000000LL, tableText({rows[0], rows[1]})));
    DL_SIMULATE(t, model);
    DL_NEAR(t.at(2, "car", "grade_force"), kM * kG * sinOf(4.0), 1e-9);
    DL_NEAR(t.at(20, "car", "grade_force"), kM * kG * sinOf(8.0), 1e-9);
    for (std::size_t row = 1; row < t.rows.size(); ++row)
        DL_NEAR(t.at(row, "car", "height"), leftSumAt(rows, kV * static_cast<double>(row)), 1e-6);
    DL_ENERGY_BALANCED(t);
}

void TestVehicleGradeTable::coastsOverTheHill()
{
    // from 25 m/s (w0 = 100 rad/s) nothing drives it: it climbs, slows, runs down the far side
    DL_COMPILE(model, gradeLab(60000000000LL, hillText(), false, 100.0));
    DL_SIMULATE(t, model);
    const std::size_t last = t.rows.size() - 1;
    qInfo("coasting: distance %.3f m, height %.6f m, speed %.4f m/s", t.at(last, "car", "distance"), t.at(last, "car", "height"),
          t.at(last, "car", "speed"));
    QVERIFY(t.at(last, "car", "distance") > 200.0);
    DL_NEAR(t.energy.storedFinal - t.energy.storedInitial + t.energy.heatToLedger, 0.0, 1e-9 * t.energy.storedInitial);
    DL_ENERGY_BALANCED(t);
}

void TestVehicleGradeTable::badInputRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    struct Case {
        std::string text, line;
    };
    const Case cases[] = {
        {gradeLab(10000000, tableText({{0, 0}, {100, 5}, {100, 6}})),
         "car: vehicle_body.grade_table[2].distance: distance must increase strictly from row to row (previous 100.0)"},
        {gradeLab(10000000, tableText({{0, 0}, {100, 5}, {50, 6}})), "car: vehicle_body.grade_table[2].distance: distance must increase"},
        {gradeLab(10000000, tableText({{0, 0}, {100, 101}})), "car: vehicle_body.grade_table[1].grade: must be in [-100, 100]"},
        {gradeLab(10000000, tableText({{0, 0}})), "car: vehicle_body.grade_table:"},
        {gradeLab(10000000, R"([{"distance": 0, "grade": 0}, {"distance": 100, "grade": "NaN"}])"),
         "car: vehicle_body.grade_table[1].grade: "},
        {gradeLab(10000000, R"([{"distance": 0, "grade": 0}, {"distance": 1e999, "grade": 0}])"), "-: -: "},
        {gradeLab(10000000, hillText(), true, 80.0, R"({"grade": 5})"),
         "car: inputs.grade: grade_table gives the grade over distance; remove grade_table or this input"},
        {gradeLab(10000000, hillText(), true, 80.0, R"({"grade": {"signal": "g"}})", "[]",
                  R"([{"id": "g", "kind": "table", "points": [[0, 0], [1, 5]]}])"),
         "car: inputs.grade: this vehicle_body does not use its 'grade' input (grade_table gives the grade over distance"},
        {gradeLab(10000000, hillText(), true, 80.0, "{}", R"([{"time_ns": 0, "component": "car", "input": "grade", "value": 5}])"),
         "car: events[0].input: this vehicle_body does not use its 'grade' input (grade_table gives the grade over distance"},
    };
    for (const Case& c : cases) {
        checkCliRefuses(dir, c.text, c.line);
        if (QTest::currentTestFailed()) return;
    }
}

QTEST_GUILESS_MAIN(TestVehicleGradeTable)
#include "tst_vehicle_grade_table.moc"
