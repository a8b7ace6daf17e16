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
                 const Project* scenarioApplied = nullptr)
{
    results.scenario = scenario;
    results.baseProject = project;
    results.project = scenarioApplied && !scenario.empty() ? *scenarioApplied : project;
    if (!scenario.empty()) {
        // Applied already (the document's), or through the project's JSON.
        bool applied = scenarioApplied != nullptr;
        if (!scenarioApplied)
            if (auto withScenario = applyScenario(project, scenario)) {
                results.project = std::move(withScenario).value();
                applied = true;
            }
        if (applied) {
            results.baselineKpis =
                (caches ? caches->base.evaluate(project) : evaluate(project)).kpis;
        }
    }
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
                               unsigned parts)
{
    PlanResults results;
    computeWith(results, project, scenario, tornadoKpi, parts, nullptr, nullptr);
    return results;
}

void computePlanResults(PlanResults& results, const Project& project, const std::string& scenario,
                        Kpi tornadoKpi, unsigned parts, EvaluationCaches& caches,
                        const PlanSteps* steps, const Project* scenarioApplied)
{
    computeWith(results, project, scenario, tornadoKpi, parts, &caches, steps, scenarioApplied);
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
            auto applied = applyScenario(base, s.id);
            if (applied)
                results.scenarios.push_back({s.name, evaluate(applied.value()).kpis});
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

} // namespace fleet::gui
