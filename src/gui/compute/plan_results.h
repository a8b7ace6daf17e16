#pragma once

// Everything the views show for one project snapshot: the evaluation, its
// KPIs against the baseline scenario, and the data of every chart. Computed
// off the GUI thread (RecomputeService) and by `fleetplanner-cli chart`, from
// the same engine functions; no widgets here.

#include "compute/packing_report.h"
#include "engine/chart_data.h"
#include "engine/evaluation.h"
#include "engine/range_curve.h"
#include "engine/sensitivity.h"
#include "optimize/regime_mix.h"
#include "simulate/frontier.h"
#include "simulate/knee_spread.h"
#include "simulate/planned_ceiling.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fleet::gui {

/// The parts of the results that cost more than the engine itself: a live
/// drag computes only the one the visible chart needs; the rest follow when
/// inputs settle.
enum ResultPart : unsigned
{
    PartTornado = 1,   ///< 14 inputs × 2 evaluations
    PartCostCurve = 2, ///< 21 × 2 evaluations
    PartScenarios = 4, ///< one evaluation per scenario
    PartAll = 7
};

/// The exact solver's worker process failed on a snapshot: it died (a
/// signal, an abort in solver code), exited with an error, hung past its time
/// limit or answered something else than a reply.
struct ExactSolverFailure
{
    std::string reason;     ///< "killed by signal SIGABRT (Aborted)", "no answer within 60 s", …
    std::string stderrTail; ///< its last lines on stderr (an assertion's message, say)
};

struct PlanResults
{
    /// The snapshot (scenario applied) these results are of, on the
    /// utilization ceiling it is planned on (`ceiling`; onPlannedCeiling()).
    Project project;
    Project baseProject; ///< the same without the scenario (on its own planned ceiling)
    /// The ceiling `project` is planned on: the measured knee of its inputs
    /// unless pinned or not measured, and the assumed one (docs/MODEL.md,
    /// "Planning on the measured knee").
    PlannedCeiling ceiling;
    /// Knees simulated this session (the app's RecomputeService), which the
    /// scenarios' evaluations plan on too; null outside the app.
    std::shared_ptr<const MeasuredKnees> knees;
    /// Set by the slow part: the knee it measured for these inputs, when the
    /// results are not planned on it (the service plans them again on it).
    std::optional<double> replanOnKnee;
    /// Set by the slow part: planned on a provisional knee (of other
    /// inputs), and these inputs' frontier has none: planned again on the
    /// assumed ceiling.
    bool replanOnAssumed = false;
    std::string scenario;
    Evaluation evaluation;
    std::optional<Kpis> baselineKpis;      ///< the project without a scenario, when one is applied
    CostPerTokenData costPerOutputToken;   ///< inference, per million output tokens
    CostPerTokenData costPerTrainingToken; ///< training, per trillion tokens
    RegimeMixData regimeMix;
    BreakEvenData breakEven;
    CostCurveData costCurve;
    Tornado tornado;
    std::vector<ScenarioKpis> scenarios; ///< "Baseline" first, then each scenario
    unsigned parts = 0;                  ///< the ResultParts of this snapshot (others: earlier)
    std::vector<Frontier> frontiers;     ///< empty until simulated
    /// Per frontier, the seeds its knee is the median of (simulate/project_knee.h).
    std::vector<KneeSpread> kneeSpreads;
    bool frontiersCurrent = false; ///< false: of an earlier snapshot, or none
    /// The regime-mix optimizer's answer: the fast path (LP rounded) while
    /// inputs move, the exact solve once they settle.
    std::optional<RegimeMixResult> optimizer;
    /// False while `optimizer` is of an earlier snapshot (kept on screen until
    /// this snapshot's plan arrives).
    bool optimizerCurrent = false;
    /// Why the optimizer gave no plan though it ran: its model was refused
    /// (inconsistent bounds, a solver exception). Empty otherwise.
    std::string optimizerRefusal;
    /// Set when the exact solve failed on this snapshot; `optimizer` keeps
    /// the fast path's answer.
    std::optional<ExactSolverFailure> exactFailure;
    /// A node and pod list replayed on the Packing page (not part of the project).
    std::shared_ptr<const PackingReport> packing;
    /// The cost curve's and cost-per-token charts' fans over the project's
    /// input ranges (engine/range_curve.h): computed after the rest (the
    /// app's RangeService, once inputs settle), null without ranges.
    std::shared_ptr<const ChartBands> bands;
    /// False while `bands` are of an earlier snapshot, or none yet: the
    /// charts then draw no fan and say that it is being computed.
    bool bandsCurrent = false;
    /// The bands of these results to draw, or null (none, or not current).
    const ChartBands* currentBands() const
    {
        return bands && bandsCurrent && !project.ranges.empty() ? bands.get() : nullptr;
    }
};

/// What the fast part tells its caller while it runs, on its own thread.
struct PlanSteps
{
    /// After the engine's evaluation, before the charts' data. The results
    /// passed are those being computed: their inputs (project, baseProject,
    /// scenario), evaluation and baselineKpis are final; the charts' fields
    /// are written after the call returns, on the computing thread.
    std::function<void(const PlanResults&)> evaluated;
    /// Raised: stop at the next step; the results are then incomplete (a
    /// newer snapshot supersedes them).
    const std::atomic<bool>* cancel = nullptr;
    bool cancelled() const { return cancel && cancel->load(); }
};

/// The fast part (engine, sensitivity, scenarios): milliseconds on the sample.
/// Planned on the measured knee when the project holds one of its inputs
/// (measure-ceiling, simulate --apply), or `knees` has one.
PlanResults computePlanResults(const Project& project, const std::string& scenario = {},
                               Kpi tornadoKpi = Kpi::MeanMonthlyCost, unsigned parts = PartAll,
                               std::shared_ptr<const MeasuredKnees> knees = nullptr);

/// Computes the parts of `results` missing from `parts` (for its own
/// snapshot); stops between parts and scenarios when `cancel` is raised.
void completePlanResults(PlanResults& results, unsigned parts,
                         Kpi tornadoKpi = Kpi::MeanMonthlyCost,
                         const std::atomic<bool>* cancel = nullptr);

/// The slow part: the three-policy utilization frontier, each knee the
/// median over `seeds` seeds from kDefaultSimulationSeed as `simulate
/// PROJECT` measures it (tests may run fewer); `spreads`, when given, gets
/// each frontier's seeds. Stops early (and returns what it has) when
/// `cancel` becomes true; `progress` gets 0–1.
std::vector<Frontier> computeFrontiers(const Project& project, const Evaluation& evaluation,
                                       const std::atomic<bool>* cancel = nullptr,
                                       const std::function<void(double)>& progress = {},
                                       int seeds = kDefaultKneeSeeds,
                                       std::vector<KneeSpread>* spreads = nullptr);

} // namespace fleet::gui

namespace fleet::gui {

/// computeFrontiers() of the results' snapshot as stated, on its assumed
/// ceiling (evaluated again when the results are planned on the measured
/// one): what `simulate`, `measure-ceiling` and `evaluate --measure-ceiling`
/// simulate, so the knee measured does not depend on the ceiling planned on.
std::vector<Frontier> computeFrontiers(const PlanResults& results,
                                       const std::atomic<bool>* cancel = nullptr,
                                       const std::function<void(double)>& progress = {},
                                       int seeds = kDefaultKneeSeeds,
                                       std::vector<KneeSpread>* spreads = nullptr);

} // namespace fleet::gui
