#include "compute/recompute_service.h"

#include "charts/tornado_chart.h"
#include "compute/thread_priority.h"
#include "simulate/measured_ceiling.h"
#include "simulate/planned_ceiling.h"
#include "store/project_json.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace fleet::gui {

namespace {
constexpr int kSettleMs = 600;
/// The slow part's progress: the exact solve's share, the simulations' the rest.
constexpr double kExactShare = 0.2;
/// How much nicer the background threads are than the GUI and the KPIs' thread.
constexpr int kBackgroundNiceness = 5;

/// Lowers the calling thread's priority once: the optimizer and the
/// simulations take what the GUI thread and the fast part leave of two
/// cores (compute/thread_priority.h).
void lowerThisThreadsPriority()
{
    fleet::gui::lowerThisThreadsPriority(kBackgroundNiceness);
}

/// The one thread that frees results let go of on the GUI thread.
struct RetireThread : QThreadPool
{
    RetireThread() { setMaxThreadCount(1); }
};
Q_GLOBAL_STATIC(RetireThread, retirePool)

/// Frees results on retirePool's thread when the last holder lets go on
/// the GUI thread: a view dropping the results it showed, a replaced future,
/// a superseded KPI step. Ten thousand workloads' evaluation and two
/// project copies took 40–70 ms to free, which the GUI thread spent after
/// every edit. Elsewhere they are freed where they are let go.
struct FreeOffGuiThread
{
    void operator()(PlanResults* results) const
    {
        const QCoreApplication* app = QCoreApplication::instance();
        if (app && QThread::currentThread() == app->thread() && !retirePool.isDestroyed())
            retirePool()->start([results] { delete results; });
        else
            delete results;
    }
};

/// New results (copied from `args`) that are never freed on the GUI thread.
template <typename... Args> std::shared_ptr<PlanResults> newResults(Args&&... args)
{
    return std::shared_ptr<PlanResults>(new PlanResults(std::forward<Args>(args)...),
                                        FreeOffGuiThread{});
}
} // namespace

RecomputeService::RecomputeService(QObject* parent) : QObject(parent)
{
    m_knees->setMeasuring(m_slowEnabled);
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_settle, &QTimer::timeout, this, &RecomputeService::startSlow);
    connect(&m_fast, &QFutureWatcher<std::shared_ptr<PlanResults>>::finished, this,
            &RecomputeService::fastDone);
    connect(&m_slow, &QFutureWatcher<std::shared_ptr<PlanResults>>::finished, this,
            &RecomputeService::slowDone);
    connect(&m_optimizer, &QFutureWatcher<std::shared_ptr<OptimizerAnswer>>::finished, this,
            &RecomputeService::optimizerDone);
    connect(&m_exactRequest, &QFutureWatcher<QByteArray>::finished, this,
            &RecomputeService::exactRequestDone);
    connect(&m_solver, &SolverProcess::finished, this, &RecomputeService::exactDone);
    m_fastPool.setMaxThreadCount(1);
    // The optimizer's fast path, the simulations and the exact solve's request.
    m_backgroundPool.setMaxThreadCount(3);
    m_amendPool.setMaxThreadCount(1); // the copies shown in the order they were started
}

RecomputeService::~RecomputeService()
{
    if (m_cancel)
        m_cancel->store(true);
    if (m_fastCancel)
        m_fastCancel->store(true);
    if (m_optimizerCancel)
        m_optimizerCancel->store(true);
    disconnect(&m_solver, nullptr, this, nullptr); // its destructor kills the worker
    m_fast.waitForFinished();
    m_optimizer.waitForFinished();
    m_slow.waitForFinished();
    m_exactRequest.waitForFinished();
}

void RecomputeService::request(const Project& project, const QString& scenario,
                               const Project* shown)
{
    // The one copy of the project a request costs the GUI thread (two with a
    // scenario shown: applying it again on a worker took ten thousand
    // workloads' JSON round trips): every job of this request shares them,
    // and edits never reach them.
    request(std::make_shared<const Project>(project), scenario,
            shown && !scenario.isEmpty() ? std::make_shared<const Project>(*shown) : nullptr);
}

void RecomputeService::request(std::shared_ptr<const Project> project, const QString& scenario,
                               std::shared_ptr<const Project> shown)
{
    // The visible chart's parts alone, the first results too: the others
    // (the tornado's and cost curve's dozens of evaluations: seconds at a
    // thousand workloads) follow once inputs settle (startSlow).
    Request request{std::move(project), scenario, std::move(shown), ++m_generation, m_liveParts};
    m_lastRequest = request;
    m_settle.stop();
    if (m_slowRunning && m_cancel) {
        m_cancel->store(true); // its snapshot is out of date
        m_solver.cancel();
    }
    if (m_fastRunning && m_fastCancel)
        m_fastCancel->store(true); // its charts' data would be dropped: stop it
    if (m_optimizerRunning && m_optimizerCancel)
        m_optimizerCancel->store(true); // its answer would be dropped (optimizerDone)
    // The optimizer's fast path starts once the engine's results of this
    // snapshot are on screen: with two cores, the KPIs and the chart of an
    // edit come first, and only the newest snapshot is ever solved.
    m_optimizerPending = request;
    emit requested();
    if (m_fastRunning)
        m_pending = std::move(request); // only the newest waits
    else
        startFast(std::move(request));
}

void RecomputeService::startOptimizer(Request request)
{
    // The optimizer's fast path runs beside the engine (two cores); the
    // charts do not wait for it. The results it completes are copied on its
    // thread, not on the GUI thread.
    m_optimizerRunning = true;
    m_optimizerGeneration = request.generation;
    m_optimizerCancel = std::make_shared<std::atomic<bool>>(false);
    ResultsPtr base = m_latest && m_shownGeneration == request.generation ? m_latest : nullptr;
    m_optimizer.setFuture(QtConcurrent::run(
        &m_backgroundPool,
        [project = std::move(request.project), scenario = request.scenario,
         shown = std::move(request.shown), base = std::move(base), cancel = m_optimizerCancel,
         knees = std::shared_ptr<const MeasuredKnees>(m_knees), gate = m_optimizerGate] {
            lowerThisThreadsPriority();
            auto answered = std::make_shared<OptimizerAnswer>();
            OptimizerAnswer& answer = *answered;
            // Superseded (request()): stopped between phases, never delivered.
            const auto stopped = [&] { return answer.cancelled = cancel->load(); };
            std::optional<Project> applied;
            if (!scenario.isEmpty() && !shown) {
                auto withScenario = applyScenario(*project, scenario.toStdString());
                if (!withScenario || stopped())
                    return answered;
                applied = std::move(withScenario).value();
            }
            OptimizeOptions options;
            options.fastPath = true;
            options.solve.cancel = cancel.get();
            // The results shown are of this very snapshot (base), planned on
            // its ceiling, unless the scenario was applied again here: the
            // optimizer solves what they show and reads its options from their
            // evaluation instead of evaluating every workload again (at 10,000
            // workloads that was seconds of CPU an edit, beside the next
            // edit's KPIs).
            std::optional<Project> planned;
            if (!base || applied) {
                // On the ceiling the engine plans this snapshot on.
                const Project& snapshot = applied                        ? *applied
                                          : shown && !scenario.isEmpty() ? *shown
                                                                         : *project;
                planned = onPlannedCeiling(
                    snapshot,
                    plannedCeiling(snapshot, &snapshot == project.get() ? nullptr : project.get(),
                                   knees.get()));
                if (stopped())
                    return answered;
            } else {
                options.evaluation = &base->evaluation;
            }
            auto solved = optimizeRegimeMix(planned ? *planned : base->project, options);
            if (stopped())
                return answered;
            if (solved)
                answer.result = std::move(solved).value();
            else
                answer.refusal = solved.error().toString();
            if (base) {
                auto results = newResults(*base);
                results->optimizer = answer.result;
                results->optimizerRefusal = answer.refusal;
                results->optimizerCurrent = true;
                answer.results = std::move(results);
                answer.base = std::move(base);
            }
            if (gate)
                gate->acquire();
            return answered;
        }));
}

void RecomputeService::startFast(Request request)
{
    m_fastRunning = true;
    m_fastGeneration = request.generation;
    m_fastCancel = std::make_shared<std::atomic<bool>>(false);
    // The KPIs go to the GUI as soon as the engine has them, with the
    // optimizer's line of the results shown until this snapshot's arrives.
    ResultsPtr shown = m_latest;
    m_fast.setFuture(
        QtConcurrent::run(&m_fastPool, [this, request = std::move(request), caches = m_caches,
                                        cancel = m_fastCancel, shown = std::move(shown),
                                        knees = std::shared_ptr<const MeasuredKnees>(m_knees)]() {
            PlanSteps steps;
            steps.cancel = cancel.get();
            const quint64 generation = request.generation;
            std::shared_ptr<PlanResults> results = newResults();
            steps.evaluated = [this, generation, &shown, &cancel, &results](const PlanResults&) {
                if (cancel->load())
                    return;
                // The KPIs are shown from these very results, not a copy (a
                // copy of ten thousand workloads' took the KPIs tens of
                // milliseconds): the KPI panel reads their inputs and
                // evaluation, final now, while this thread fills in the
                // charts' data beside them. Until fastDone the optimizer's
                // line is of the results shown.
                if (shown) {
                    results->optimizer = shown->optimizer;
                    results->optimizerRefusal = shown->optimizerRefusal;
                }
                results->optimizerCurrent = false;
                // `this` outlives the job: its destructor waits for it.
                QMetaObject::invokeMethod(this, [this, generation, kpis = ResultsPtr(results)] {
                    kpisDone(generation, kpis);
                });
            };
            computePlanResults(*results, *request.project, request.scenario.toStdString(),
                               defaultTornadoKpi(*request.project), request.parts, *caches, &steps,
                               request.shown.get(), knees);
            // Superseded: its charts' data may be incomplete, and it is dropped.
            return cancel->load() ? nullptr : results;
        }));
}

void RecomputeService::kpisDone(quint64 generation, ResultsPtr results)
{
    // Only the newest request's KPIs, and never after its complete results.
    if (generation != m_generation || m_kpisGeneration >= generation)
        return;
    m_kpisGeneration = generation;
    emit kpisReady(std::move(results));
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
    if (!merged)
        return; // cancelled without a newer request waiting (cannot happen)
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
        // Until this snapshot's arrives: the line of the results shown, or
        // their answer that is still being copied in (amendShown).
        const bool answerUnderWay = !m_latest->optimizerCurrent && m_optimizerResult &&
                                    m_optimizerResultGeneration == m_shownGeneration;
        merged->optimizer = answerUnderWay ? m_optimizerResult->result : m_latest->optimizer;
        merged->optimizerRefusal =
            answerUnderWay ? m_optimizerResult->refusal : m_latest->optimizerRefusal;
        merged->optimizerCurrent = false;
        merged->bands = m_latest->bands; // until this snapshot's arrive (setBands)
        merged->bandsCurrent = false;
    }
    merged->packing = m_packing;
    if (m_optimizerResult && m_optimizerResultGeneration == m_fastGeneration) {
        merged->optimizer = m_optimizerResult->result;
        merged->optimizerRefusal = m_optimizerResult->refusal;
        merged->optimizerCurrent = true;
    }
    m_latest = merged; // the results replaced are freed off this thread (newResults)
    m_shownGeneration = m_kpisGeneration = m_fastGeneration;
    emit resultsReady(m_latest);
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
    const std::shared_ptr<OptimizerAnswer> answer = m_optimizer.result();
    if (answer && answer->cancelled)
        ++m_optimizerRunsCancelled;
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
    // The future's answer is ours alone: its results are moved out, not copied.
    const ResultsPtr base = std::move(answer->base);
    ResultsPtr results = std::move(answer->results);
    m_optimizerResult = answer;
    m_optimizerResultGeneration = m_optimizerGeneration;
    if (!m_latest || m_shownGeneration != m_optimizerGeneration)
        return;
    if (results && base == m_latest) {
        // Completed on the optimizer's thread, beside the results still shown.
        m_latest = std::move(results);
        emit optimizerReady(m_latest);
        return;
    }
    // The results shown changed since the optimizer started (a packing
    // replay, the fans, the slow part's charts): completed off this thread.
    amendShown({.kind = Amendment::Kind::Optimizer,
                .answer = m_optimizerResult,
                .inputs = m_optimizerGeneration});
}

void RecomputeService::setPacking(std::shared_ptr<const PackingReport> packing)
{
    m_packing = std::move(packing);
    amendShown({.kind = Amendment::Kind::Packing, .packing = m_packing});
}

void RecomputeService::setBands(std::shared_ptr<const ChartBands> bands, quint64 inputs)
{
    if (bands)
        amendShown({.kind = Amendment::Kind::Bands, .bands = std::move(bands), .inputs = inputs});
}

bool RecomputeService::stillWanted(const Amendment& amendment) const
{
    if (!m_latest)
        return false;
    switch (amendment.kind) {
    case Amendment::Kind::Bands:
        // Of the results shown, not of a newer edit's (whose own fans follow).
        return !fastBusy() && amendment.inputs == m_shownGeneration &&
               !(m_latest->bands == amendment.bands && m_latest->bandsCurrent);
    case Amendment::Kind::Optimizer:
        // The newest answer, of the inputs shown, whose results have no answer
        // of theirs yet (the exact solve's plan, arrived meanwhile, stays).
        return amendment.answer == m_optimizerResult && amendment.inputs == m_shownGeneration &&
               !m_latest->optimizerCurrent;
    case Amendment::Kind::Packing:
        return amendment.packing == m_packing && m_latest->packing != amendment.packing;
    }
    return false;
}

void RecomputeService::amendShown(const Amendment& amendment)
{
    if (!stillWanted(amendment))
        return;
    for (const auto& [base, underWay] : m_amending)
        if (base == m_latest && underWay == amendment)
            return; // being completed with it already
    m_amending.emplace_back(m_latest, amendment);
    QPointer<RecomputeService> self(this);
    m_amendPool.start([self, base = m_latest, amendment] {
        std::shared_ptr<PlanResults> results = newResults(*base);
        switch (amendment.kind) {
        case Amendment::Kind::Bands:
            results->bands = amendment.bands;
            results->bandsCurrent = true;
            break;
        case Amendment::Kind::Optimizer:
            results->optimizer = amendment.answer->result;
            results->optimizerRefusal = amendment.answer->refusal;
            results->optimizerCurrent = true;
            break;
        case Amendment::Kind::Packing: results->packing = amendment.packing; break;
        }
        QMetaObject::invokeMethod(self, [self, base, amendment, results] {
            if (self)
                self->amendCopied(base, amendment, results);
        });
    });
}

void RecomputeService::amendCopied(const ResultsPtr& base, const Amendment& amendment,
                                   std::shared_ptr<PlanResults> results)
{
    std::erase_if(m_amending, [&](const auto& underWay) {
        return underWay.first == base && underWay.second == amendment;
    });
    if (m_latest != base) {
        // The results shown changed meanwhile (a newer request's, the slow
        // part's charts, another amendment): those get it, if it applies.
        amendShown(amendment);
        return;
    }
    if (!stillWanted(amendment))
        return; // superseded meanwhile (newer fans or replay, a newer edit)
    m_latest = std::move(results);
    switch (amendment.kind) {
    case Amendment::Kind::Bands: emit bandsReady(m_latest); break;
    case Amendment::Kind::Optimizer: emit optimizerReady(m_latest); break;
    case Amendment::Kind::Packing: emit resultsReady(m_latest); break;
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
    m_exactSkipped = false;
    m_simulationsDone = 0;
    m_slowResults.reset();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_slowGeneration = m_shownGeneration;
    emit slowStarted();
    ResultsPtr base = m_latest;
    // The exact solve in its worker process, beside the simulations' thread;
    // its request (the whole project as JSON) is written off the GUI thread.
    m_exactRequest.setFuture(QtConcurrent::run(&m_backgroundPool, [base] {
        lowerThisThreadsPriority();
        return QByteArray::fromStdString(
            solveRequestToJson(SolveRequest{base->baseProject, base->scenario, OptimizeOptions{}}));
    }));
    auto cancel = m_cancel;
    QPointer<RecomputeService> self(this);
    const int seeds = m_kneeSeeds;
    const quint64 generation = m_slowGeneration;
    m_slow.setFuture(QtConcurrent::run(
        &m_backgroundPool,
        [base, cancel, self, seeds, generation, knees = m_knees,
         memo = m_frontierMemo]() -> std::shared_ptr<PlanResults> {
            lowerThisThreadsPriority();
            auto results = newResults(*base);
            completePlanResults(*results, PartAll, defaultTornadoKpi(results->project),
                                cancel.get());
            // Every chart's data before the simulations: shown at once.
            if (results->parts != base->parts && !cancel->load())
                QMetaObject::invokeMethod(self, [self, generation, charts = newResults(*results)] {
                    if (self)
                        self->chartsDone(generation, charts);
                });
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
            // Simulated once per inputs (and assumed ceilings, which a sized
            // fleet's cluster depends on): planning again on the knee does not
            // simulate again.
            const std::string simulated = measuredInputsFingerprint(results->project);
            std::string inputs = simulated;
            for (SchedulerPolicy policy : kAllPolicies)
                inputs +=
                    ' ' +
                    std::to_string(
                        policy == results->ceiling.policy
                            ? results->ceiling.assumed
                            : results->project.scheduler.utilizationCeiling[std::size_t(policy)]);
            bool memoized = false;
            {
                const std::lock_guard lock(memo->mutex);
                if (memo->inputs == inputs && memo->seeds == seeds) {
                    results->frontiers = memo->frontiers;
                    results->kneeSpreads = memo->spreads;
                    memoized = true;
                }
            }
            if (!memoized) {
                results->frontiers = computeFrontiers(*results, cancel.get(), progress, seeds,
                                                      &results->kneeSpreads);
                if (!cancel->load()) {
                    const std::lock_guard lock(memo->mutex);
                    memo->inputs = inputs;
                    memo->frontiers = results->frontiers;
                    memo->spreads = results->kneeSpreads;
                    memo->seeds = seeds;
                }
            }
            // Each policy's knee, for the inputs simulated; the snapshot is planned
            // again on its policy's unless pinned (docs/MODEL.md).
            if (!cancel->load()) {
                for (const Frontier& frontier : results->frontiers) {
                    if (const auto measured = measuredCeiling(frontier))
                        knees->add(simulated, measured.value().policy, measured.value().ceiling);
                    else if (const auto policy = schedulerPolicyOf(frontier.policy))
                        knees->addWithoutKnee(simulated, *policy);
                }
                const PlannedCeiling again = plannedCeiling(results->project, nullptr, knees.get());
                const PlannedCeiling& was = results->ceiling;
                // Planned again on these inputs' knee when it differs from
                // the one planned on, or replaces a provisional one; and on
                // the assumed ceiling when these inputs have no knee after
                // all (the provisional one was of other inputs).
                if (!was.pinned && again.onMeasured() && !again.provisional &&
                    (!was.onMeasured() || was.provisional || *again.measured != *was.measured))
                    results->replanOnKnee = again.measured;
                else if (was.provisional && !again.onMeasured())
                    results->replanOnAssumed = true;
            }
            results->frontiersCurrent = !cancel->load();
            return results;
        }));
}

void RecomputeService::chartsDone(quint64 generation, std::shared_ptr<PlanResults> charts)
{
    if (!m_slowRunning || (m_cancel && m_cancel->load()) || generation != m_generation ||
        m_shownGeneration != generation || !m_latest)
        return; // superseded
    // What arrived since the slow part started stays (the optimizer's line,
    // a packing replay, the fans).
    charts->bands = m_latest->bands;
    charts->bandsCurrent = m_latest->bandsCurrent;
    charts->optimizer = m_latest->optimizer;
    charts->optimizerRefusal = m_latest->optimizerRefusal;
    charts->optimizerCurrent = m_latest->optimizerCurrent;
    charts->packing = m_packing; // also one still being copied in (amendShown)
    m_latest = std::move(charts);
    emit resultsReady(m_latest);
}

void RecomputeService::exactRequestDone()
{
    if (!m_exactRunning)
        return;
    if (m_cancel && m_cancel->load()) {
        // Cancelled or superseded while its request was written: not started.
        m_exactRunning = false;
        m_exactSkipped = true;
        finishSlow();
        return;
    }
    m_solver.start(m_exactRequest.result());
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
    // The simulations' thread's results are ours alone: completed in place.
    std::shared_ptr<PlanResults> results = std::move(m_slowResults);
    const bool cancelled = m_exactSkipped || exact.cancelled || !results->frontiersCurrent ||
                           m_slowGeneration != m_generation;
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
        results->packing = m_packing; // a replay shown since the slow part started
        if (m_latest && m_shownGeneration == m_slowGeneration) {
            results->bands = m_latest->bands; // arrived since the slow part started
            results->bandsCurrent = m_latest->bandsCurrent;
        }
        if (!exact.refused.empty())
            results->optimizerRefusal = Error(exact.refused).toString();
        results->exactFailure = exact.failure;
        const bool replan = results->replanOnKnee.has_value() || results->replanOnAssumed;
        m_latest = std::move(results);
        emit resultsReady(m_latest);
        emit slowFinished(cancelled);
        // The knee of this snapshot's policy is measured now: the engine plans
        // it again on the knee, off this thread (docs/MODEL.md, "Planning on
        // the measured knee"); its frontiers are not simulated again.
        if (replan && m_lastRequest && m_lastRequest->generation == m_slowGeneration) {
            ++m_replans;
            const Request again = *m_lastRequest;
            request(again.project, again.scenario, again.shown);
        }
        return;
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
