// Metamorphic relations between the engine, the optimizer, the evaluation
// cache and the file format (issue 27, items 3 and 4): the optimizer's plan
// applied and evaluated, prices scaled through the optimizer, a project
// written and read back, a cached evaluation. The runner and the projects
// are in invariant_cases.h. The optimizer runs its fast path (the LP
// rounded; ./test.sh's budget), and the exact solve on small projects.

#include "engine/evaluation_cache.h"
#include "invariant_cases.h"
#include "optimize/apply_plan.h"
#include "optimize/plan_comparison.h"
#include "optimize/regime_mix.h"
#include "support/fleet_test.h"

using namespace fleet;

namespace fleet::invariants {
namespace {

/// The optimizer's plan for the project (nullopt when it is refused, has no
/// plan, or leaves work unserved: nothing to compare).
std::optional<RegimeMixResult> planFor(const Project& project, bool fast)
{
    OptimizeOptions options;
    options.fastPath = fast;
    options.solve.timeLimitSeconds = 5;
    auto solved = optimizeRegimeMix(project, options);
    if (!solved)
        return std::nullopt;
    RegimeMixResult plan = std::move(solved).value();
    if ((plan.status != SolveStatus::Optimal && plan.status != SolveStatus::Feasible) ||
        plan.assignments.empty() || !plan.unserved.empty())
        return std::nullopt;
    return plan;
}

/// The optimizer's relations run on the generator's usual projects (not
/// the wide ones' extremes) with the fleet sized, so that most have a plan:
/// a fixed fleet's generated pools are mostly too small for their work. The
/// project and its engine evaluation, or nullopt where some work has no option.
struct Sized
{
    Project project;
    Evaluation evaluation;
};
std::optional<Sized> sized(const Case& c, bool small = false)
{
    if (c.wide)
        return std::nullopt;
    Sized s{c.project, {}};
    s.project.fleet.mode = FleetMode::Size;
    // Pins the segment's rules forbid leave a workload unserved, and no plan
    // to compare: the optimizer's relations leave the choices to it.
    for (Workload& w : s.project.workloads)
        w.choice = {};
    if (small) {
        // For the exact solve (CBC): at most four workloads over at most a
        // year, so that it answers in a fraction of a second.
        Project& p = s.project;
        if (p.workloads.size() > 4)
            p.workloads.resize(4);
        p.horizonMonths = std::min(p.horizonMonths, 12);
        for (Workload& w : p.workloads) {
            w.startMonth = std::min(w.startMonth, p.horizonMonths);
            if (w.endMonth > p.horizonMonths)
                w.endMonth = 0;
        }
        p.scenarios.clear(); // they may name a workload left out
    }
    s.evaluation = evaluate(s.project);
    if (!servesAll(s.evaluation))
        return std::nullopt;
    return s;
}

// --- the relations -------------------------------------------------------------

// One answer: the engine costs the optimizer's plan, written into the project
// (solve --apply), within 0.1 % of what the optimizer said it costs.
Outcome appliedPlanCostsWhatSolveSaid(const Case& c)
{
    const auto s = sized(c);
    const auto plan = s ? planFor(s->project, true) : std::nullopt;
    if (!plan)
        return notApplicable();
    const Evaluation applied = evaluate(applyPlan(s->project, *plan));
    const PlanComparison cmp = comparePlans(applied, *plan);
    if (!near(cmp.engineCostUsd, plan->costUsd, 1e-3, 1))
        return broken("solve says $%.2f, evaluate of its plan $%.2f (%+.3f %%)", plan->costUsd,
                      cmp.engineCostUsd, 100 * (cmp.engineCostUsd / plan->costUsd - 1));
    return holds();
}

// The optimizer searches a set that holds the engine's choices: its plan,
// applied, never costs more than the engine's own (0.1 % for rounding).
Outcome appliedPlanNeverCostsMore(const Case& c)
{
    const auto s = sized(c);
    const auto plan = s ? planFor(s->project, true) : std::nullopt;
    if (!plan)
        return notApplicable();
    const double engine = s->evaluation.kpis.totalCostUsd;
    const double applied = evaluate(applyPlan(s->project, *plan)).kpis.totalCostUsd;
    if (!atMost(applied, engine, 1e-3, 1))
        return broken("engine's choices $%.2f, the plan applied $%.2f (%+.3f %%)", engine, applied,
                      100 * (applied / engine - 1));
    return holds();
}

// The exact solve's plan is optimal over a set that holds the engine's
// choices: it never costs more than they do (issue 27, item 3).
Outcome exactSolveNeverAboveEngine(const Case& c)
{
    const auto s = sized(c, true);
    const auto plan = s ? planFor(s->project, false) : std::nullopt;
    if (!plan)
        return notApplicable();
    const double engine = s->evaluation.kpis.totalCostUsd;
    if (!atMost(plan->costUsd, engine, 1e-3, 1))
        return broken("engine's choices $%.2f, exact solve $%.2f (%+.3f %%, bound $%.2f)", engine,
                      plan->costUsd, 100 * (plan->costUsd / engine - 1), plan->bestBoundUsd);
    return holds();
}

// A lower bound is below every feasible plan, the engine's choices among them.
Outcome solveBoundNeverAboveEngine(const Case& c)
{
    const auto s = sized(c, true);
    const auto plan = s ? planFor(s->project, false) : std::nullopt;
    if (!plan)
        return notApplicable();
    const double engine = s->evaluation.kpis.totalCostUsd;
    if (!atMost(plan->bestBoundUsd, engine, 1e-3, 1) ||
        !atMost(plan->bestBoundUsd, plan->objectiveUsd, 1e-6, 1))
        return broken("bound $%.2f, plan $%.2f, engine's choices $%.2f", plan->bestBoundUsd,
                      plan->objectiveUsd, engine);
    return holds();
}

// The optimizer's objective is linear in prices: × 4 (exact in binary)
// scales its cost by 4 and cannot reorder its choices.
Outcome pricesScaleTheOptimizer(const Case& c)
{
    const auto s = sized(c);
    const auto plan = s ? planFor(s->project, true) : std::nullopt;
    if (!plan)
        return notApplicable();
    const auto scaled = planFor(pricesTimes(s->project, 4), true);
    if (!scaled)
        return broken("no plan at prices × 4 (a plan at $%.2f before)", plan->costUsd);
    if (!near(scaled->costUsd, 4 * plan->costUsd, 1e-6, 1e-2))
        return broken("plan $%.2f × 4 = $%.2f, but $%.2f at prices × 4", plan->costUsd,
                      4 * plan->costUsd, scaled->costUsd);
    return holds();
}

// Applying a plan pins every served workload to it: applying the plan of the
// applied project again changes nothing (the plan is a fixed point).
Outcome appliedPlanIsAFixedPoint(const Case& c)
{
    const auto s = sized(c);
    const auto plan = s ? planFor(s->project, true) : std::nullopt;
    if (!plan)
        return notApplicable();
    const Project once = applyPlan(s->project, *plan);
    const Evaluation first = evaluate(once);
    const auto again = planFor(once, true);
    if (!again)
        return broken("no plan for the applied project (the plan cost $%.2f)", plan->costUsd);
    const double twice = evaluate(applyPlan(once, *again)).kpis.totalCostUsd;
    if (!atMost(twice, first.kpis.totalCostUsd, 1e-3, 1))
        return broken("applied once $%.2f, twice $%.2f", first.kpis.totalCostUsd, twice);
    return holds();
}

// The file is the project: written and read back, it is the same text and
// evaluates to the same figures, bit for bit.
Outcome jsonRoundTripChangesNothing(const Case& c)
{
    const std::string text = projectToJsonText(c.project);
    std::string why;
    const auto back = reread(c.project, &why);
    if (!back)
        return broken("written, then refused on reading: %s", why.c_str());
    if (projectToJsonText(*back) != text)
        return broken("written and read back, the text differs");
    if (test::text(evaluate(*back)) != test::text(c.evaluation()))
        return broken("written and read back, the evaluation differs");
    return holds();
}

/// One cache carried across every project the relation sees, as the app
/// carries one across files and scenarios.
EvaluationCache& sharedCache()
{
    static EvaluationCache cache;
    return cache;
}

// A cached evaluation is evaluate()'s, whatever the cache saw before: the
// previous project, an edit of one workload, a scenario, and back.
Outcome cacheAgreesWithEvaluate(const Case& c)
{
    EvaluationCache& cache = sharedCache();
    const std::string full = test::text(c.evaluation());
    if (test::text(cache.evaluate(c.project)) != full)
        return broken("cached evaluation differs after another project");
    if (!c.project.workloads.empty()) {
        Project edited = c.project;
        Workload& w = edited.workloads[c.seed % edited.workloads.size()];
        std::visit(
            [](auto& s) {
                using S = std::decay_t<decltype(s)>;
                if constexpr (std::is_same_v<S, TrainingSpec>)
                    s.tokensPerRun *= 1.5;
                else if constexpr (std::is_same_v<S, InferenceSpec>)
                    s.requestsPerSecond *= 1.5;
                else if constexpr (std::is_same_v<S, NotebookSpec>)
                    s.users += 3;
                else
                    s.gpuHoursPerMonth *= 1.5;
            },
            w.spec);
        if (test::text(cache.evaluate(edited)) != test::text(evaluate(edited)))
            return broken("cached evaluation differs after %s was edited", w.id.c_str());
    }
    for (const Scenario& s : c.project.scenarios) {
        auto applied = applyScenario(c.project, s.id);
        if (applied &&
            test::text(cache.evaluate(applied.value())) != test::text(evaluate(applied.value())))
            return broken("cached evaluation of scenario %s differs", s.id.c_str());
    }
    if (test::text(cache.evaluate(c.project)) != full)
        return broken("cached evaluation differs on coming back to the baseline");
    return holds();
}

} // namespace
} // namespace fleet::invariants

class TestInvariantsPlans : public QObject
{
    Q_OBJECT
    invariants::Cases m_cases;

private slots:
    void appliedPlanCostsWhatSolveSaid()
    {
        FLEET_CHECK_RELATION(m_cases, appliedPlanCostsWhatSolveSaid);
    }
    void appliedPlanNeverCostsMore() { FLEET_CHECK_RELATION(m_cases, appliedPlanNeverCostsMore); }
    void exactSolveNeverAboveEngine() { FLEET_CHECK_RELATION(m_cases, exactSolveNeverAboveEngine); }
    void solveBoundNeverAboveEngine() { FLEET_CHECK_RELATION(m_cases, solveBoundNeverAboveEngine); }
    void pricesScaleTheOptimizer() { FLEET_CHECK_RELATION(m_cases, pricesScaleTheOptimizer); }
    void appliedPlanIsAFixedPoint() { FLEET_CHECK_RELATION(m_cases, appliedPlanIsAFixedPoint); }
    void jsonRoundTripChangesNothing()
    {
        FLEET_CHECK_RELATION(m_cases, jsonRoundTripChangesNothing);
    }
    void cacheAgreesWithEvaluate() { FLEET_CHECK_RELATION(m_cases, cacheAgreesWithEvaluate); }
};

FLEET_TEST_MAIN(TestInvariantsPlans)
#include "test_invariants_plans.moc"
