#include "optimize/regime_mix.h"

#include "engine/evaluate.h"
#include "engine/options.h"
#include "engine/regime_network.h"
#include "engine/service_overflow.h"
#include "optimize/column_generation.h"
#include "optimize/infeasibility.h"
#include "optimize/partition_layouts.h"
#include "optimize/regime_mix_model.h"
#include "optimize/rounding.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace fleet {

namespace {

/// Whole GPUs at once of a column's value: integer columns as solved,
/// GPUs rented by the hour rounded up.
int wholeGpus(double value)
{
    return int(std::ceil(value - 1e-6));
}

/// Splits each month's GPUs of a model over regimes and plans for reporting:
/// committed GPUs are interchangeable between regimes, so any split that adds
/// up is the plan; committed plans are handed to regimes in catalog order.
/// GPUs rented by the hour go to the regimes that rent them, each with its
/// fraction (PoolCount::gpus) and its whole GPUs at once.
std::vector<PoolCount>
splitPools(const Model& model, const MilpSolution& solution,
           const std::map<std::pair<std::string, int>, int>& partitionGpus,
           const std::map<std::pair<std::string, int>, double>& flexPartition)
{
    const auto value = [&](int column) { return solution.values[std::size_t(column)]; };
    std::vector<PoolCount> pools;
    std::map<std::pair<std::string, int>, std::vector<std::pair<RegimeKind, int>>> regimeCounts;
    for (const RegimeColumn& rc : model.regimes) {
        const int count = int(std::lround(value(rc.column)));
        if (count > 0)
            regimeCounts[{rc.gpuId, rc.month}].emplace_back(rc.regime, count);
    }
    for (const auto& [key, count] : partitionGpus)
        if (count > 0)
            regimeCounts[key].emplace_back(RegimeKind::Partition, count);
    std::map<std::pair<std::string, int>, std::vector<std::pair<RegimeKind, double>>> rented;
    for (const RegimeColumn& rc : model.flexRegimes)
        if (value(rc.column) > 1e-9)
            rented[{rc.gpuId, rc.month}].emplace_back(rc.regime, value(rc.column));
    for (const auto& [key, gpus] : flexPartition)
        if (gpus > 1e-9)
            rented[key].emplace_back(RegimeKind::Partition, gpus);
    std::map<std::pair<std::string, int>, std::vector<std::pair<Plan, int>>> planCounts;
    for (const PlanColumn& pc : model.plans) {
        if (!isCommitted(pc.plan)) {
            // The on-demand GPUs each regime rents; what no regime rents (none
            // at an optimum) is listed without one.
            double left = value(pc.column);
            for (const auto& [regime, gpus] : rented[{pc.gpuId, pc.month}]) {
                const double take = std::min(left, gpus);
                if (take > 1e-9)
                    pools.push_back({pc.gpuId, regime, pc.plan, pc.month, wholeGpus(take), take});
                left -= take;
            }
            rented[{pc.gpuId, pc.month}].clear();
            if (left > 1e-6)
                pools.push_back({pc.gpuId, std::nullopt, pc.plan, pc.month, wholeGpus(left), left});
            continue;
        }
        const int count = int(std::lround(value(pc.column)));
        if (count > 0)
            planCounts[{pc.gpuId, pc.month}].emplace_back(pc.plan, count);
    }
    for (auto& [key, plans] : planCounts) {
        std::size_t p = 0;
        for (auto [regime, needed] : regimeCounts[key]) {
            while (needed > 0 && p < plans.size()) {
                const int take = std::min(needed, plans[p].second);
                pools.push_back(
                    {key.first, regime, plans[p].first, key.second, take, double(take)});
                needed -= take;
                plans[p].second -= take;
                if (plans[p].second == 0)
                    ++p;
            }
        }
        for (; p < plans.size(); ++p)
            if (plans[p].second > 0)
                pools.push_back({key.first, std::nullopt, plans[p].first, key.second,
                                 plans[p].second, double(plans[p].second)});
    }
    return pools;
}

void readSolution(const Project& project, const Model& model, const MilpSolution& solution,
                  Objective objective, RegimeMixResult& result)
{
    for (const WorkloadOptions& entry : model.workloads) {
        bool served = false;
        for (const OptionColumn& oc : entry.columns)
            if (solution.values[std::size_t(oc.column)] > 0.5) {
                result.assignments.push_back({entry.workload->id, oc.option->gpuId,
                                              oc.option->regime, oc.option->profile, oc.onSpot});
                if (objective == Objective::Margin)
                    result.revenueUsd += revenueOf(project, *entry.workload, *oc.option);
                const double networkUsd = networkTotalCostUsd(project, *oc.option);
                result.costUsd += overflowTotalCostUsd(project, *oc.option) + networkUsd;
                result.networkUsd += networkUsd;
                served = true;
            }
        if (!served)
            result.unserved.push_back(entry.workload->id);
    }
    std::map<std::pair<std::string, Plan>, double> costs;
    std::vector<PlanColumn> priced = model.plans;
    priced.insert(priced.end(), model.spot.begin(), model.spot.end());
    for (const PlanColumn& pc : priced) {
        // Committed GPUs whole; GPUs rented by the hour to the fraction.
        const double gpus = model.milp.columns[std::size_t(pc.column)].integer
                                ? double(std::lround(solution.values[std::size_t(pc.column)]))
                                : std::max(0.0, solution.values[std::size_t(pc.column)]);
        const double usd = gpus * kHoursPerMonth * pc.usdPerGpuHour;
        costs[{pc.gpuId, pc.plan}] += usd;
        result.costUsd += usd;
    }
    // Services and notebooks on on-demand GPUs pay their mean hours.
    for (const ElasticColumn& ec : model.elastic) {
        const double usd = solution.values[std::size_t(ec.column)] *
                           model.milp.columns[std::size_t(ec.column)].objective;
        costs[{ec.gpuId, ec.plan}] += usd;
        result.costUsd += usd;
        result.elasticSavingUsd -= usd;
    }
    for (const auto& [key, usd] : costs)
        if (usd > 0)
            result.costBreakdown.push_back({key.first, key.second, usd});
    std::map<std::pair<std::string, int>, int> partitionGpus;
    for (const LayoutColumn& lc : model.layouts) {
        const int count = int(std::lround(solution.values[std::size_t(lc.column)]));
        if (count <= 0)
            continue;
        LayoutCount layout{lc.gpuId, lc.month, lc.layout->name, {}, count};
        for (const auto& [profile, instances] : lc.layout->instances)
            for (int i = 0; i < instances; ++i)
                layout.profiles.push_back(profile);
        result.layouts.push_back(std::move(layout));
        partitionGpus[{lc.gpuId, lc.month}] += count;
    }
    // On-demand GPUs laid out: counted with the layout's GPUs, whole GPUs at once.
    std::map<std::pair<std::string, int>, double> flexPartition;
    for (const LayoutColumn& lc : model.flexLayouts) {
        const double gpus = solution.values[std::size_t(lc.column)];
        if (gpus <= 1e-9)
            continue;
        flexPartition[{lc.gpuId, lc.month}] += gpus;
        const auto same =
            std::find_if(result.layouts.begin(), result.layouts.end(), [&](const LayoutCount& l) {
                return l.gpuId == lc.gpuId && l.month == lc.month && l.layout == lc.layout->name;
            });
        if (same != result.layouts.end()) {
            same->count += wholeGpus(gpus);
            continue;
        }
        LayoutCount layout{lc.gpuId, lc.month, lc.layout->name, {}, wholeGpus(gpus)};
        for (const auto& [profile, instances] : lc.layout->instances)
            for (int i = 0; i < instances; ++i)
                layout.profiles.push_back(profile);
        result.layouts.push_back(std::move(layout));
    }
    result.pools = splitPools(model, solution, partitionGpus, flexPartition);
    for (const RegimeColumn& rc : model.spotRegimes)
        if (const double gpus = solution.values[std::size_t(rc.column)]; gpus > 1e-9)
            result.pools.push_back(
                {rc.gpuId, rc.regime, Plan::Spot, rc.month, wholeGpus(gpus), gpus});
}

/// The value of one more GPU per model: the LP of the model with every
/// workload's choice fixed as solved, solved again with one more GPU in each
/// of the model's pools; the largest saving is that model's value (0 where
/// the fleet's limits do not bind). A direct difference rather than a reduced
/// cost, which the reserved-term rows would spread over the months.
Result<std::vector<std::pair<std::string, double>>> marginalGpuValues(const Project& project,
                                                                      const Model& model,
                                                                      const MilpSolution& solution,
                                                                      Objective objective)
{
    std::vector<std::pair<std::string, double>> values;
    if (project.fleet.mode != FleetMode::Fixed)
        return values;
    Milp fixed = model.milp;
    for (const WorkloadOptions& entry : model.workloads)
        for (const OptionColumn& oc : entry.columns) {
            const double value = std::round(solution.values[std::size_t(oc.column)]);
            fixed.columns[std::size_t(oc.column)].lower = value;
            fixed.columns[std::size_t(oc.column)].upper = value;
        }
    SolveOptions lpOptions;
    lpOptions.relaxation = true;
    const auto solvedBase = solveRelaxation(model, fixed, lpOptions);
    if (!solvedBase)
        return solvedBase.error();
    const MilpSolution& base = solvedBase.value();
    const double sign = objective == Objective::Margin ? -1.0 : 1.0;
    for (const GpuModel* gpu : candidateGpus(project)) {
        double best = 0.0;
        std::map<Plan, bool> plans;
        for (const PlanColumn& pc : model.plans)
            if (pc.gpuId == gpu->id)
                plans[pc.plan] = true;
        for (const auto& [plan, present] : plans) {
            Milp more = fixed;
            for (const PlanColumn& pc : model.plans)
                if (pc.gpuId == gpu->id && pc.plan == plan)
                    more.columns[std::size_t(pc.column)].upper += 1.0;
            const auto solved = solveRelaxation(model, more, lpOptions);
            if (!solved)
                return solved.error();
            const MilpSolution& relaxed = solved.value();
            if (base.status == SolveStatus::Optimal && relaxed.status == SolveStatus::Optimal)
                best = std::max(best, sign * (base.objective - relaxed.objective));
        }
        values.emplace_back(gpu->id, best);
    }
    return values;
}

/// Above this many option columns the exact path first solves the model
/// restricted to the options the LP relaxation uses or nearly uses.
constexpr std::size_t kRestrictAbove = 150;

std::size_t optionColumns(const Model& model)
{
    std::size_t count = 0;
    for (const WorkloadOptions& entry : model.workloads)
        count += entry.columns.size();
    return count;
}

/// Price-and-branch: the MILP over each workload's options the LP relaxation
/// uses (x > 0) and its few cheapest by reduced cost. Its plan is feasible for
/// the whole model, and the whole model's LP bound stays a valid bound, so the
/// gap reported against it is honest. When the restricted plan is not within
/// the gap target, the whole model is solved from it.
/// A solve stopped with only its start plan (milp.cpp: the child was
/// killed) has no bound of its own: the whole model's LP bound is one.
void boundStoppedPlan(MilpSolution& solution, double lpBound)
{
    if (solution.status != SolveStatus::Stopped || solution.values.empty() ||
        solution.bestBound > -kMilpInfinity / 2)
        return;
    solution.bestBound = lpBound;
    solution.gap =
        std::abs(solution.objective - lpBound) / std::max(1e-9, std::abs(solution.objective));
}

Result<MilpSolution> solveRestricted(const Project& project, const Model& model,
                                     const MilpSolution& lp,
                                     const std::optional<std::vector<double>>& rounded,
                                     const OptimizeOptions& options)
{
    constexpr std::size_t kCheapestKept = 3;
    std::vector<WorkloadOptions> kept;
    for (const WorkloadOptions& entry : model.workloads) {
        std::vector<std::pair<double, std::size_t>> byReducedCost;
        for (std::size_t i = 0; i < entry.columns.size(); ++i)
            byReducedCost.emplace_back(lp.reducedCosts[std::size_t(entry.columns[i].column)], i);
        std::sort(byReducedCost.begin(), byReducedCost.end());
        WorkloadOptions restricted;
        restricted.workload = entry.workload;
        // An option has a column per way of running it (on spot GPUs or
        // not): kept once, or the restricted model holds two columns of one
        // name, which CBC 2.10.8 reads into a crash (issue 13).
        std::set<const OptionResult*> taken;
        for (std::size_t rank = 0; rank < byReducedCost.size(); ++rank) {
            const std::size_t i = byReducedCost[rank].second;
            if ((rank < kCheapestKept || lp.values[std::size_t(entry.columns[i].column)] > 1e-6) &&
                taken.insert(entry.columns[i].option).second)
                restricted.options.push_back(*entry.columns[i].option);
        }
        kept.push_back(std::move(restricted));
    }
    const Objective objective = options.objective;
    const Model small = buildRegimeMixModel(project, objective, std::move(kept));
    SolveOptions lpOptions = options.solve;
    lpOptions.relaxation = true;
    const auto solvedSmallLp = solveRelaxation(small, small.milp, lpOptions);
    if (!solvedSmallLp)
        return solvedSmallLp.error();
    const MilpSolution& smallLp = solvedSmallLp.value();
    SolveOptions exact = options.solve;
    if (!smallLp.values.empty())
        if (auto start = roundLpSolution(project, small, smallLp.values, objective))
            exact.start = *start;
    // Half the time for the restricted model; the rest, if it finds nothing,
    // for the whole model from the rounded plan.
    exact.timeLimitSeconds = options.solve.timeLimitSeconds / 2;
    auto solved = solveMilp(small.milp, exact);
    if (!solved)
        return solved.error();
    MilpSolution solution = std::move(solved).value();
    solution.seconds += lp.seconds + smallLp.seconds;
    if (solution.values.empty()) {
        SolveOptions whole = options.solve;
        whole.timeLimitSeconds = std::max(0.0, options.solve.timeLimitSeconds - solution.seconds);
        if (rounded)
            whole.start = *rounded;
        auto full = solveMilp(model.milp, whole);
        if (!full)
            return full.error();
        full.value().seconds += solution.seconds;
        boundStoppedPlan(full.value(), lp.objective);
        if (full.value().note.empty())
            full.value().note = solution.note;
        else if (!solution.note.empty())
            full.value().note = solution.note + "; then " + full.value().note;
        // The restricted solve was stopped: the whole model's plan, unless
        // proven optimal, is what a stopped solve found.
        if (solution.status == SolveStatus::Stopped && full.value().status == SolveStatus::Feasible)
            full.value().status = SolveStatus::Stopped;
        return full;
    }
    // Map the restricted plan onto the whole model's columns, by name.
    std::map<std::string, double> byName;
    for (std::size_t i = 0; i < small.milp.columns.size(); ++i)
        byName[small.milp.columns[i].name] = solution.values[i];
    std::vector<double> values(model.milp.columns.size(), 0.0);
    for (std::size_t i = 0; i < model.milp.columns.size(); ++i)
        if (auto it = byName.find(model.milp.columns[i].name); it != byName.end())
            values[i] = it->second;
    solution.values = std::move(values);
    solution.bestBound = lp.objective; // the whole model's LP: a valid bound
    solution.gap =
        std::abs(solution.objective - lp.objective) / std::max(1e-9, std::abs(solution.objective));
    solution.status = solution.gap <= 1e-7                      ? SolveStatus::Optimal
                      : solution.status == SolveStatus::Stopped ? SolveStatus::Stopped
                                                                : SolveStatus::Feasible;
    return solution;
}

/// Fixed fleet with reserved or owned pools: the same model with the
/// commitment free to shrink (never to grow: the fleet's limits stay), solved
/// by the fast path and started from the plan — the fleet to renew, and what
/// renewing at that size would save over a horizon like this one.
void proposeResize(const Project& project, const Model& model, const MilpSolution& solution,
                   const Evaluation& evaluation, const OptimizeOptions& options,
                   RegimeMixResult& result)
{
    if (project.fleet.mode != FleetMode::Fixed || options.objective != Objective::Cost)
        return;
    Model relaxed = model;
    bool committed = false;
    for (const PlanColumn& pc : model.plans)
        if (isCommitted(pc.plan) && relaxed.milp.columns[std::size_t(pc.column)].lower > 0) {
            relaxed.milp.columns[std::size_t(pc.column)].lower = 0;
            committed = true;
        }
    if (!committed)
        return;
    result.committedUsd = 0;
    for (const PlanColumn& pc : model.plans)
        if (isCommitted(pc.plan))
            result.committedUsd += std::lround(solution.values[std::size_t(pc.column)]) *
                                   kHoursPerMonth * pc.usdPerGpuHour;
    std::vector<double> best = solution.values;
    double bestUsd = objectiveOf(relaxed.milp, best);
    SolveOptions lpOptions = options.solve;
    lpOptions.relaxation = true;
    lpOptions.start.clear();
    if (const auto lp = solveRelaxation(relaxed, relaxed.milp, lpOptions);
        lp && !lp.value().values.empty())
        if (const auto rounded =
                roundLpSolution(project, relaxed, lp.value().values, options.objective))
            if (const double usd = objectiveOf(relaxed.milp, *rounded); usd < bestUsd) {
                best = *rounded;
                bestUsd = usd;
            }
    // The engine's own choices, completed as the rounding completes a plan
    // (its committed-level search is the engine's renewal search): the fast
    // path never advises less than `evaluate` does. (From the rounded LP
    // alone the sample's fast path advised a $808,741 saving beside the
    // engine's $1,606,518; now both, and the exact path, say the same.)
    if (const auto engine = planOfEngineChoices(project, relaxed, evaluation, options.objective))
        if (const double usd = objectiveOf(relaxed.milp, *engine); usd < bestUsd) {
            best = *engine;
            bestUsd = usd;
        }
    // The exact path solves the resize as exactly as the plan: branch and
    // bound on the model with the commitment free to shrink, from the best
    // plan so far, in half the time the plan's solve was given. (From the
    // rounded LP alone the sample's resize saved $444,435 at 1,269 reserved
    // GPUs; by branch and bound $1,242,212 at the same count, as the
    // engine's renewal search finds.)
    if (!options.fastPath) {
        SolveOptions exact = options.solve;
        exact.timeLimitSeconds = options.solve.timeLimitSeconds / 2;
        exact.start = best;
        if (const auto solved = solveMilp(relaxed.milp, exact);
            solved && !solved.value().values.empty() && solved.value().objective < bestUsd) {
            best = solved.value().values;
            bestUsd = solved.value().objective;
        }
    }
    std::map<std::pair<std::string, Plan>, std::pair<int, int>> counts; // month 1: now, proposed
    for (const PlanColumn& pc : model.plans)
        if (isCommitted(pc.plan) && pc.month == 1)
            counts[{pc.gpuId, pc.plan}] = {
                int(std::lround(solution.values[std::size_t(pc.column)])),
                int(std::lround(best[std::size_t(pc.column)]))};
    for (const auto& [key, count] : counts)
        result.resize.push_back({key.first, key.second, count.first, count.second});
    result.renewalCostUsd = bestUsd;
    result.renewalSavingUsd = std::max(0.0, result.costUsd - bestUsd);
}

} // namespace

Milp buildRegimeMixMilp(const Project& project, Objective objective)
{
    return buildRegimeMixModel(project, objective).milp;
}

Result<RegimeMixResult> optimizeRegimeMix(const Project& project, const OptimizeOptions& options)
{
    RegimeMixResult result;
    // Cancelled (a newer edit supersedes this one): stopped between phases,
    // with no plan, instead of finishing an answer no one will read.
    const auto cancelled = [&options, &result] {
        if (!options.solve.cancel || !options.solve.cancel->load())
            return false;
        result = RegimeMixResult{};
        result.status = SolveStatus::Stopped;
        result.solverNote = "cancelled before a plan was found";
        return true;
    };
    // The exact path keeps its contract: cancelled, CBC stops at its first
    // event with the best plan it was started from (a stopped plan).
    if (options.fastPath && cancelled())
        return result;
    // One evaluation serves the model's options, the baseline and the
    // engine's own plan (the options were built twice until 2026-12-06: a
    // third of `evaluate`'s time at 1,000 workloads went to the copy).
    std::optional<Evaluation> evaluated;
    if (!options.evaluation)
        evaluated = evaluate(project);
    const Evaluation& evaluation = options.evaluation ? *options.evaluation : *evaluated;
    if (options.fastPath && cancelled())
        return result;
    Model model = buildRegimeMixModel(project, options.objective, evaluation);
    result.columns = int(model.milp.columns.size());
    result.rows = int(model.milp.rows.size());
    if (options.fastPath && cancelled())
        return result;
    result.baselineUsd = evaluation.kpis.baselineTotalCostUsd;
    if (!model.reasons.empty() && options.objective == Objective::Cost) {
        result.status = SolveStatus::Infeasible;
        result.reasons = model.reasons;
        return result;
    }
    // The LP relaxation, rounded to a feasible plan: the fast path's answer,
    // and the exact solve's starting point.
    SolveOptions lpOptions = options.solve;
    lpOptions.relaxation = true;
    const auto solvedLp = solveRelaxation(model, model.milp, lpOptions);
    if (!solvedLp)
        return solvedLp.error();
    const MilpSolution& lp = solvedLp.value();
    if (options.fastPath && cancelled())
        return result;
    std::optional<std::vector<double>> rounded;
    if (!lp.values.empty())
        rounded = roundLpSolution(project, model, lp.values, options.objective);
    // The engine's own choices as a plan of the model: a start the solve
    // never returns worse than (issue 27, item 3).
    const auto engine = planOfEngineChoices(project, model, evaluation, options.objective);
    if (engine &&
        (!rounded || objectiveOf(model.milp, *engine) < objectiveOf(model.milp, *rounded) - 1e-6))
        rounded = engine;
    MilpSolution solution;
    // The rounded plan answers the fast path; it also answers the exact path
    // when it is already within the gap target of the LP bound (a valid bound:
    // nothing better than the target exists to be found).
    const double roundedGap = rounded
                                  ? std::abs(objectiveOf(model.milp, *rounded) - lp.objective) /
                                        std::max(1e-9, std::abs(objectiveOf(model.milp, *rounded)))
                                  : 1e300;
    if (options.fastPath || roundedGap <= options.solve.relativeGap) {
        // Asked for the exact answer, the rounded plan is one: proven within
        // the gap target by the LP bound.
        result.method = options.fastPath ? "lp_rounding" : "exact_by_rounding";
        solution.seconds = lp.seconds;
        solution.status = lp.status == SolveStatus::Infeasible ? SolveStatus::Infeasible
                          : rounded                            ? SolveStatus::Feasible
                                                               : SolveStatus::NoSolution;
        if (rounded) {
            solution.values = *rounded;
            solution.objective = objectiveOf(model.milp, *rounded);
            solution.bestBound = lp.objective;
            solution.gap = roundedGap;
            if (solution.gap <= 1e-7)
                solution.status = SolveStatus::Optimal;
        }
    } else if (optionColumns(model) > kRestrictAbove && lp.status == SolveStatus::Optimal &&
               lp.reducedCosts.size() == model.milp.columns.size()) {
        auto restricted = solveRestricted(project, model, lp, rounded, options);
        if (!restricted)
            return restricted.error();
        solution = std::move(restricted).value();
        result.method = "exact_restricted";
    } else {
        SolveOptions exact = options.solve;
        if (rounded)
            exact.start = *rounded;
        auto solved = solveMilp(model.milp, exact);
        if (!solved)
            return solved.error();
        solution = std::move(solved).value();
        solution.seconds += lp.seconds;
        boundStoppedPlan(solution, lp.objective);
    }
    if (engine &&
        (solution.values.empty() || objectiveOf(model.milp, *engine) < solution.objective - 1e-6)) {
        if (solution.values.empty())
            solution.bestBound = lp.objective; // the LP relaxation: a valid bound
        solution.values = *engine;
        solution.objective = objectiveOf(model.milp, *engine);
        solution.gap = std::abs(solution.objective - solution.bestBound) /
                       std::max(1e-9, std::abs(solution.objective));
        if (solution.status != SolveStatus::Stopped) // a stopped solve stays said
            solution.status = solution.gap <= 1e-7 ? SolveStatus::Optimal : SolveStatus::Feasible;
    }
    // Cancelled before proving its plan optimal, a solve is said as stopped
    // (CBC may have ended before its first event looked at the flag).
    if (options.solve.cancel && options.solve.cancel->load() &&
        solution.status == SolveStatus::Feasible)
        solution.status = SolveStatus::Stopped;
    result.status = solution.status;
    result.solveSeconds = solution.seconds;
    result.solverNote = solution.note;
    if (solution.values.empty()) {
        if (solution.status == SolveStatus::Infeasible)
            result.reasons = explainInfeasibleFleet(project, evaluation);
        return result;
    }
    if (options.fastPath && cancelled())
        return result;
    // The solver minimises; the margin objective is stated negated.
    const double sign = options.objective == Objective::Margin ? -1.0 : 1.0;
    result.objectiveUsd = sign * solution.objective;
    result.bestBoundUsd = sign * solution.bestBound;
    result.gap = solution.gap;
    readSolution(project, model, solution, options.objective, result);
    auto marginal = marginalGpuValues(project, model, solution, options.objective);
    if (!marginal)
        return marginal.error();
    result.marginalGpuValueUsd = std::move(marginal).value();
    if (result.baselineUsd)
        result.savingsUsd = *result.baselineUsd - result.costUsd;
    if (options.fastPath && cancelled())
        return result;
    proposeResize(project, model, solution, evaluation, options, result);
    return result;
}

std::future<Result<RegimeMixResult>>
optimizeRegimeMixAsync(Project project, OptimizeOptions options,
                       std::shared_ptr<std::atomic<bool>> cancel)
{
    return std::async(std::launch::async, [project = std::move(project),
                                           options = std::move(options), cancel]() mutable {
        options.solve.cancel = cancel.get();
        return optimizeRegimeMix(project, options);
    });
}

} // namespace fleet
