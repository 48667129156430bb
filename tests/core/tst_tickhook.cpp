// Per-tick samples at the cost of a batch (issue 37, target 6; core/solver/session.h):
//
//   reference:  run(1) after run(1), observe() after each          -> obs_ref[t], hash_ref[t]
//   hooked:     run(n, cancel, afterTick) with observe() in the hook -> obs[t], hash[t]
//   subset:     SubsetReader(s, {i}).read(out) in the same hook       -> out[i] == obs[t][i]
//
// What it proves, on the first 400 ticks of every shipped lab: a hooked batch sees every tick's
// state bit for bit as tick-by-tick batches do (the sweep's every-tick metrics and the vehicle
// results read their samples there), a subset reader (solver/subsetreader.h: nodes and the
// components' sources bound to pointers once) writes exactly the full observation's values at its
// indices and, elsewhere, only the other observables of a component without sources, and a hooked batch cancelled part-way rolls back whole
// (the hook has seen the ticks before the cancel).
#include "assettestutil.h"

#include <cstring>

#include "solver/subsetreader.h"

using namespace drivelab;
using namespace drivelab::test;

namespace {
constexpr std::int64_t kTicks = 400;

bool sameBits(const std::vector<double>& a, const std::vector<double>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}
} // namespace

class TestTickHook : public QObject {
    Q_OBJECT
private slots:
    void hookedBatchSeesEveryTick_data();
    void hookedBatchSeesEveryTick();
    void cancelledHookedBatchRollsBackWhole();
};

void TestTickHook::hookedBatchSeesEveryTick_data()
{
    QTest::addColumn<QString>("path");
    for (const std::string& f : labFiles()) QTest::newRow(f.substr(f.rfind('/') + 1).c_str()) << QString::fromStdString(f);
}

void TestTickHook::hookedBatchSeesEveryTick()
{
    QFETCH(QString, path);
    const LoadedLab lab = loadLab(path.toStdString());
    QVERIFY(lab.model);
    const std::int64_t ticks = std::min(kTicks, lab.model->ticks);
    Session ref(lab.model);
    std::vector<std::vector<double>> refObs;
    std::vector<std::uint64_t> refHash;
    for (std::int64_t t = 0; t < ticks; ++t) {
        QVERIFY(ref.run(1).status == BatchStatus::Completed);
        refObs.emplace_back(ref.observableCount());
        ref.observe(refObs.back().data());
        refHash.push_back(ref.stateHash());
    }

    Session s(lab.model);
    const std::size_t count = s.observableCount();
    std::vector<SubsetReader> single; // one reader per observable
    for (std::size_t i = 0; i < count; ++i) single.emplace_back(s, std::vector<int>{static_cast<int>(i)});
    std::vector<int> all(count);
    for (std::size_t i = 0; i < count; ++i) all[i] = static_cast<int>(i);
    const SubsetReader whole(s, all);
    std::vector<double> obs(count), part(count), some(count);
    std::size_t seen = 0;
    QString failure;
    const BatchResult r = s.run(ticks, nullptr, [&](const Session& x) {
        const std::size_t t = seen++;
        x.observe(obs.data());
        if (failure.isEmpty() && (!sameBits(obs, refObs[t]) || x.stateHash() != refHash[t]))
            failure = QString("tick %1: the hooked batch's state differs from tick-by-tick batches").arg(t + 1);
        std::fill(part.begin(), part.end(), -1.0);
        whole.read(part.data());
        if (failure.isEmpty() && !sameBits(part, obs)) failure = QString("tick %1: the subset of every observable differs").arg(t + 1);
        for (std::size_t i = 0; i < count && failure.isEmpty(); ++i) {
            std::fill(some.begin(), some.end(), -7.0);
            single[i].read(some.data());
            // its own index exactly; elsewhere only the other observables of the same component
            if (std::memcmp(&some[i], &obs[i], sizeof(double)) != 0)
                failure = QString("tick %1: observable %2 alone differs from the full observation").arg(t + 1).arg(i);
            for (std::size_t j = 0; j < count && failure.isEmpty(); ++j)
                if (some[j] != -7.0 && std::memcmp(&some[j], &obs[j], sizeof(double)) != 0)
                    failure = QString("tick %1: observing %2 wrote a wrong value at %3").arg(t + 1).arg(i).arg(j);
        }
    });
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    QVERIFY(r.status == BatchStatus::Completed);
    QCOMPARE(r.ticks, ticks);
    QCOMPARE(static_cast<std::int64_t>(seen), ticks);
}

// a cancel raised by the hook after its 50th tick: the next tick does not run, the whole batch
// rolls back to its start
void TestTickHook::cancelledHookedBatchRollsBackWhole()
{
    const LoadedLab lab = loadLab(DRIVELAB_SOURCE_DIR "/labs/two-speed-shift.lab.json");
    QVERIFY(lab.model);
    Session s(lab.model);
    QVERIFY(s.run(100).status == BatchStatus::Completed);
    const std::uint64_t start = s.stateHash();
    std::atomic<bool> cancel{false};
    int seen = 0;
    const BatchResult r = s.run(200, &cancel, [&](const Session&) {
        if (++seen == 50) cancel = true;
    });
    QVERIFY(r.status == BatchStatus::Cancelled);
    QCOMPARE(seen, 50);
    QCOMPARE(s.tick(), std::int64_t(100));
    QCOMPARE(s.stateHash(), start);
}

QTEST_GUILESS_MAIN(TestTickHook)
#include "tst_tickhook.moc"
