#include "compute/range_service.h"

#include "compute/thread_priority.h"

#include <QtConcurrent>

namespace fleet::gui {

namespace {

constexpr int kRangeNiceness = 10;

} // namespace

RangeService::RangeService(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_settle.setSingleShot(true);
    m_settle.setInterval(400); // a drag's end, not each of its frames
    connect(&m_settle, &QTimer::timeout, this, &RangeService::startPending);
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Job>>::finished, this, &RangeService::done);
    connect(&m_bandWatcher, &QFutureWatcher<std::shared_ptr<Job>>::finished, this,
            &RangeService::bandsDone);
}

RangeService::~RangeService()
{
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
    m_bandWatcher.waitForFinished();
}

void RangeService::request(std::shared_ptr<const Project> project, quint64 inputs)
{
    if (!project)
        return;
    if (project->ranges.empty()) {
        cancel();
        m_pending.reset();
        m_latest.reset();
        m_latestInputs = 0;
        m_latestBands.reset();
        m_latestBandsInputs = 0;
        emit ready(nullptr);
        emit bandsReady(nullptr, inputs);
        return;
    }
    m_pending = std::move(project);
    m_pendingInputs = inputs;
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
    const quint64 inputs = m_pendingInputs;
    if (m_running || m_banding) {
        if (inputs == m_runningInputs && m_cancel && !m_cancel->load()) {
            m_pending.reset(); // the run under way is of these inputs
            if (!m_running)
                emit ready(m_latest); // its KPIs' figures are in; the fans follow
            return;
        }
        cancel(); // the stopped run ends first (done() starts this one)
        return;
    }
    std::shared_ptr<const Project> project = std::move(m_pending);
    m_pending.reset();
    if (m_latest && inputs == m_latestInputs && m_latestBands && inputs == m_latestBandsInputs) {
        // The same inputs: the figures and fans shown are theirs.
        emit ready(m_latest);
        emit bandsReady(m_latestBands, m_latestBandsInputs);
        return;
    }
    m_runningInputs = inputs;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    emit started();
    const int draws = m_draws;
    m_watcher.setFuture(
        QtConcurrent::run(&m_pool, [project, cancel = m_cancel, draws]() -> std::shared_ptr<Job> {
            RangeOptions options;
            options.draws = draws;
            options.cancel = cancel.get();
            // Below the recompute's background threads (niceness 5): the
            // KPIs, the charts and the optimizer of an edit come first.
            options.workerStart = [] { lowerThisThreadsPriority(kRangeNiceness); };
            // The cost-per-token bars of each draw ride along (their fans).
            CostPerTokenData output, training;
            auto run =
                runRanges(*project, withCostPerTokenCells(options, *project, &output, &training));
            if (!run || run.value().cancelled)
                return nullptr;
            auto job = std::make_shared<Job>();
            job->project = project;
            job->bands = std::make_shared<ChartBands>();
            job->bands->outputTokens = costPerTokenBandOf(output, run.value());
            job->bands->trainingTokens = costPerTokenBandOf(
                training, run.value(), output.regimes.size() * output.workloadIndices.size());
            job->run = std::make_shared<RangeRun>(std::move(run).value());
            return job;
        }));
}

void RangeService::done()
{
    m_running = false;
    std::shared_ptr<Job> job = m_watcher.result();
    const bool stopped = m_cancel && m_cancel->load();
    if (job && !stopped) {
        m_latest = job->run;
        m_latestInputs = m_runningInputs;
        if (!m_pending) {
            emit ready(m_latest);
            m_toBand = std::move(job);
            startBands(); // the KPIs' figures first, the cost curve's fan next
            return;
        }
    }
    if (m_pending && !m_settle.isActive())
        startPending();
}

void RangeService::startBands()
{
    m_banding = true;
    const int draws = m_curveDraws;
    m_bandWatcher.setFuture(QtConcurrent::run(
        &m_pool, [job = std::move(m_toBand), cancel = m_cancel, draws]() -> std::shared_ptr<Job> {
            RangeOptions options;
            options.draws = draws;
            options.cancel = cancel.get();
            options.workerStart = [] { lowerThisThreadsPriority(kRangeNiceness); };
            auto band = costCurveBand(*job->project, costCurve(*job->project), options);
            if (!band)
                return nullptr; // cancelled, or the ranges refused (the KPIs' run says why)
            job->bands->costCurve = std::move(band).value();
            return job;
        }));
}

void RangeService::bandsDone()
{
    m_banding = false;
    std::shared_ptr<Job> job = m_bandWatcher.result();
    const bool stopped = m_cancel && m_cancel->load();
    if (job && !stopped) {
        m_latestBands = std::move(job->bands);
        m_latestBandsInputs = m_runningInputs;
        if (!m_pending)
            emit bandsReady(m_latestBands, m_latestBandsInputs);
    }
    if (m_pending && !m_settle.isActive())
        startPending();
}

} // namespace fleet::gui
