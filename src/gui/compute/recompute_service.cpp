#include "compute/recompute_service.h"

#include "charts/tornado_chart.h"
#include "store/project_json.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace fleet::gui {

namespace {
constexpr int kSettleMs = 600;
/// The slow part's progress: the exact solve's share, the simulations' the rest.
constexpr double kExactShare = 0.2;
} // namespace

RecomputeService::RecomputeService(QObject* parent) : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_settle, &QTimer::timeout, this, &RecomputeService::startSlow);
    connect(&m_fast, &QFutureWatcher<std::shared_ptr<PlanResults>>::finished, this,
            &RecomputeService::fastDone);
    connect(&m_slow, &QFutureWatcher<ResultsPtr>::finished, this, &RecomputeService::slowDone);
    connect(&m_optimizer, &QFutureWatcher<OptimizerAnswer>::finished, this,
            &RecomputeService::optimizerDone);
    connect(&m_solver, &SolverProcess::finished, this, &RecomputeService::exactDone);
    m_retire.setMaxThreadCount(1);
}

RecomputeService::~RecomputeService()
{
    if (m_cancel)
        m_cancel->store(true);
    disconnect(&m_solver, nullptr, this, nullptr); // its destructor kills the worker
    m_fast.waitForFinished();
    m_optimizer.waitForFinished();
    m_slow.waitForFinished();
}

void RecomputeService::request(const Project& project, const QString& scenario)
{
    // The first results are complete; later ones compute the live parts.
    Request request{project, scenario, ++m_generation, m_latest ? m_liveParts : unsigned(PartAll)};
    m_settle.stop();
    if (m_slowRunning && m_cancel) {
        m_cancel->store(true); // its snapshot is out of date
        m_solver.cancel();
    }
    // The optimizer's fast path starts once the engine's results of this
    // snapshot are on screen: with two cores, the KPIs and the chart of an
    // edit come first, and only the newest snapshot is ever solved.
    m_optimizerPending = request;
    if (m_fastRunning)
        m_pending = std::move(request); // only the newest waits
    else
        startFast(std::move(request));
}

void RecomputeService::startOptimizer(Request request)
{
    // The optimizer's fast path runs beside the engine (two cores); the
    // charts do not wait for it.
    m_optimizerRunning = true;
    m_optimizerGeneration = request.generation;
    m_optimizer.setFuture(
        QtConcurrent::run([project = std::move(request.project), scenario = request.scenario] {
            auto applied = scenario.isEmpty() ? Result<Project>(project)
                                              : applyScenario(project, scenario.toStdString());
            OptimizeOptions options;
            options.fastPath = true;
            OptimizerAnswer answer;
            if (!applied)
                return answer;
            auto solved = optimizeRegimeMix(applied.value(), options);
            if (solved)
                answer.result = std::move(solved).value();
            else
                answer.refusal = solved.error().toString();
            return answer;
        }));
}

void RecomputeService::startFast(Request request)
{
    m_fastRunning = true;
    m_fastGeneration = request.generation;
    m_fast.setFuture(QtConcurrent::run([request = std::move(request), caches = m_caches]() {
        return std::make_shared<PlanResults>(
            computePlanResults(request.project, request.scenario.toStdString(),
                               defaultTornadoKpi(request.project), request.parts, *caches));
    }));
}

void RecomputeService::fastDone()
{
    m_fastRunning = false;
    if (m_pending) {
        Request next = std::move(*m_pending);
        m_pending.reset();
        startFast(std::move(next)); // this result is already stale
        return;
    }
    std::shared_ptr<PlanResults> merged = m_fast.result();
    if (m_latest) {
        // Parts not computed live, and the frontiers, stay on screen from
        // earlier results (marked as not current) until inputs settle.
        const unsigned carried = ~merged->parts & m_latest->parts;
        if (carried & PartTornado)
            merged->tornado = m_latest->tornado;
        if (carried & PartCostCurve)
            merged->costCurve = m_latest->costCurve;
        if (carried & PartScenarios)
            merged->scenarios = m_latest->scenarios;
        merged->frontiers = m_latest->frontiers;
        merged->kneeSpreads = m_latest->kneeSpreads;
        merged->frontiersCurrent = false;
        merged->optimizer = m_latest->optimizer; // until this snapshot's arrives
        merged->optimizerRefusal = m_latest->optimizerRefusal;
        merged->optimizerCurrent = false;
    }
    merged->packing = m_packing;
    if (m_optimizerResult && m_optimizerResultGeneration == m_fastGeneration) {
        merged->optimizer = m_optimizerResult->result;
        merged->optimizerRefusal = m_optimizerResult->refusal;
        merged->optimizerCurrent = true;
    }
    ResultsPtr previous = std::exchange(m_latest, merged);
    m_shownGeneration = m_fastGeneration;
    emit resultsReady(m_latest);
    retire(std::move(previous)); // the views hold the new ones now
    if (m_optimizerPending && !m_optimizerRunning) {
        Request next = std::move(*m_optimizerPending);
        m_optimizerPending.reset();
        startOptimizer(std::move(next));
    }
    if (m_slowEnabled)
        m_settle.start();
}

void RecomputeService::optimizerDone()
{
    m_optimizerRunning = false;
    if (m_optimizerPending) {
        // This one is of an older snapshot; the newer one starts now if its
        // engine results are shown, else when they are (fastDone).
        if (!fastBusy()) {
            Request next = std::move(*m_optimizerPending);
            m_optimizerPending.reset();
            startOptimizer(std::move(next));
        }
        return;
    }
    m_optimizerResult = m_optimizer.result();
    m_optimizerResultGeneration = m_optimizerGeneration;
    if (m_latest && m_shownGeneration == m_optimizerGeneration) {
        auto results = std::make_shared<PlanResults>(*m_latest);
        results->optimizer = m_optimizerResult->result;
        results->optimizerRefusal = m_optimizerResult->refusal;
        results->optimizerCurrent = true;
        m_latest = results;
        emit optimizerReady(m_latest);
    }
}

void RecomputeService::retire(ResultsPtr results)
{
    if (results && results.use_count() == 1)
        m_retire.start([results = std::move(results)]() mutable { results.reset(); });
}

void RecomputeService::setPacking(std::shared_ptr<const PackingReport> packing)
{
    m_packing = std::move(packing);
    if (m_latest) {
        auto results = std::make_shared<PlanResults>(*m_latest);
        results->packing = m_packing;
        m_latest = results;
        emit resultsReady(m_latest);
    }
}

void RecomputeService::settleNow()
{
    m_settle.stop();
    startSlow();
}

std::optional<SolveRequest> RecomputeService::exactSolveRequest() const
{
    if (!m_latest)
        return std::nullopt;
    return SolveRequest{m_latest->baseProject, m_latest->scenario, OptimizeOptions{}};
}

void RecomputeService::startSlow()
{
    if (!m_latest || m_fastRunning || m_pending)
        return;
    if (m_slowRunning) {
        m_settle.start(); // the cancelled one is still winding down
        return;
    }
    m_slowRunning = m_simulationsRunning = m_exactRunning = true;
    m_simulationsDone = 0;
    m_slowResults.reset();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_slowGeneration = m_shownGeneration;
    emit slowStarted();
    // The exact solve in its worker process, beside the simulations' thread.
    m_solver.start(*exactSolveRequest());
    ResultsPtr base = m_latest;
    auto cancel = m_cancel;
    QPointer<RecomputeService> self(this);
    const int seeds = m_kneeSeeds;
    m_slow.setFuture(QtConcurrent::run([base, cancel, self, seeds]() -> ResultsPtr {
        auto results = std::make_shared<PlanResults>(*base);
        completePlanResults(*results, PartAll, defaultTornadoKpi(results->project));
        const auto progress = [&](double done) {
            if (!self)
                return;
            QMetaObject::invokeMethod(self, [self, done] {
                if (self) {
                    self->m_simulationsDone = done;
                    self->reportSlowProgress();
                }
            });
        };
        results->frontiers = computeFrontiers(results->project, results->evaluation, cancel.get(),
                                              progress, seeds, &results->kneeSpreads);
        results->frontiersCurrent = !cancel->load();
        return results;
    }));
}

void RecomputeService::reportSlowProgress()
{
    emit slowProgress((m_exactRunning ? 0.0 : kExactShare) +
                      (1.0 - kExactShare) * m_simulationsDone);
}

void RecomputeService::slowDone()
{
    m_simulationsRunning = false;
    m_slowResults = m_slow.result();
    finishSlow();
}

void RecomputeService::exactDone()
{
    if (!m_exactRunning)
        return;
    m_exactRunning = false;
    reportSlowProgress();
    finishSlow();
}

void RecomputeService::finishSlow()
{
    if (m_simulationsRunning || m_exactRunning)
        return;
    m_slowRunning = false;
    const SolverProcess::Outcome& exact = m_solver.outcome();
    auto results = std::make_shared<PlanResults>(*m_slowResults);
    m_slowResults.reset();
    const bool cancelled =
        exact.cancelled || !results->frontiersCurrent || m_slowGeneration != m_generation;
    if (!cancelled) {
        // A plan replaces the fast path's; a refusal or a failure leaves the
        // fast path's answer on screen and says why (the one shown now: it
        // may have arrived after these results were copied).
        if (exact.result) {
            results->optimizer = exact.result;
            results->optimizerCurrent = true;
        } else if (m_latest && m_shownGeneration == m_slowGeneration) {
            results->optimizer = m_latest->optimizer;
            results->optimizerCurrent = m_latest->optimizerCurrent;
        }
        if (!exact.refused.empty())
            results->optimizerRefusal = Error(exact.refused).toString();
        results->exactFailure = exact.failure;
        m_latest = results;
        emit resultsReady(m_latest);
    }
    emit slowFinished(cancelled);
}

void RecomputeService::cancelSlow()
{
    m_settle.stop();
    if (m_cancel)
        m_cancel->store(true);
    m_solver.cancel();
}

} // namespace fleet::gui
