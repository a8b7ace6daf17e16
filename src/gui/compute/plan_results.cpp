#include "compute/plan_results.h"

#include "compute/evaluation_caches.h"
#include "engine/evaluate.h"
#include "engine/range_tornado.h"
#include "simulate/project_jobs.h"
#include "simulate/project_knee.h"
#include "store/project_json.h"

namespace fleet::gui {

namespace {

void computeWith(PlanResults& results, const Project& project, const std::string& scenario,
                 Kpi tornadoKpi, unsigned parts, EvaluationCaches* caches, const PlanSteps* steps,
                 const Project* scenarioApplied, std::shared_ptr<const MeasuredKnees> knees)
{
    results.scenario = scenario;
    results.knees = std::move(knees);
    // Each on the ceiling it is planned on (docs/MODEL.md, "Planning on the measured knee").
    const PlannedCeiling baseCeiling = plannedCeiling(project, nullptr, results.knees.get());
    results.baseProject = onPlannedCeiling(project, baseCeiling);
    results.ceiling = baseCeiling;
    bool applied = false;
    if (!scenario.empty()) {
        // Applied already (the document's), or through the project's JSON.
        std::optional<Project> withScenario;
        if (scenarioApplied)
            withScenario = *scenarioApplied;
        else if (auto fromJson = applyScenario(project, scenario))
            withScenario = std::move(fromJson).value();
        if (withScenario) {
            results.ceiling = plannedCeiling(*withScenario, &project, results.knees.get());
            results.project = onPlannedCeiling(std::move(*withScenario), results.ceiling);
            applied = true;
        }
    }
    if (!applied)
        results.project = results.baseProject;
    if (applied)
        results.baselineKpis =
            (caches ? caches->base.evaluate(results.baseProject) : evaluate(results.baseProject))
                .kpis;
    results.evaluation =
        caches ? caches->shown.evaluate(results.project) : evaluate(results.project);
    if (steps && steps->evaluated)
        steps->evaluated(results);
    if (steps && steps->cancelled())
        return;
    results.costPerOutputToken =
        costPerToken(results.project, results.evaluation, WorkloadKind::Inference);
    results.costPerTrainingToken =
        costPerToken(results.project, results.evaluation, WorkloadKind::Training);
    results.regimeMix = regimeMix(results.project, results.evaluation);
    results.breakEven = breakEven(results.project, results.evaluation);
    completePlanResults(results, parts, tornadoKpi, steps ? steps->cancel : nullptr);
}

} // namespace

PlanResults computePlanResults(const Project& project, const std::string& scenario, Kpi tornadoKpi,
                               unsigned parts, std::shared_ptr<const MeasuredKnees> knees)
{
    PlanResults results;
    computeWith(results, project, scenario, tornadoKpi, parts, nullptr, nullptr, nullptr,
                std::move(knees));
    return results;
}

void computePlanResults(PlanResults& results, const Project& project, const std::string& scenario,
                        Kpi tornadoKpi, unsigned parts, EvaluationCaches& caches,
                        const PlanSteps* steps, const Project* scenarioApplied,
                        std::shared_ptr<const MeasuredKnees> knees)
{
    computeWith(results, project, scenario, tornadoKpi, parts, &caches, steps, scenarioApplied,
                std::move(knees));
}

void completePlanResults(PlanResults& results, unsigned parts, Kpi tornadoKpi,
                         const std::atomic<bool>* cancel)
{
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    const unsigned missing = parts & ~results.parts;
    if ((missing & PartCostCurve) && !cancelled())
        results.costCurve = costCurve(results.project);
    if ((missing & PartTornado) && !cancelled()) {
        // With input ranges: each over its own range, ranked by its share of
        // the variance (engine/range_tornado.h); else every input ±10 %.
        if (!results.project.ranges.empty()) {
            RangeOptions options;
            options.draws = kRangeTornadoDraws;
            options.cancel = cancel;
            results.tornado = rangeTornado(results.project, tornadoKpi, options);
        } else {
            results.tornado = tornado(results.project, tornadoKpi, 0.1);
        }
    }
    if ((missing & PartScenarios) && !cancelled()) {
        // The scenarios of the project as stated (the snapshot may have one applied).
        const Project& base = results.baseProject;
        results.scenarios.clear();
        results.scenarios.push_back(
            {"Baseline", results.baselineKpis ? *results.baselineKpis : results.evaluation.kpis});
        for (const Scenario& s : base.scenarios) {
            if (cancelled())
                return; // incomplete: its parts stay unset
            // On its own planned ceiling (the base is on its own already).
            auto applied = applyScenario(base, s.id);
            if (applied) {
                const PlannedCeiling ceiling =
                    plannedCeiling(applied.value(), &base, results.knees.get());
                results.scenarios.push_back(
                    {s.name, evaluate(onPlannedCeiling(std::move(applied).value(), ceiling)).kpis});
            }
        }
    }
    if (!cancelled())
        results.parts |= parts;
}

std::vector<Frontier> computeFrontiers(const Project& project, const Evaluation& evaluation,
                                       const std::atomic<bool>* cancel,
                                       const std::function<void(double)>& progress, int seeds,
                                       std::vector<KneeSpread>* spreads)
{
    std::vector<Frontier> frontiers;
    if (spreads)
        spreads->clear();
    const ProjectCluster cluster = projectCluster(project, evaluation);
    if (cluster.nominalLoad <= 0)
        return frontiers;
    const std::vector<double> loads = defaultProjectLoads();
    const PlacementPolicy policies[] = {PlacementPolicy::Naive, PlacementPolicy::TopologyAware,
                                        PlacementPolicy::PredictivePreemption};
    const double runs = double(std::size(policies)) * seeds;
    for (std::size_t i = 0; i < std::size(policies); ++i) {
        if (cancel && cancel->load())
            break;
        SeededFrontier seeded = seededProjectFrontier(
            project, evaluation, cluster, policies[i], loads, kDefaultSimulationDays,
            kDefaultSimulationSeed, seeds, kMaxSimulatedJobs, true, nullptr, [&](int done) {
                if (progress)
                    progress((double(i) * seeds + done) / runs);
                return !(cancel && cancel->load());
            });
        frontiers.push_back(std::move(seeded.frontier));
        if (spreads)
            spreads->push_back(std::move(seeded.spread));
    }
    return frontiers;
}

std::vector<Frontier> computeFrontiers(const PlanResults& results, const std::atomic<bool>* cancel,
                                       const std::function<void(double)>& progress, int seeds,
                                       std::vector<KneeSpread>* spreads)
{
    if (!results.ceiling.onMeasured())
        return computeFrontiers(results.project, results.evaluation, cancel, progress, seeds,
                                spreads);
    Project stated = results.project;
    stated.scheduler.utilizationCeiling[std::size_t(results.ceiling.policy)] =
        results.ceiling.assumed;
    const Evaluation evaluation = evaluate(stated);
    return computeFrontiers(stated, evaluation, cancel, progress, seeds, spreads);
}

} // namespace fleet::gui
