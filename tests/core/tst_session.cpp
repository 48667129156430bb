// Session under adversity (core/solver/session.h): batches, rollback, cancellation, fork.
//
//   reference: one session stepped tick by tick -> ref[t] = state hash after t ticks
//
//   batch from t0, n ticks:   completed  -> hash == ref[t0 + n]
//                             cancelled  -> hash == ref[t0], tick == t0 (whatever ran is undone)
//                             failed     -> hash == ref[t0], tick == t0, error names tick and component
//
// What it proves: thousands of batches at random ticks (deterministic RNG) cancelled by a
// second thread after a random delay, or before their first tick, each restore the exact
// pre-batch state and the run then continues on the reference trajectory; a long batch
// cancelled from another std::thread mid-way is undone; batches running into an injected
// failure at a known tick (a 1e300 N m motor switched on at tick K on a 1e-300 kg m^2 shaft)
// are undone thousands of times; a fork fed the same inputs stays identical to its parent
// tick for tick and never changes it, even running in another thread; a fork whose input
// changes at tick k is identical up to k and diverges after it.
#include "assettestutil.h"

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <random>
#include <thread>

using namespace drivelab;
using namespace drivelab::test;

namespace {

// a helper thread that sets a cancel flag a given time after it is armed
class Canceller {
public:
    Canceller()
        : m_thread([this] {
              loop();
          })
    { }
    ~Canceller()
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_quit = true;
        }
        m_cv.notify_all();
        m_thread.join();
    }
    // set *flag after `delay`, counted from when the helper is awake (arm returns then)
    void arm(std::atomic<bool>* flag, std::chrono::microseconds delay)
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_flag = flag;
            m_delay = delay;
            m_awake.store(false);
            m_armed = true;
        }
        m_cv.notify_all();
        while (!m_awake.load()) std::this_thread::yield();
    }
    // wait until the flag has been set
    void wait()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_cv.wait(lock, [this] {
            return !m_armed;
        });
    }

private:
    void loop()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        while (true) {
            m_cv.wait(lock, [this] {
                return m_armed || m_quit;
            });
            if (m_quit) return;
            const auto until = std::chrono::steady_clock::now() + m_delay;
            lock.unlock();
            m_awake.store(true);
            while (std::chrono::steady_clock::now() < until) { }
            m_flag->store(true, std::memory_order_relaxed);
            lock.lock();
            m_armed = false;
            m_cv.notify_all();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::atomic<bool>* m_flag = nullptr;
    std::chrono::microseconds m_delay{0};
    std::atomic<bool> m_awake{false};
    bool m_armed = false;
    bool m_quit = false;
    std::thread m_thread;
};

// run n ticks while a second thread, started with the batch, sleeps for `delay` (leaving the
// core to the batch) and then raises the cancel flag; `ran` says whether any interval ran
BatchResult runCancelledAfter(Session& s, std::int64_t n, std::chrono::microseconds delay, bool& ran)
{
    std::atomic<bool> cancel{false}, started{false};
    std::thread other([&] {
        while (!started.load()) std::this_thread::yield();
        std::this_thread::sleep_for(delay);
        cancel.store(true);
    });
    const std::int64_t intervals0 = s.stats().intervals;
    started.store(true);
    const BatchResult r = s.run(n, &cancel);
    other.join();
    ran = s.stats().intervals > intervals0;
    return r;
}

// the state hash after every tick of a whole run, stepping one tick at a time
std::vector<std::uint64_t> referenceHashes(const std::shared_ptr<const Model>& model, std::int64_t upTo)
{
    std::vector<std::uint64_t> ref;
    Session s(model);
    ref.push_back(s.stateHash());
    while (s.tick() < upTo) {
        if (s.run(1).status != BatchStatus::Completed) break;
        ref.push_back(s.stateHash());
    }
    return ref;
}

// a shaft pair on a damped spring, and a 1e300 N m motor on a 1e-300 kg m^2 shaft that
// is switched on at tick `failAt` (1 ms ticks): that tick overflows and fails
std::string failingLab(std::int64_t failAt, std::int64_t ticks)
{
    // a flow source switched on at failAt draws 1000 m^3/s from a 1e-4 m^3 chamber: every value is
    // inside its range, but that tick's implicit solve does not converge and names the source
    const std::string nodes = R"([{"id": "tank", "domain": "hydraulic", "fixed_pressure": 101325.0},
                                  {"id": "chamber", "domain": "hydraulic", "initial_pressure": 101325.0}, )" +
                              rot("rocket", 0.05, 0.0) + ", " + rot("a", 1.0, 10.0) + ", " + rot("b", 2.0, 0.0) + "]";
    const std::string comps =
        R"([{"id": "rocket_motor", "type": "flow_source", "node_a": "tank", "node_b": "chamber", "inputs": {"flow": 0}},
                                  {"id": "piston", "type": "mechanical_converter", "node_a": "chamber", "node_b": "rocket",
                                   "parameters": {"displacement": 0.001, "dead_volume": 1e-06, "initial_rotation": 0.1,
                                                  "environment_pressure": "atmosphere", "compressibility": true,
                                                  "bulk_modulus": 1.5e9, "density": 850.0}},
                                  {"id": "shaft", "type": "spring", "node_a": "a", "node_b": "b", "parameters": {"stiffness": 100, "damping": 0.1}},
                                  {"id": "drag", "type": "damper", "node_a": "b", "parameters": {"damping": 0.01}}])";
    const std::string events =
        R"([{"time_ns": )" + std::to_string(failAt * 1000000) + R"(, "component": "rocket_motor", "input": "flow", "value": -1000}])";
    return lab(runSettings(1000000, ticks * 1000000, 100), nodes, comps, events);
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void thousandsOfCancelledBatches();
    void cancelFromAnotherThreadMidBatch();
    void thousandsOfFailedBatches();
    void forkFollowsItsParentTickForTick();
    void forksInOtherThreadsLeaveTheParentAlone();
    void forkDivergesOnlyAfterItsInputChanges();
    void liveInputEqualsEventInEveryLab();
    void livePressureSourceActsNextTick();

private:
    std::shared_ptr<const Model> m_model; // two-speed-shift: events, clutches locking and releasing
    std::vector<std::uint64_t> m_ref;     // its hash after every tick
};

void TestSession::initTestCase()
{
    const LoadedLab lab = loadLab(DRIVELAB_SOURCE_DIR "/labs/two-speed-shift.lab.json");
    QVERIFY2(lab.model, qPrintable(describe(lab.diagnostics)));
    m_model = lab.model;
    m_ref = referenceHashes(m_model, m_model->ticks);
    QCOMPARE(static_cast<std::int64_t>(m_ref.size()), m_model->ticks + 1);
    // stepping tick by tick is the same trajectory as one long batch
    Session whole(m_model);
    QVERIFY(whole.run(m_model->ticks).status == BatchStatus::Completed);
    QCOMPARE(whole.stateHash(), m_ref.back());
}

// 3000 batches at random ticks with random lengths: a quarter cancelled before their
// first tick, the rest cancelled by a second thread after a random delay (landing
// mid-batch, or after the batch completed). Every outcome is checked against the
// reference, and the run always continues on it.
void TestSession::thousandsOfCancelledBatches()
{
    std::mt19937_64 rng(1201);
    Canceller canceller;
    Session s(m_model);
    const std::int64_t ticks = m_model->ticks;
    int cancelledBefore = 0, cancelledMidBatch = 0, cancelledAtStart = 0, completed = 0;
    for (int i = 0; i < 3000; ++i) {
        if (s.finished()) {
            s.reset();
            QCOMPARE(s.stateHash(), m_ref[0]);
        }
        const std::int64_t t0 = s.tick();
        const std::int64_t n = 1 + static_cast<std::int64_t>(rng() % 3000);
        std::atomic<bool> cancel{false};
        const bool before = rng() % 4 == 0;
        const auto delay = std::chrono::microseconds(rng() % 700);
        if (before)
            cancel = true;
        else
            canceller.arm(&cancel, delay);
        const std::int64_t intervals0 = s.stats().intervals;
        const BatchResult r = s.run(n, &cancel);
        if (!before) canceller.wait();
        const bool ran = s.stats().intervals > intervals0;
        if (r.status == BatchStatus::Cancelled) {
            QCOMPARE(s.tick(), t0);
            QVERIFY2(s.stateHash() == m_ref[static_cast<std::size_t>(t0)], qPrintable(QString("cancel %1 at tick %2").arg(i).arg(t0)));
            QCOMPARE(r.ticks, std::int64_t(0));
            if (before) {
                QVERIFY(!ran);
                ++cancelledBefore;
            } else {
                (ran ? cancelledMidBatch : cancelledAtStart)++;
            }
        } else {
            QVERIFY(r.status == BatchStatus::Completed);
            const std::int64_t t1 = std::min(ticks, t0 + n);
            QCOMPARE(s.tick(), t1);
            QCOMPARE(s.stateHash(), m_ref[static_cast<std::size_t>(t1)]);
            ++completed;
        }
        // move on a random stretch, so the next batch starts at another random tick
        const std::int64_t step = static_cast<std::int64_t>(rng() % 2000);
        QVERIFY(s.run(step).status == BatchStatus::Completed);
        QCOMPARE(s.stateHash(), m_ref[static_cast<std::size_t>(s.tick())]);
    }
    // on a loaded machine the second thread may be descheduled past every short batch; then
    // batches to the end of the run (thousands of ticks) give it time to land inside one
    int topUps = 0;
    while (cancelledMidBatch == 0 && topUps < 200) {
        ++topUps;
        s.reset();
        const std::int64_t t0 = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(ticks / 2));
        QVERIFY(s.run(t0).status == BatchStatus::Completed);
        bool ran = false;
        const BatchResult r = runCancelledAfter(s, ticks, std::chrono::microseconds(100 + rng() % 400), ran);
        if (r.status == BatchStatus::Cancelled) {
            QCOMPARE(s.tick(), t0);
            QCOMPARE(s.stateHash(), m_ref[static_cast<std::size_t>(t0)]);
            (ran ? cancelledMidBatch : cancelledAtStart)++;
        } else {
            QVERIFY(r.status == BatchStatus::Completed);
            QCOMPARE(s.stateHash(), m_ref.back());
        }
    }
    qInfo("cancelled: before the call %d, by the thread before the first tick %d, by the thread mid-batch %d; "
          "completed before the cancel %d; long batches added %d",
          cancelledBefore, cancelledAtStart, cancelledMidBatch, completed, topUps);
    QVERIFY(cancelledBefore > 500);
    QVERIFY2(cancelledMidBatch > 0, "no cancellation landed inside a batch");
}

// whole-run batches cancelled from another thread while they run: undone every time
void TestSession::cancelFromAnotherThreadMidBatch()
{
    std::mt19937_64 rng(77);
    int midBatch = 0;
    for (int i = 0; i < 40; ++i) {
        Session s(m_model);
        const std::int64_t t0 = static_cast<std::int64_t>(rng() % 5000);
        QVERIFY(s.run(t0).status == BatchStatus::Completed);
        bool ran = false;
        const BatchResult r = runCancelledAfter(s, m_model->ticks, std::chrono::microseconds(200 + rng() % 3000), ran);
        if (r.status == BatchStatus::Cancelled) {
            QCOMPARE(s.tick(), t0);
            QCOMPARE(s.stateHash(), m_ref[static_cast<std::size_t>(t0)]);
            midBatch += ran;
            // the same session goes on to the reference end
            QVERIFY(s.run(m_model->ticks).status == BatchStatus::Completed);
        } else {
            QVERIFY(r.status == BatchStatus::Completed);
        }
        QCOMPARE(s.stateHash(), m_ref.back());
    }
    qInfo("%d of 40 whole-run batches cancelled mid-way", midBatch);
    QVERIFY(midBatch > 0);
}

// an injected failure at tick K: every batch that reaches it fails and is undone
void TestSession::thousandsOfFailedBatches()
{
    const std::int64_t failAt = 1500, ticks = 2000;
    DL_COMPILE(model, failingLab(failAt, ticks));
    const std::vector<std::uint64_t> ref = referenceHashes(model, ticks);
    QCOMPARE(static_cast<std::int64_t>(ref.size()), failAt + 1); // stepping stops at the failing tick
    std::mt19937_64 rng(5);
    Session s(model);
    int failed = 0;
    for (int i = 0; i < 3000; ++i) {
        const std::int64_t target = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(failAt + 1));
        if (target < s.tick()) s.reset();
        QVERIFY(s.run(target - s.tick()).status == BatchStatus::Completed);
        QCOMPARE(s.stateHash(), ref[static_cast<std::size_t>(target)]);
        const std::int64_t n = 1 + static_cast<std::int64_t>(rng() % 400);
        const BatchResult r = s.run(n);
        if (target + n > failAt) {
            QVERIFY(r.status == BatchStatus::Failed);
            QCOMPARE(r.error.tick, failAt);
            QCOMPARE(QString::fromStdString(r.error.subject), QString("rocket_motor"));
            QCOMPARE(s.tick(), target);
            QCOMPARE(s.stateHash(), ref[static_cast<std::size_t>(target)]);
            ++failed;
        } else {
            QVERIFY(r.status == BatchStatus::Completed);
            QCOMPARE(s.stateHash(), ref[static_cast<std::size_t>(target + n)]);
        }
    }
    qInfo("%d of 3000 batches failed and were undone", failed);
    QVERIFY(failed > 200);
}

// a fork fed the same inputs matches its parent every tick; running the fork far ahead
// leaves the parent where it was
void TestSession::forkFollowsItsParentTickForTick()
{
    std::mt19937_64 rng(3);
    std::vector<double> a, b;
    for (int i = 0; i < 6; ++i) {
        Session parent(m_model);
        const std::int64_t t0 = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(m_model->ticks - 3000));
        QVERIFY(parent.run(t0).status == BatchStatus::Completed);
        Session fork = parent.fork();
        QCOMPARE(fork.stateHash(), parent.stateHash());
        QVERIFY(fork.run(3000).status == BatchStatus::Completed);
        QCOMPARE(parent.tick(), t0);
        QCOMPARE(parent.stateHash(), m_ref[static_cast<std::size_t>(t0)]);
        Session twin(parent);
        a.resize(parent.observableCount());
        b.resize(twin.observableCount());
        for (int k = 0; k < 2500; ++k) {
            QVERIFY(parent.run(1).status == BatchStatus::Completed);
            QVERIFY(twin.run(1).status == BatchStatus::Completed);
            QCOMPARE(twin.stateHash(), parent.stateHash());
            QCOMPARE(parent.stateHash(), m_ref[static_cast<std::size_t>(parent.tick())]);
            parent.observe(a.data());
            twin.observe(b.data());
            QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
        }
        QCOMPARE(fork.stateHash(), m_ref[static_cast<std::size_t>(t0 + 3000)]);
    }
}

// four forks with edited inputs run to the end in their own threads while the parent
// runs in this one: the parent stays on the reference trajectory at every batch
void TestSession::forksInOtherThreadsLeaveTheParentAlone()
{
    Session parent(m_model);
    QVERIFY(parent.run(1000).status == BatchStatus::Completed);
    std::vector<Session> forks;
    forks.reserve(4);
    for (int i = 0; i < 4; ++i) {
        forks.push_back(parent.fork());
        QVERIFY(forks.back().setInput("drive", "command", 0.1 + 0.2 * i)); // 0.1 .. 0.7; the lab has 0.8
    }
    std::vector<std::uint64_t> finals(forks.size());
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < forks.size(); ++i) {
        threads.emplace_back([&, i] {
            while (!forks[i].finished()) forks[i].run(97);
            finals[i] = forks[i].stateHash();
        });
    }
    bool onTrack = true;
    while (!parent.finished()) {
        parent.run(101);
        onTrack = onTrack && parent.stateHash() == m_ref[static_cast<std::size_t>(parent.tick())];
    }
    for (auto& t : threads) t.join();
    QVERIFY(onTrack);
    for (std::size_t i = 0; i < finals.size(); ++i) {
        QVERIFY(forks[i].finished());
        QVERIFY2(finals[i] != m_ref.back(), "an edited fork ended on the parent's trajectory");
    }
    // a fork with the input it already had (0.8) is the same run as the parent
    Session same(m_model);
    QVERIFY(same.run(1000).status == BatchStatus::Completed);
    Session fork = same.fork();
    QVERIFY(fork.setInput("drive", "command", 0.8));
    QVERIFY(fork.run(m_model->ticks).status == BatchStatus::Completed);
    QCOMPARE(fork.stateHash(), m_ref.back());
}

// a fork made at tick 1000 and fed the same inputs matches the reference until its
// input changes at tick k; the observables are the same at k and differ from k + 1 on
void TestSession::forkDivergesOnlyAfterItsInputChanges()
{
    Session parent(m_model);
    QVERIFY(parent.run(1000).status == BatchStatus::Completed);
    Session fork = parent.fork();
    const std::int64_t k = 7000;
    std::vector<double> a(parent.observableCount()), b(parent.observableCount());
    while (fork.tick() < k) {
        QVERIFY(fork.run(1).status == BatchStatus::Completed);
        QVERIFY(parent.run(1).status == BatchStatus::Completed);
        QCOMPARE(fork.stateHash(), parent.stateHash());
    }
    QVERIFY(fork.setInput("drive", "command", 0.5));
    QVERIFY(!fork.setInput("drive", "command", 7.0));   // out of range: refused, nothing changed
    QVERIFY(!fork.setInput("nothing", "command", 0.5)); // unknown component
    QVERIFY(fork.stateHash() != parent.stateHash());    // the input is part of the state
    fork.observe(b.data());
    parent.observe(a.data());
    const auto layout = observableLayout(*m_model);
    const auto speed = static_cast<std::size_t>(std::find_if(layout.begin(), layout.end(),
                                                             [](const ObservableRef& o) {
                                                                 return o.subject == "input" && o.name == "speed";
                                                             }) -
                                                layout.begin());
    QVERIFY(speed < layout.size());
    QCOMPARE(b[speed], a[speed]);
    for (int i = 0; i < 200; ++i) {
        QVERIFY(fork.run(1).status == BatchStatus::Completed);
        QVERIFY(parent.run(1).status == BatchStatus::Completed);
        fork.observe(b.data());
        parent.observe(a.data());
        QVERIFY2(b[speed] != a[speed], qPrintable(QString("tick %1").arg(fork.tick())));
        QCOMPARE(parent.stateHash(), m_ref[static_cast<std::size_t>(parent.tick())]);
    }
}

namespace {

// the state bit for bit, the event cursor aside
void compareStates(const State& a, const State& b, const QString& what)
{
    QVERIFY2(a.tick == b.tick, qPrintable(what));
    QVERIFY2(a.x == b.x, qPrintable(what + ": speeds/pressures"));
    QVERIFY2(a.pos == b.pos, qPrintable(what + ": positions"));
    QVERIFY2(a.temp == b.temp, qPrintable(what + ": temperatures"));
    QVERIFY2(a.real == b.real, qPrintable(what + ": component reals"));
    QVERIFY2(a.flag == b.flag, qPrintable(what + ": flags"));
    QVERIFY2(a.mean == b.mean, qPrintable(what + ": means"));
}

// run `withEvent` to the end; run `without` (the same lab less event e) to the event's
// tick, change the input live, and run it to the end: the same bits
void compareLiveWithEvent(const std::string& text, std::size_t e, const QString& what)
{
    Json doc = Json::parse(text);
    const Json ev = doc["events"][e];
    doc["events"].erase(e);
    const LoadedLab withEvent = loadLabText(text);
    const LoadedLab without = loadLabText(doc.dump());
    QVERIFY2(withEvent.model && without.model, qPrintable(what));
    const std::int64_t tick = ev["time_ns"].get<std::int64_t>() / withEvent.model->tickNs;
    Session a(withEvent.model), b(without.model);
    QVERIFY2(a.run(tick).status == BatchStatus::Completed, qPrintable(what));
    QVERIFY2(b.run(tick).status == BatchStatus::Completed, qPrintable(what));
    QVERIFY2(b.setInput(ev["component"].get<std::string>(), ev["input"].get<std::string>(), ev["value"].get<double>()), qPrintable(what));
    QVERIFY2(a.run(a.model().ticks).status == BatchStatus::Completed, qPrintable(what));
    QVERIFY2(b.run(b.model().ticks).status == BatchStatus::Completed, qPrintable(what));
    compareStates(a.state(), b.state(), what);
}

} // namespace

// Session::setInput acts from the next tick exactly as an event at that boundary would: for
// every event of every shipped lab (clutch capacities, motor commands, valve openings, flow
// sources), the lab less that event with the input changed live ends in the same bits
void TestSession::liveInputEqualsEventInEveryLab()
{
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    int compared = 0;
    for (const QString& f : labs.entryList({"*.lab.json"})) {
        QFile file(labs.filePath(f));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::string text = file.readAll().toStdString();
        const std::size_t n = Json::parse(text)["events"].size();
        for (std::size_t e = 0; e < n; ++e) {
            compareLiveWithEvent(text, e, f + QString(" event %1").arg(e));
            ++compared;
        }
    }
    QVERIFY(compared >= 20);
}

// A pressure source holds its node: a live change of its pressure acts from the next tick
// (before, it waited for the next scheduled event), with the bits of an event at that tick
//
//   pressure source (1 bar -> 20 bar at 10 ms) --> junction --orifice--> volume (1 l)
void TestSession::livePressureSourceActsNextTick()
{
    const std::string text =
        lab(runSettings(100000, 50000000, 10), "[" + junction("supply") + "," + volumeNode("tank", 1e-3, 1.5e9, 1e5) + "]",
            R"([{"id": "src", "type": "pressure_source", "node_a": "supply", "inputs": {"pressure": 100000}},
                                     {"id": "valve", "type": "orifice", "node_a": "supply", "node_b": "tank",
                                      "parameters": {"conductance": 1e-10}}])",
            R"([{"time_ns": 10000000, "component": "src", "input": "pressure", "value": 2000000},
                                     {"time_ns": 40000000, "component": "src", "input": "pressure", "value": 500000}])");
    compareLiveWithEvent(text, 0, "pressure source event 0");
    compareLiveWithEvent(text, 1, "pressure source event 1");
    // and the change is felt in the very next tick
    const LoadedLab l = loadLabText(text);
    QVERIFY2(l.model, qPrintable(describe(l.diagnostics)));
    Json doc = Json::parse(text);
    doc["events"] = Json::array();
    const LoadedLab quiet = loadLabText(doc.dump());
    Session s(quiet.model);
    QVERIFY(s.run(100).status == BatchStatus::Completed);
    const double before = s.state().x[1];
    QVERIFY(s.setInput("src", "pressure", 2000000));
    QVERIFY(s.run(1).status == BatchStatus::Completed);
    QVERIFY2(s.state().x[1] > before + 1.0, qPrintable(QString("tank %1 -> %2 Pa").arg(before).arg(s.state().x[1])));
}

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
