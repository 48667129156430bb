#include "simulation/simworker.h"

#include <QMetaObject>

#include <algorithm>

#include "compile/model.h"
#include "simulation/forkplan.h"
#include "simulation/markerlog.h"
#include "simulation/samplestore.h"
#include "solver/observables.h"
#include "solver/session.h"

namespace drivelab {

struct SimWorker::Branch {
    int id = 0;
    std::unique_ptr<Session> session;
    StorePtr store;
    std::shared_ptr<MarkerLog> markers = std::make_shared<MarkerLog>();
    std::int64_t target = 0; // run up to this tick
    bool failed = false;
};

namespace {
constexpr auto kSlice = std::chrono::milliseconds(15);
}

SimWorker::SimWorker(std::shared_ptr<RunControl> control, QObject* parent) : QObject(parent), m_control(std::move(control)) { }

SimWorker::~SimWorker() = default;

std::int64_t SimWorker::sampleStride(const Model& m, int samplesPerReport, std::size_t maxValues)
{
    const std::int64_t every = std::max<std::int64_t>(1, m.reportEvery);
    const std::size_t obs = std::max<std::size_t>(1, observableLayout(m).size());
    for (std::int64_t d = std::min<std::int64_t>(every, std::max(1, samplesPerReport)); d >= 1; --d) {
        if (every % d) continue;
        const std::int64_t stride = every / d;
        if (d == 1 || static_cast<std::size_t>(m.ticks / stride + 3) * obs <= maxValues) return stride;
    }
    return every;
}

std::int64_t SimWorker::nextSampleTick(std::int64_t tick) const { return sampleTickAfter(tick, m_stride, m_model->ticks); }

std::int64_t SimWorker::nextBoundary(std::int64_t tick) const
{
    return std::min(m_model->ticks, (tick / m_model->reportEvery + 1) * m_model->reportEvery);
}

void SimWorker::load(ModelPtr model, int samplesPerReport)
{
    m_branches.clear();
    m_running = false;
    m_stopped = false;
    m_control->interrupt.store(false);
    m_model = std::move(model);
    if (!m_model) {
        report(RunState::Idle);
        return;
    }
    m_stride = sampleStride(*m_model, samplesPerReport);
    m_clutchComponents = clutchComponents(*m_model);
    auto b = std::make_unique<Branch>();
    b->session = std::make_unique<Session>(m_model);
    b->store = std::make_shared<SampleStore>(b->session->observableCount(), SampleStore::samplesFor(0, m_model->ticks, m_stride),
                                             m_model->tickNs, m_model->reportEvery, m_model->ticks);
    publish(*b);
    BranchInfo info;
    info.id = 0;
    info.label = tr("main");
    info.store = b->store;
    info.markers = b->markers;
    info.model = m_model;
    info.sequence = m_sequence;
    m_branches.push_back(std::move(b));
    m_control->mainTick.store(0);
    emit branchAdded(info); // the status follows with the command that comes next
}

void SimWorker::start(qint64 untilTick)
{
    if (m_branches.empty()) return;
    std::int64_t target = m_model->ticks;
    if (untilTick >= 0) target = std::min<std::int64_t>(m_model->ticks, (untilTick + m_stride - 1) / m_stride * m_stride);
    for (auto& b : m_branches) b->target = std::max(b->session->tick(), target);
    m_stopped = false;
    m_running = true;
    report(RunState::Running);
    QMetaObject::invokeMethod(this, &SimWorker::slice, Qt::QueuedConnection);
}

void SimWorker::step()
{
    if (m_branches.empty()) return;
    for (auto& b : m_branches) b->target = nextBoundary(b->session->tick());
    m_stopped = false;
    m_running = true;
    report(RunState::Running);
    QMetaObject::invokeMethod(this, &SimWorker::slice, Qt::QueuedConnection);
}

void SimWorker::stepTicks(qint64 n)
{
    for (auto& b : m_branches) {
        if (b->failed || b->session->finished()) continue;
        const BatchResult r = b->session->run(n, &m_control->interrupt);
        if (r.status == BatchStatus::Cancelled)
            ++m_cancelled;
        else if (r.status == BatchStatus::Completed)
            publish(*b);
        else {
            // a failure inside one big batch: stop at the last good tick
            const std::int64_t good = r.error.tick - b->session->tick();
            if (good > 0) b->session->run(good);
            publish(*b);
            b->failed = true;
            emit failed({b->id, r.error.tick, r.error.time, QString::fromStdString(r.error.subject),
                         QString::fromStdString(r.error.message), m_sequence});
        }
        if (b->id == 0) m_control->mainTick.store(b->session->tick());
    }
    m_control->interrupt.store(false);
    report(RunState::Paused);
}

void SimWorker::pause()
{
    m_control->interrupt.store(false);
    if (m_branches.empty()) return report(RunState::Idle);
    if (m_stopped) return report(RunState::Stopped);
    m_running = false;
    bool done = true;
    for (auto& b : m_branches) done = done && (b->failed || b->session->finished());
    report(done ? (m_branches.front()->failed ? RunState::Failed : RunState::Finished) : RunState::Paused);
}

void SimWorker::stop()
{
    m_control->interrupt.store(false);
    m_running = false;
    if (m_branches.empty()) return report(RunState::Idle);
    m_stopped = true;
    report(RunState::Stopped);
}

void SimWorker::unload()
{
    m_control->interrupt.store(false);
    m_running = false;
    m_stopped = false;
    m_branches.clear();
    m_model.reset();
    m_control->mainTick.store(0);
    report(RunState::Idle);
}

void SimWorker::fork(int parent, ModelPtr model, QVector<InputChange> inputs, QString label)
{
    Branch* p = nullptr;
    for (auto& b : m_branches) {
        if (b->id == parent) p = b.get();
    }
    if (!p || m_running) {
        emit forkRefused(!p ? tr("There is no run to fork.") : tr("Pause the run before forking it."));
        return;
    }
    auto b = std::make_unique<Branch>();
    if (!model || model == m_model) {
        b->session = std::make_unique<Session>(*p->session); // the copy constructor forks
    } else {
        const QString why = forkIncompatibility(*m_model, *model, p->session->state());
        if (!why.isEmpty()) {
            emit forkRefused(why);
            return;
        }
        b->session = std::make_unique<Session>(model);
        b->session->restore(p->session->state());
    }
    for (const InputChange& c : inputs) {
        if (!b->session->setInput(c.component.toStdString(), c.input.toStdString(), c.value)) {
            emit forkRefused(tr("%1.%2 cannot take the value %3.").arg(c.component, c.input).arg(c.value));
            return;
        }
    }
    b->id = m_branches.back()->id + 1;
    b->target = p->target;
    const std::int64_t t0 = b->session->tick();
    b->store = std::make_shared<SampleStore>(b->session->observableCount(), SampleStore::samplesFor(t0, m_model->ticks, m_stride),
                                             m_model->tickNs, m_model->reportEvery, m_model->ticks);
    publish(*b);
    BranchInfo info;
    info.id = b->id;
    info.parent = parent;
    info.startTick = t0;
    info.label = label.isEmpty() ? tr("fork %1").arg(b->id) : label;
    info.store = b->store;
    info.markers = b->markers;
    info.model = model ? model : m_model;
    info.sequence = m_sequence;
    m_branches.push_back(std::move(b));
    emit branchAdded(info);
    report(m_stopped ? RunState::Stopped : RunState::Paused);
}

void SimWorker::publish(Branch& b)
{
    if (double* row = b.store->beginSample()) {
        b.session->observe(row);
        b.store->commitSample(b.session->tick());
    }
}

bool SimWorker::advance(Branch& b, std::int64_t maxTicks)
{
    Session& s = *b.session;
    const std::int64_t t = s.tick();
    const std::int64_t end = std::min({nextSampleTick(t), b.target, t + maxTicks});
    const std::int64_t logged = s.clutchEvents().count; // the clutch events of this batch come after
    const BatchResult r = s.run(end - t, &m_control->interrupt);
    const auto ns = [&](std::int64_t tick) {
        return static_cast<double>(tick) * static_cast<double>(m_model->tickNs);
    };
    if (r.status == BatchStatus::Completed) {
        b.markers->take(s.clutchEvents(), logged, ns(t), ns(s.tick()), m_clutchComponents);
        publish(b);
    } else if (r.status == BatchStatus::Cancelled) {
        ++m_cancelled; // rolled back to the last sample: nothing half done
        return false;
    } else {
        // rolled back to the batch start: go on to the last good tick and stop there
        const std::int64_t good = r.error.tick - s.tick();
        const std::int64_t kept = s.clutchEvents().count;
        if (good > 0) s.run(good);
        b.markers->take(s.clutchEvents(), kept, ns(t), ns(s.tick()), m_clutchComponents);
        publish(b);
        b.failed = true;
        emit failed({b.id, r.error.tick, r.error.time, QString::fromStdString(r.error.subject), QString::fromStdString(r.error.message),
                     m_sequence});
    }
    if (b.id == 0) m_control->mainTick.store(s.tick(), std::memory_order_relaxed);
    return true;
}

void SimWorker::slice()
{
    if (!m_running) return;
    const auto t0 = std::chrono::steady_clock::now();
    const std::int64_t main0 = m_branches.front()->session->tick();
    bool any = true;
    while (any) {
        any = false;
        // one batch per branch in turn, so forks advance beside their parent
        for (std::size_t k = 0; k < m_branches.size(); ++k) {
            Branch& b = *m_branches[(m_next + k) % m_branches.size()];
            if (b.failed || b.session->tick() >= b.target) continue;
            any = true;
            if (m_control->interrupt.load(std::memory_order_relaxed) || !advance(b, m_stride)) return; // pause/stop follow
        }
        m_next = (m_next + 1) % m_branches.size();
        if (std::chrono::steady_clock::now() - t0 > kSlice) break;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::int64_t advanced = m_branches.front()->session->tick() - main0;
    if (wall > 0 && advanced > 0) m_control->realTimeFactor.store(static_cast<double>(advanced) * m_model->h / wall);
    if (any) {
        QMetaObject::invokeMethod(this, &SimWorker::slice, Qt::QueuedConnection);
        return;
    }
    // every branch reached its target
    m_running = false;
    bool done = true;
    for (auto& b : m_branches) done = done && (b->failed || b->session->finished());
    report(done ? (m_branches.front()->failed ? RunState::Failed : RunState::Finished) : RunState::Paused);
}

void SimWorker::report(RunState state)
{
    RunStatus st;
    st.state = state;
    for (const auto& b : m_branches)
        st.branches.push_back({b->id, b->session->tick(), b->session->stateHash(), b->session->finished(), b->failed});
    st.cancelledBatches = m_cancelled;
    st.sequence = m_sequence;
    m_cancelled = 0;
    emit statusChanged(st);
}

} // namespace drivelab
