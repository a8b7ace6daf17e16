#include "compute/range_service.h"

#include "compute/thread_priority.h"
#include "store/project_json_writer.h"

#include <QtConcurrent>

namespace fleet::gui {

namespace {

constexpr int kRangeNiceness = 10;

/// The inputs a run depends on, to know a run of them is done already.
std::string inputsOf(const Project& project)
{
    return projectToJsonText(project);
}

} // namespace

RangeService::RangeService(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_settle.setSingleShot(true);
    m_settle.setInterval(400); // a drag's end, not each of its frames
    connect(&m_settle, &QTimer::timeout, this, &RangeService::startPending);
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<RangeRun>>::finished, this,
            &RangeService::done);
}

RangeService::~RangeService()
{
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
}

void RangeService::request(std::shared_ptr<const Project> project)
{
    if (!project)
        return;
    if (project->ranges.empty()) {
        cancel();
        m_pending.reset();
        m_latest.reset();
        m_latestInputs.clear();
        emit ready(nullptr);
        return;
    }
    m_pending = std::move(project);
    m_settle.start();
}

void RangeService::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void RangeService::startPending()
{
    if (!m_pending)
        return;
    std::string inputs = inputsOf(*m_pending);
    if (m_running) {
        if (inputs == m_runningInputs && m_cancel && !m_cancel->load()) {
            m_pending.reset(); // the run under way is of these inputs
            return;
        }
        cancel(); // the stopped run ends first (done() starts this one)
        return;
    }
    std::shared_ptr<const Project> project = std::move(m_pending);
    m_pending.reset();
    if (m_latest && inputs == m_latestInputs) {
        emit ready(m_latest); // the same inputs: the figures shown are theirs
        return;
    }
    m_runningInputs = std::move(inputs);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    emit started();
    const int draws = m_draws;
    m_watcher.setFuture(QtConcurrent::run(
        &m_pool, [project, cancel = m_cancel, draws]() -> std::shared_ptr<RangeRun> {
            RangeOptions options;
            options.draws = draws;
            options.cancel = cancel.get();
            // Below the recompute's background threads (niceness 5): the
            // KPIs, the charts and the optimizer of an edit come first.
            options.workerStart = [] { lowerThisThreadsPriority(kRangeNiceness); };
            auto run = runRanges(*project, options);
            if (!run || run.value().cancelled)
                return nullptr;
            return std::make_shared<RangeRun>(std::move(run).value());
        }));
}

void RangeService::done()
{
    m_running = false;
    std::shared_ptr<RangeRun> run = m_watcher.result();
    const bool stopped = m_cancel && m_cancel->load();
    if (run && !stopped) {
        m_latest = std::move(run);
        m_latestInputs = m_runningInputs;
        if (!m_pending)
            emit ready(m_latest);
    }
    if (m_pending && !m_settle.isActive())
        startPending();
}

} // namespace fleet::gui
