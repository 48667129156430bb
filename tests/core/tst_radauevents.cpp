// radau3's clutch events (issue 37 targets 1 and 3; docs/PHYSICS.md "Radau IIA", "Breakaway timing")
#include "methodlabs.h"

using namespace drivelab;
using namespace drivelab::test;

class TestRadauEvents : public QObject {
    Q_OBJECT
private slots:
    void hillStartBrakeBreaksAwayInsideTheTick();
};

namespace {

Json readLab(const char* path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

std::shared_ptr<const Model> build(const Json& j)
{
    const LoadedLab l = load(j.dump());
    if (!l.model) qFatal("%s", qPrintable(describe(l.diagnostics)));
    return l.model;
}

// every clutch event of a run (tick by tick: the log keeps only the last 64); ok: completed
std::vector<ClutchEvent> allEvents(const std::shared_ptr<const Model>& m, bool& ok)
{
    Session s(m);
    std::vector<ClutchEvent> out;
    std::int64_t seen = 0;
    ok = true;
    for (std::int64_t t = 0; t < m->ticks && ok; ++t) {
        ok = s.run(1).status == BatchStatus::Completed;
        const ClutchEventLog& log = s.clutchEvents();
        for (; seen < log.count; ++seen) out.push_back(log.at(seen));
    }
    return out;
}

double firstBreakaway(const std::vector<ClutchEvent>& ev, int k)
{
    for (const ClutchEvent& e : ev)
        if (e.clutch == k && e.kind == ClutchEvent::Breakaway) return e.timeNs * 1e-9;
    return std::nan("");
}

} // namespace

void TestRadauEvents::hillStartBrakeBreaksAwayInsideTheTick()
{
    const auto instant = [](long long h, const char* method) {
        Json j = readLab(DRIVELAB_SOURCE_DIR "/labs/car-hill-start.lab.json");
        j["run"]["tick_ns"] = h;
        j["run"]["method"] = method;
        j["run"]["duration_ns"] = 1400000000;
        j["run"]["report_every_ticks"] = 1400000000 / h;
        bool ok = false;
        const auto ev = allEvents(build(j), ok);
        return ok ? firstBreakaway(ev, 6) : std::nan(""); // service_brake: the lab's seventh clutch
    };
    const long long ticks[5] = {1000000, 500000, 250000, 125000, 62500};
    QString msg;
    bool good = true;
    for (const char* method : {"radau3", "gauss2"}) {
        const double ref = instant(8000, method);
        msg += QString("%1: reference (8 us) %2 s;").arg(method).arg(ref, 0, 'f', 12);
        double err[5];
        for (int k = 0; k < 5; ++k) {
            const double t = instant(ticks[k], method);
            const double frac = std::fmod(t * 1e9, static_cast<double>(ticks[k])) / static_cast<double>(ticks[k]);
            err[k] = std::fabs(t - ref);
            msg += QString(" %1 us: %2 s (off %3, at %4 of its tick);").arg(ticks[k] / 1000.0).arg(t, 0, 'f', 12).arg(t - ref).arg(frac, 0, 'f', 3);
            good = good && std::isfinite(t) && frac > 1e-6 && frac < 1.0 - 1e-6;
        }
        msg += QString(" ratios %1 %2 %3 %4\n").arg(err[0] / err[1]).arg(err[1] / err[2]).arg(err[2] / err[3]).arg(err[3] / err[4]);
        if (std::string(method) == "radau3") {
            for (int k = 0; k < 3; ++k) good = good && err[k] / err[k + 1] > 4.0;
            good = good && err[0] / err[3] > std::pow(2.0, 3 * 2.5) && err[0] <= 1e-7;
        } else {
            good = good && err[0] <= 1e-7 && err[0] / err[2] > 64.0;
        }
    }
    qInfo("%s", qPrintable(msg));
    QVERIFY2(good, qPrintable(msg));
}

QTEST_GUILESS_MAIN(TestRadauEvents)
#include "tst_radauevents.moc"
