#pragma once

// Recomputes what the views show, off the GUI thread. Every request runs the
// fast part (engine, the visible chart's data) at once, then the optimizer's
// fast path once those results are shown; a newer request supersedes an older one (only the latest
// pending snapshot runs, results of stale ones are dropped). When requests stop for a moment, the
// slow part follows (the hidden charts' data, shown as soon as it is done, then the exact solve
// and the frontier simulations) with progress, and can be cancelled. The exact solve runs in a
// worker process (SolverProcess): if it dies, the fast path's answer stays on screen with the
// reason.
//
// The GUI thread only copies the project once per request (into an immutable
// snapshot every job shares) and swaps finished results in: evaluation,
// chart data, the optimizer, the simulations, the solver's request and every
// copy of a results snapshot run on the service's own threads, and results
// let go of on the GUI thread are freed on a thread of their own. The fast
// part has a thread of its own, so the KPIs of an edit never queue behind
// the optimizer or the simulations (a lower priority thread pool of two).

#include "compute/evaluation_caches.h"
#include "compute/plan_results.h"
#include "compute/solver_process.h"

#include <QFutureWatcher>
#include <QObject>
#include <QSemaphore>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace fleet::gui {

using ResultsPtr = std::shared_ptr<const PlanResults>;

class RecomputeService : public QObject
{
    Q_OBJECT

public:
    explicit RecomputeService(QObject* parent = nullptr);
    ~RecomputeService() override;

    /// Recompute for this snapshot (scenario "" for the project as stated).
    /// `shown`, when given, is the project with the scenario applied (the
    /// document's): copied, not applied again on the workers.
    void request(const Project& project, const QString& scenario, const Project* shown = nullptr);
    /// The same for a snapshot already shared (not copied again).
    void request(std::shared_ptr<const Project> project, const QString& scenario,
                 std::shared_ptr<const Project> shown = nullptr);
    /// Stops the slow part; its partial results are dropped.
    void cancelSlow();
    /// Runs the slow part now instead of after the settle delay.
    void settleNow();
    void setSettleDelayMs(int ms) { m_settle.setInterval(ms); }
    void setSlowEnabled(bool enabled)
    {
        m_slowEnabled = enabled;
        m_knees->setMeasuring(enabled); // no provisional knee when nothing measures
    }
    /// Seeds each frontier's knee is the median of: the CLI's default
    /// (kDefaultKneeSeeds); tests may run fewer.
    void setKneeSeeds(int seeds) { m_kneeSeeds = seeds; }
    /// The ResultParts the visible views need at once; the others are carried
    /// over from earlier results (none for the first) until inputs settle.
    void setLiveParts(unsigned parts) { m_liveParts = parts; }
    /// The exact solver worker's time limit (default 60 s); past it the
    /// worker is stopped and the failure shown.
    void setSolverTimeLimitMs(int ms) { m_solver.setTimeLimitMs(ms); }
    /// Tests: each optimizer answer waits for one release of `gate` before
    /// it is delivered, so what happens while it runs can be driven step by
    /// step (null: none, the default).
    void setOptimizerGate(std::shared_ptr<QSemaphore> gate) { m_optimizerGate = std::move(gate); }
    /// The worker of the exact solve, for tests (its process id, state).
    const SolverProcess& solver() const { return m_solver; }
    /// The request the exact solve of the latest results sends to the worker
    /// (for exporting the model with a bug report); nullopt before results.
    std::optional<SolveRequest> exactSolveRequest() const;

    ResultsPtr latest() const { return m_latest; }
    /// Shows a packing replay with every later result (until replaced): the
    /// results shown are completed with it (resultsReady; the copy of the
    /// results is made on a thread of the service's, so resultsReady
    /// follows later).
    void setPacking(std::shared_ptr<const PackingReport> packing);
    /// The charts' fans over the input ranges of the project `inputs` (as
    /// projectToJsonText writes it; RangeService): when the results shown
    /// are of it, they are completed with the fans (bandsReady; the copy of
    /// the results is made on a thread of the service's, so bandsReady
    /// follows later). Later results carry them, not current, until the fans
    /// of theirs arrive.
    void setBands(std::shared_ptr<const ChartBands> bands, quint64 inputs);
    bool fastBusy() const { return m_fastRunning || m_pending.has_value(); }
    bool slowBusy() const { return m_slowRunning; }
    /// The optimizer's fast path is running (for tests).
    bool optimizerBusy() const { return m_optimizerRunning; }
    /// How many fast-path runs a newer request stopped before they ended
    /// (their answers are never delivered).
    int optimizerRunsCancelled() const { return m_optimizerRunsCancelled; }
    /// The latest results are of the newest request (the fast part).
    bool upToDate() const { return !fastBusy() && m_shownGeneration == m_generation; }
    /// The generation of the results shown: names their inputs (RangeService).
    quint64 shownGeneration() const { return m_shownGeneration; }
    /// The KPIs shown are of the newest request (they may arrive before its charts).
    bool kpisUpToDate() const { return m_kpisGeneration == m_generation; }
    /// Knees the background frontiers measured this session, by inputs: the
    /// fast part plans on them (docs/MODEL.md, "Planning on the measured knee").
    std::shared_ptr<const MeasuredKnees> measuredKnees() const { return m_knees; }
    /// How many times a knee measured in the background had the same snapshot
    /// planned again on it (for tests).
    int replans() const { return m_replans; }

signals:
    /// A newer request is being computed: what is shown is stale until
    /// kpisReady/resultsReady of it arrive.
    void requested();
    /// The engine's evaluation of the newest request, before its charts'
    /// data (only on projects whose charts take a while, so the KPIs are not
    /// drawn twice per edit): `results` has the evaluation and its KPIs, the
    /// chart data of earlier results.
    void kpisReady(fleet::gui::ResultsPtr results);
    void resultsReady(fleet::gui::ResultsPtr results);
    /// The optimizer's fast path finished for the results shown: only its line changes.
    void optimizerReady(fleet::gui::ResultsPtr results);
    /// The results shown, with their charts' fans (setBands): only the fanned charts change.
    void bandsReady(fleet::gui::ResultsPtr results);
    void slowStarted();
    void slowProgress(double fraction);
    void slowFinished(bool cancelled);

private:
    struct Request
    {
        std::shared_ptr<const Project> project;
        QString scenario;
        std::shared_ptr<const Project> shown; ///< `project` with `scenario` applied, if known
        quint64 generation = 0;
        unsigned parts = 0;
    };
    void startFast(Request request);
    void startOptimizer(Request request);
    void fastDone();
    void startSlow();
    void slowDone();
    void exactDone();
    void finishSlow();
    void reportSlowProgress();
    void optimizerDone();
    void kpisDone(quint64 generation, ResultsPtr results);
    void exactRequestDone();
    /// The slow part's every chart's data, before its simulations end.
    void chartsDone(quint64 generation, std::shared_ptr<PlanResults> charts);

    /// The fast path's answer, or why its model was refused; `results` is
    /// the results it was started beside with the answer set (copied on the
    /// optimizer's thread), null when the answer came too late for them.
    struct OptimizerAnswer
    {
        std::optional<RegimeMixResult> result;
        std::string refusal;
        ResultsPtr base;
        ResultsPtr results;
        bool cancelled = false; ///< stopped early by a newer request
    };

    /// What the results shown are completed with after they are shown: the
    /// charts' fans (setBands), the optimizer's answer when the results
    /// shown changed while it ran (optimizerDone), a packing replay
    /// (setPacking). Each is set on a copy of the results shown, made on
    /// m_amendPool: the copy (two projects, the evaluation, every chart's
    /// data) took 10 ms of CPU, 16 ms on the clock, of the GUI thread at
    /// 1,000 workloads with ranges (tests/bench/bench_results_copy.cpp).
    struct Amendment
    {
        enum class Kind
        {
            Bands,     ///< bandsReady
            Optimizer, ///< optimizerReady
            Packing,   ///< resultsReady
        } kind;
        std::shared_ptr<const ChartBands> bands = {};
        std::shared_ptr<const OptimizerAnswer> answer = {};
        std::shared_ptr<const PackingReport> packing = {};
        quint64 inputs = 0; ///< the generation the fans or the answer are of

        bool operator==(const Amendment&) const = default;
    };
    /// Completes the results shown with `amendment` off the GUI thread,
    /// unless they have it, it is superseded, or it is being done already.
    void amendShown(const Amendment& amendment);
    /// Back on the GUI thread with `results`, a copy of `base` with
    /// `amendment`: shown (in the order the copies were started) if `base`
    /// still is and the amendment still applies; when the results shown
    /// changed meanwhile, they are completed with it instead.
    void amendCopied(const ResultsPtr& base, const Amendment& amendment,
                     std::shared_ptr<PlanResults> results);
    /// The results shown lack `amendment`, and nothing newer superseded it.
    bool stillWanted(const Amendment& amendment) const;

    /// Its results are the watcher's alone once finished: completed in place, not copied.
    QFutureWatcher<std::shared_ptr<PlanResults>> m_fast;
    QFutureWatcher<std::shared_ptr<PlanResults>> m_slow;
    QFutureWatcher<std::shared_ptr<OptimizerAnswer>> m_optimizer;
    /// The exact solve's request as JSON, written on a background thread.
    QFutureWatcher<QByteArray> m_exactRequest;
    SolverProcess m_solver;
    quint64 m_optimizerGeneration = 0;
    /// The newest answer (its `base` and `results` let go of), shared with
    /// the copy that completes the results shown with it.
    std::shared_ptr<const OptimizerAnswer> m_optimizerResult;
    quint64 m_optimizerResultGeneration = 0;
    std::optional<Request> m_pending;
    // Our own "running" flags, cleared only when the watcher's finished()
    // arrives: a new future is never set on a watcher whose finished() is
    // still on its way (QFutureWatcher can drop it for the new future).
    bool m_fastRunning = false;
    bool m_slowRunning = false;
    bool m_simulationsRunning = false;          ///< the slow part's thread (frontiers)
    bool m_exactRunning = false;                ///< the slow part's worker process
    bool m_exactSkipped = false;                ///< cancelled before its worker started
    double m_simulationsDone = 0;               ///< 0–1, of the slow part's thread
    std::shared_ptr<PlanResults> m_slowResults; ///< the thread's results, waiting for the worker
    bool m_optimizerRunning = false;
    /// Raised when the fast path running is superseded: it stops between phases.
    std::shared_ptr<std::atomic<bool>> m_optimizerCancel;
    std::shared_ptr<QSemaphore> m_optimizerGate; ///< tests only (setOptimizerGate)
    int m_optimizerRunsCancelled = 0;
    std::optional<Request> m_optimizerPending;
    quint64 m_generation = 0;      ///< of the newest request
    quint64 m_fastGeneration = 0;  ///< of the fast job running
    quint64 m_slowGeneration = 0;  ///< of the slow job running
    quint64 m_shownGeneration = 0; ///< of m_latest
    quint64 m_kpisGeneration = 0;  ///< of the KPIs shown (kpisReady or resultsReady)
    ResultsPtr m_latest;
    std::shared_ptr<const PackingReport> m_packing;
    QTimer m_settle;
    bool m_slowEnabled = true;
    int m_kneeSeeds = kDefaultKneeSeeds;
    unsigned m_liveParts = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    /// Raised when the fast job running is superseded by a newer request.
    std::shared_ptr<std::atomic<bool>> m_fastCancel;
    /// The fast part's evaluations between requests (one fast job at a time uses them).
    std::shared_ptr<EvaluationCaches> m_caches = std::make_shared<EvaluationCaches>();
    /// Knees of the frontiers simulated this session, by the inputs they were simulated on.
    std::shared_ptr<MeasuredKnees> m_knees = std::make_shared<MeasuredKnees>();
    /// The last frontiers simulated and what they were simulated on: planning
    /// a snapshot again on its knee does not simulate it again.
    struct FrontierMemo
    {
        std::mutex mutex;
        std::string inputs;
        std::vector<Frontier> frontiers;
        std::vector<KneeSpread> spreads;
        int seeds = 0;
    };
    std::shared_ptr<FrontierMemo> m_frontierMemo = std::make_shared<FrontierMemo>();
    /// The newest request, to plan again on a knee measured for it.
    std::optional<Request> m_lastRequest;
    int m_replans = 0;
    /// The fast part's one thread; the optimizer's and the slow part's two,
    /// at a lower priority (threads.h) so the KPIs and the GUI come first.
    QThreadPool m_fastPool;
    QThreadPool m_backgroundPool;
    /// The copies of the results shown that amendments complete, one at a
    /// time in the order they were started; and those under way, with the
    /// results each copies.
    QThreadPool m_amendPool;
    std::vector<std::pair<ResultsPtr, Amendment>> m_amending;
};

} // namespace fleet::gui
