#include "engine/evaluate.h"

#include "engine/evaluate_fleet.h"
#include "engine/evaluate_steps.h"
#include "engine/fleet_peaks.h"
#include "engine/fleet_spot.h"
#include "engine/gpu_counts.h"
#include "engine/options.h"
#include "engine/regime_network.h"
#include "engine/service_overflow.h"
#include "model/spot.h"
#include "util/number_text.h"
#include "util/vector_sum.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>

namespace fleet {

namespace {

/// Attributed monthly cost of an option: its held GPU-hours at the plan's
/// price (size mode, and spot pools in a fixed fleet) or at the fleet's
/// blended rate (fixed mode). A reserved or owned plan pays for more: its
/// GPUs' hours no work holds are idle commitment, a line of its own
/// (Kpis::unallocatedFleetCostUsd; docs/MODEL.md, "Idle commitment").
std::optional<std::vector<double>> attributedCost(const Project& project,
                                                  const OptionResult& option, Plan plan)
{
    if (project.fleet.mode != FleetMode::Fixed && isCommitted(plan)) {
        const PlanCost* cost = option.cost(plan);
        if (!cost)
            return std::nullopt;
        std::vector<double> monthly;
        for (std::size_t m = 0; m < option.months.size(); ++m)
            monthly.push_back(option.months[m].gpuHoursHeld * cost->effectiveUsdPerGpuHour +
                              overflowCostUsd(project, option, m) +
                              networkCostUsd(project, option, m));
        return monthly;
    }
    if (project.fleet.mode == FleetMode::Fixed && plan != Plan::Spot) {
        const auto rate = fleetBlendedUsdPerGpuHour(project, option.gpuId);
        if (!rate)
            return std::nullopt;
        std::vector<double> monthly;
        for (std::size_t m = 0; m < option.months.size(); ++m)
            monthly.push_back(option.months[m].gpuHoursHeld * *rate +
                              overflowCostUsd(project, option, m) +
                              networkCostUsd(project, option, m));
        return monthly;
    }
    if (const PlanCost* cost = option.cost(plan))
        return cost->monthlyUsd;
    return std::nullopt;
}

/// Picks the cheapest option (and plan) among those matching the user's choice.
void choose(const Project& project, const Workload& workload, WorkloadEvaluation& result)
{
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < result.options.size(); ++i) {
        const OptionResult& option = result.options[i];
        if (!matchesChoice(option, workload.choice))
            continue;
        if (project.fleet.mode == FleetMode::Fixed) {
            // The fleet's pools but spot, at their blend (Plan::OnDemand
            // stands for it); preemptible work may take a spot pool instead.
            for (Plan plan : {Plan::OnDemand, Plan::Spot}) {
                const bool onSpot = plan == Plan::Spot;
                if (workload.choice.plan && (*workload.choice.plan == Plan::Spot) != onSpot)
                    continue;
                if (onSpot && !spotAllowedFor(project, workload, option))
                    continue;
                const auto cost = attributedCost(project, option, plan);
                if (cost && sum(*cost) < best) {
                    best = sum(*cost);
                    result.chosen = static_cast<int>(i);
                    result.chosenPlan = plan;
                }
            }
            continue;
        }
        for (const PlanCost& plan : option.planCosts) {
            if (workload.choice.plan && *workload.choice.plan != plan.plan)
                continue;
            if (plan.totalUsd < best) {
                best = plan.totalUsd;
                result.chosen = static_cast<int>(i);
                result.chosenPlan = plan.plan;
            }
        }
    }
    if (result.chosen < 0) {
        if (result.options.empty())
            result.problem = "no option is feasible for this workload";
        else
            result.problem =
                "no feasible, priced option matches the chosen GPU, regime, profile and plan";
    }
}

/// The baseline's candidates: every bare-metal option, segment rules aside.
std::vector<OptionResult> baselineOptions(const Project& naive, const Workload& workload)
{
    OptionFilter filter;
    filter.regimes = {RegimeKind::BareMetal};
    filter.ignoreSegmentRules = true;
    filter.notebookIdleTimeout = false;
    return buildOptions(naive, workload, filter, nullptr);
}

/// The overflow's price per GPU-hour among `option`'s figures, if it has
/// one, at `project`'s prices. It is a charge: set where the option is
/// priced, so a price changed alone (the cache's and the Monte Carlo's
/// repricing) moves it too (it was set where the option was built, and
/// stayed stale: test_evaluation_cache).
void setOverflowPrice(const Project& project, const GpuModel& gpu, OptionResult& option)
{
    for (auto& [key, value] : option.details)
        if (key == "overflow_usd_per_gpu_hour")
            value =
                overflowUsdPerGpuHour(project, gpu, option.overflowPreemptionRate).value_or(0.0);
}

/// Prices the baseline's candidates in place; the index of the one cheapest
/// on demand (the baseline), -1 when none is priced on demand.
int priceBaseline(const Project& project, std::vector<OptionResult>& candidates)
{
    double best = std::numeric_limits<double>::infinity();
    int cheapest = -1;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        OptionResult& option = candidates[i];
        const GpuModel* gpu = project.catalog().gpu(option.gpuId);
        pricePlans(project, *gpu, option, false);
        setOverflowPrice(project, *gpu, option);
        const PlanCost* onDemand = option.cost(Plan::OnDemand);
        if (onDemand && onDemand->totalUsd < best) {
            best = onDemand->totalUsd;
            cheapest = int(i);
        }
    }
    return cheapest;
}

std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

/// A service whose queue cannot keep up, whose TTFT quantile no replica count
/// meets, or whose overflow was refused says so.
void warnAboutService(const Project& project, const Workload& workload, const OptionResult& option,
                      std::vector<std::string>& warnings)
{
    const std::string who = "workload " + workload.id + ": ";
    const auto* spec = std::get_if<InferenceSpec>(&workload.spec);
    if (!spec)
        return;
    if (const double months = option.detail("queue_unstable_months"); months > 0)
        warnings.push_back(who + "in " + wholeUpText(months) +
                           " month(s) the replicas serve the request rate with no slack: "
                           "the queue for request slots grows without bound");
    if (const double months = option.detail("ttft_target_missed_months"); months > 0)
        warnings.push_back(who + "in " + wholeUpText(months) +
                           " month(s) no number of replicas "
                           "brings the time to first token at quantile " +
                           shortNumber(project.assumptions.ttftTargetQuantile) + " within " +
                           shortNumber(spec->ttftMs) + " ms");
    if (option.detail("overflow_refused") > 0)
        warnings.push_back(who + "preemptible overflow refused: its replicas would lose " +
                           shortNumber(option.overflowPreemptionRate * 100.0) +
                           " % of their time to preemption; the service accepts " +
                           shortNumber(project.assumptions.overflowAcceptedPreemptionRate * 100.0) +
                           " % (all replicas dedicated)");
    if (option.detail("overflow_refused_disaggregated") > 0)
        warnings.push_back(who + "preemptible overflow not applied: the service is served "
                                 "disaggregated (inference_disaggregated = 1), and overflow splits "
                                 "colocated replicas only (both pools dedicated)");
}

void addKpis(const Project& project, Evaluation& evaluation)
{
    Kpis& k = evaluation.kpis;
    const auto months = static_cast<std::size_t>(project.horizonMonths);
    k.monthlyCostUsd.assign(months, 0.0);
    double trainingCost = 0, trainingTokens = 0, inferenceCost = 0, outputTokens = 0,
           notebookCost = 0, notebookUserMonths = 0, attributed = 0, baseline = 0;
    bool baselineComplete = true;
    for (const WorkloadEvaluation& w : evaluation.workloads) {
        const OptionResult* option = w.chosenOption();
        if (!option)
            continue;
        const double cost = sum(w.monthlyCostUsd);
        attributed += cost;
        // Size mode: what the chosen plan pays (a commitment, its idle hours
        // too). A fixed fleet's cash is summed by addFixedFleetCash below.
        const PlanCost* paid =
            project.fleet.mode == FleetMode::Size ? option->cost(w.chosenPlan) : nullptr;
        for (std::size_t m = 0; m < months; ++m)
            k.monthlyCostUsd[m] +=
                paid && m < paid->monthlyUsd.size() ? paid->monthlyUsd[m] : w.monthlyCostUsd[m];
        k.gpuHoursBusy += option->totalGpuHoursBusy();
        k.gpuHoursHeld += option->totalGpuHoursHeld();
        // In both fleet modes the chosen option's costs above carry this
        // network month by month (planCosts, attributedCost, addFixedFleetCash).
        k.networkCostUsd += networkTotalCostUsd(project, *option);
        const double served = sum(w.servedPerMonth);
        switch (w.kind) {
        case WorkloadKind::Training: {
            trainingCost += cost;
            trainingTokens += served;
            const double idle =
                option->totalGpuHoursBusy() * option->detail("checkpoint_idle_fraction");
            k.checkpointIdleGpuHours += idle;
            k.checkpointReclaimedGpuHours += idle * option->detail("checkpoint_reclaim_fraction");
            break;
        }
        case WorkloadKind::Inference:
            inferenceCost += cost;
            outputTokens += served;
            break;
        case WorkloadKind::Notebooks:
            notebookCost += cost;
            notebookUserMonths += served;
            break;
        case WorkloadKind::Batch: break;
        }
        if (w.baseline)
            baseline += sum(w.baselineMonthlyCostUsd);
        else
            baselineComplete = false;
    }
    if (project.fleet.mode == FleetMode::Fixed) {
        // Committed pools are paid whether used or not; flexible pools when used.
        addFixedFleetCash(project, evaluation);
        attributed = 0;
        trainingCost = inferenceCost = notebookCost = 0;
        for (const WorkloadEvaluation& w : evaluation.workloads) {
            if (!w.chosenOption())
                continue;
            const double cost = sum(w.monthlyCostUsd);
            attributed += cost;
            if (w.kind == WorkloadKind::Training)
                trainingCost += cost;
            else if (w.kind == WorkloadKind::Inference)
                inferenceCost += cost;
            else if (w.kind == WorkloadKind::Notebooks)
                notebookCost += cost;
        }
        k.unallocatedFleetCostUsd = std::max(0.0, sum(k.monthlyCostUsd) - attributed);
    } else {
        // The reserved and owned plans' hours no work holds: idle commitment.
        k.unallocatedFleetCostUsd = std::max(0.0, sum(k.monthlyCostUsd) - attributed);
    }
    // One count of GPUs: utilization is busy ÷ paid (engine/gpu_counts.h).
    evaluation.gpus = gpuCounts(project, evaluation);
    k.gpuHoursPaid = evaluation.gpus.paidGpuHours();
    k.utilization = evaluation.gpus.utilization();
    k.totalCostUsd = sum(k.monthlyCostUsd);
    k.attributedCostUsd = attributed;
    k.meanMonthlyCostUsd = months ? k.totalCostUsd / double(months) : 0.0;
    if (trainingTokens > 0)
        k.costPerTrillionTrainingTokensUsd = trainingCost / (trainingTokens / 1e12);
    if (outputTokens > 0)
        k.costPerMillionOutputTokensUsd = inferenceCost / (outputTokens / 1e6);
    if (notebookUserMonths > 0)
        k.costPerNotebookUserMonthUsd = notebookCost / notebookUserMonths;
    if (baselineComplete && !evaluation.workloads.empty()) {
        k.baselineTotalCostUsd = baseline;
        // Cash: what the plan costs this horizon (a fixed fleet's commitment
        // included, used or not) against what the naive plan would.
        k.savingsUsd = baseline - k.totalCostUsd;
        k.savingsFraction = baseline > 0 ? *k.savingsUsd / baseline : 0.0;
    }
}

void checkFleetCapacity(const Project& project, Evaluation& evaluation)
{
    // One rule for these warnings, the peak figure and its sentence (engine/fleet_peaks.h).
    for (const PeakShortfall& s : peakShortfalls(project, evaluation.workloads))
        evaluation.warnings.push_back("month " + std::to_string(s.month) +
                                      ": the chosen options hold " + wholeUpText(s.gpusAtPeaks) +
                                      " " + s.gpuId + " GPUs at their peaks; the fleet has " +
                                      countText(s.fleetGpus));
    // Said among the warnings, not Kpis::alerts (whose recorded v1 texts it
    // would change); the app's KPI strip shows it beside the alerts.
    if (auto shortfall = peakShortfallAlert(project, evaluation))
        evaluation.warnings.push_back(*shortfall);
}

std::string thousands(double value)
{
    return groupedText(std::llround(std::abs(value)));
}

/// The assumed ceiling of the scheduler's policy against the knee the
/// simulator measured for it on this project (when it was), beyond the
/// tolerance: the engine's held GPU-hours rest on the assumed one.
std::optional<std::string> ceilingDisagreement(const Scheduler& scheduler)
{
    const auto measured = scheduler.measuredCeiling();
    if (!measured || std::abs(scheduler.ceiling() - *measured) <= kCeilingToleranceFraction + 1e-9)
        return std::nullopt;
    const auto percent = [](double v) { return std::to_string(std::llround(v * 100)) + " %"; };
    const bool above = scheduler.ceiling() > *measured;
    return "the assumed utilization ceiling of " + std::string(policyKey(scheduler.policy)) + ", " +
           percent(scheduler.ceiling()) + ", is " +
           std::to_string(std::llround(std::abs(scheduler.ceiling() - *measured) * 100)) +
           " points " + (above ? "above" : "below") +
           " the knee the simulator measured for this project, " + percent(*measured) +
           (above ? ": the cost assumes GPUs busier than the jobs' waits allow"
                  : ": the cost pays for GPUs the scheduler could keep busy") +
           " (simulate --apply sets the ceiling to the knee)";
}

/// Impossible or suspicious results, said in a sentence each, never shown as
/// ordinary figures.
void flagSuspicious(const Project& project, Evaluation& evaluation)
{
    Kpis& k = evaluation.kpis;
    const bool fixed = project.fleet.mode == FleetMode::Fixed;
    if (k.utilization > 1.0 + 1e-9)
        k.alerts.push_back("utilization " + std::to_string(std::llround(k.utilization * 100)) +
                           " % is above 100 %: the workloads are busy for more GPU-hours than "
                           "the plan pays for");
    if (k.peakGpusBeyondFleet > 0)
        k.alerts.push_back("the chosen options need up to " + thousands(k.peakGpusBeyondFleet) +
                           " GPUs more than the fleet has as set up in a month (priced on "
                           "demand here; the optimizer cannot place them)");
    if (k.savingsUsd && *k.savingsUsd < -0.5)
        k.alerts.push_back("savings below zero: the plan costs $" + thousands(*k.savingsUsd) +
                           " more than every workload on bare metal, on demand");
    // In the counts' words (engine/gpu_counts.h): paid, and held in no month.
    if (fixed && k.committedGpus > 0 && k.capacityFreedGpus >= 0.1 * k.committedGpus)
        k.alerts.push_back(thousands(k.capacityFreedGpus) + " of " + thousands(k.committedGpus) +
                           " committed GPUs are paid but held in no month (the plan holds at "
                           "most " +
                           thousands(k.committedGpus - k.capacityFreedGpus) +
                           " of them): over-committed by $" + thousands(k.capacityFreedUsd) +
                           " over the horizon");
    // Services sized on throughput alone (ttft_target_quantile 0) whose
    // queueing, as sized, misses their TTFT target at the 99th percentile:
    // one sentence for them all, so the KPI strip keeps its room.
    const auto duration = [](double ms) {
        return !std::isfinite(ms) ? std::string("unbounded")
               : ms >= 10'000     ? thousands(ms / 1000.0) + " s"
                                  : thousands(ms) + " ms";
    };
    std::vector<std::string> missed;
    for (std::size_t w = 0; w < evaluation.workloads.size() && w < project.workloads.size(); ++w) {
        if (project.workloads[w].id != evaluation.workloads[w].id)
            continue; // evaluate() keeps the project's order; never pair other rows
        const auto* spec = std::get_if<InferenceSpec>(&project.workloads[w].spec);
        const OptionResult* option = evaluation.workloads[w].chosenOption();
        if (!spec || !option || project.assumptions.ttftTargetQuantile > 0)
            continue;
        // A month whose replicas cannot keep up (ρ ≥ 1) has no p99: unbounded.
        const double unstable = option->detail("queue_unstable_months");
        const double p99 = !std::isnan(unstable) && unstable > 0
                               ? std::numeric_limits<double>::infinity()
                               : option->detail("ttft_p99_ms");
        if (std::isnan(p99) || p99 <= spec->ttftMs)
            continue;
        missed.push_back(project.workloads[w].id + " " + duration(p99) + " (target " +
                         duration(spec->ttftMs) + ")");
    }
    if (!missed.empty()) {
        // The first three by name, then a count: a long project's sentence
        // stays a sentence (and the KPI strip stays quick to lay out).
        std::string list;
        for (std::size_t i = 0; i < std::min<std::size_t>(missed.size(), 3); ++i)
            list += (list.empty() ? "" : ", ") + missed[i];
        if (missed.size() > 3)
            list += " and " + std::to_string(missed.size() - 3) + " more";
        k.alerts.push_back(
            std::to_string(missed.size()) +
            (missed.size() == 1 ? " service misses its" : " services miss their") +
            " time-to-first-token target at p99 once requests queue: " + list +
            "; replicas are sized on throughput alone (ttft_target_quantile 0.99 sizes them for "
            "the target)");
    }
    if (auto alert = ceilingDisagreement(project.scheduler))
        k.alerts.push_back(*alert);
    for (const std::string& alert : k.alerts)
        evaluation.warnings.push_back(alert);
}

} // namespace

std::optional<double> fleetBlendedUsdPerGpuHour(const Project& project, const std::string& gpuId)
{
    const PriceBook* book = project.activePriceBook();
    const GpuModel* gpu = project.catalog().gpu(gpuId);
    if (!book || !gpu)
        return std::nullopt;
    // Summed in a canonical order: the pools' order changes no bit of the rate.
    std::vector<double> usd;
    double count = 0;
    for (const FleetPool& pool : project.fleet.pools) {
        if (pool.gpuId != gpuId || pool.count <= 0 || pool.plan == Plan::Spot)
            continue; // spot pools serve preemptible work alone (engine/fleet_spot.h)
        const auto price = book->usdPerGpuHour(*gpu, pool.plan);
        if (!price)
            return std::nullopt;
        usd.push_back(*price * pool.count);
        count += pool.count;
    }
    if (count == 0)
        return std::nullopt;
    return canonicalSum(std::move(usd)) / count;
}

void pricePlans(const Project& project, const GpuModel& gpu, OptionResult& option, bool allowSpot)
{
    // Filled in place: a repriced option (the cache's, the Monte Carlo's)
    // keeps its buffers.
    std::vector<PlanCost>& costs = option.planCosts;
    std::size_t filled = 0;
    const PriceBook* book = project.activePriceBook();
    if (!book) {
        costs.clear();
        return;
    }
    // A commitment holds the most GPUs the option sets up in a month, as the
    // optimizer's reserved columns count them (OptionResult::setUpGpuHours:
    // a gang its runs' hours, a service or notebooks towards their peak).
    const double committedGpus = option.committedGpusAlone();
    // A service's overflow replicas are paid by the hour at their own
    // price, whatever the plan of the dedicated ones; a network-pooled
    // regime's network is paid on the hours held: the same each plan.
    const std::size_t months = option.months.size();
    std::vector<double> overflowUsd(months), networkUsd(months);
    for (std::size_t m = 0; m < months; ++m) {
        overflowUsd[m] = overflowCostUsd(project, option, m);
        networkUsd[m] = networkCostUsd(project, option, m);
    }
    for (Plan plan : kAllPlans) {
        const auto price = book->usdPerGpuHour(gpu, plan);
        if (!price)
            continue;
        double effectiveUsdPerGpuHour = *price;
        if (plan == Plan::Spot) {
            // Spot's effective price includes the work lost to interruptions.
            const auto effective =
                spotEffectiveUsdPerGpuHour(*price, option.lostWorkFractionOnSpot);
            if (!allowSpot || !effective)
                continue;
            effectiveUsdPerGpuHour = *effective;
        }
        if (filled == costs.size())
            costs.emplace_back();
        PlanCost& cost = costs[filled++];
        cost.plan = plan;
        cost.effectiveUsdPerGpuHour = effectiveUsdPerGpuHour;
        cost.monthlyUsd.clear();
        cost.totalUsd = 0;
        const bool committed = isCommitted(plan);
        for (std::size_t m = 0; m < months; ++m) {
            // Reserved and owned GPUs are held at that count for the whole
            // horizon (terms of one year or more); on-demand and spot bill the
            // GPU-hours held.
            const double usd =
                (committed ? committedGpus * kHoursPerMonth * cost.effectiveUsdPerGpuHour
                           : option.months[m].gpuHoursHeld * cost.effectiveUsdPerGpuHour) +
                overflowUsd[m] + networkUsd[m];
            cost.monthlyUsd.push_back(usd);
            cost.totalUsd += usd;
        }
    }
    costs.resize(filled);
}

Project baselineProject(const Project& project)
{
    // The baseline is fixed: whatever the project's scheduler, the naive plan
    // queues behind the FIFO-grade (naive) ceiling, so savings do not move
    // when nothing but the scheduler does.
    Project naive = project;
    naive.scheduler.policy = SchedulerPolicy::Naive;
    return naive;
}

WorkloadRequirements workloadRequirements(const Project& project, const Project& naive,
                                          const Workload& workload)
{
    WorkloadRequirements built;
    built.options = buildOptions(project, workload, OptionFilter{}, &built.rejected);
    built.baselineOptions = baselineOptions(naive, workload);
    return built;
}

WorkloadEvaluation evaluateWorkload(const Project& project, const Project& naive,
                                    const Workload& workload, std::vector<std::string>& warnings)
{
    return priceWorkload(project, naive, workload, workloadRequirements(project, naive, workload),
                         warnings);
}

namespace {

/// What a price moves in a workload's evaluation whose options are built
/// (`result.options`, their requirements): every option's plan costs, the
/// choice, the attributed cost and its warnings, all set anew (nothing of an
/// earlier pricing is kept). The baseline is priced apart.
void priceChoice(const Project& project, const Workload& workload, WorkloadEvaluation& result,
                 std::vector<std::string>& warnings)
{
    result.chosen = -1;
    result.chosenPlan = Plan::OnDemand;
    result.problem.clear();
    result.monthlyCostUsd.clear();
    // Spot takes preemptible work on whole GPUs (spotRefusal, the rule of the
    // optimizer's spot columns): a size-mode partition or share on spot was
    // a plan the model cannot hold (issue 27, item 3).
    const bool preemptible = isPreemptible(project, workload);
    for (OptionResult& option : result.options) {
        const GpuModel& gpu = *project.catalog().gpu(option.gpuId);
        pricePlans(project, gpu, option, preemptible && isWholeGpu(option.regime));
        setOverflowPrice(project, gpu, option);
    }
    choose(project, workload, result);
    if (const OptionResult* option = result.chosenOption())
        result.monthlyCostUsd =
            attributedCost(project, *option, result.chosenPlan)
                .value_or(std::vector<double>(std::size_t(project.horizonMonths), 0.0));
    else
        warnings.push_back("workload " + workload.id + ": " + result.problem);
    if (const OptionResult* option = result.chosenOption())
        warnAboutService(project, workload, *option, warnings);
}

} // namespace

WorkloadEvaluation priceWorkload(const Project& project, const Project& naive,
                                 const Workload& workload, WorkloadRequirements built,
                                 std::vector<std::string>& warnings)
{
    // priceBuiltWorkload()'s steps, the baseline moved rather than copied:
    // its candidates are not kept.
    WorkloadEvaluation result = unpricedWorkload(project, workload, built);
    priceChoice(project, workload, result, warnings);
    if (const int cheapest = priceBaseline(naive, built.baselineOptions); cheapest >= 0) {
        OptionResult& baseline = built.baselineOptions[std::size_t(cheapest)];
        result.baselineMonthlyCostUsd = baseline.cost(Plan::OnDemand)->monthlyUsd;
        result.baseline = std::move(baseline);
    }
    return result;
}

void completeEvaluation(const Project& project, Evaluation& evaluation)
{
    addKpis(project, evaluation);
    checkFleetCapacity(project, evaluation);
    flagSuspicious(project, evaluation);
}

WorkloadEvaluation unpricedWorkload(const Project& project, const Workload& workload,
                                    WorkloadRequirements& requirements)
{
    WorkloadEvaluation result;
    result.id = workload.id;
    result.name = workload.name;
    result.kind = workload.kind();
    result.options = std::move(requirements.options);
    result.rejected = std::move(requirements.rejected);
    // What a workload serves moves with its demand, never with a price.
    result.servedPerMonth = servedPerMonth(project, workload);
    return result;
}

void priceBuiltWorkload(const Project& project, const Project& naive, const Workload& workload,
                        WorkloadEvaluation& result, std::vector<OptionResult>& baselineCandidates,
                        std::vector<std::string>& warnings)
{
    priceChoice(project, workload, result, warnings);
    result.baseline.reset();
    result.baselineMonthlyCostUsd.clear();
    if (const int cheapest = priceBaseline(naive, baselineCandidates); cheapest >= 0) {
        result.baseline = baselineCandidates[std::size_t(cheapest)];
        result.baselineMonthlyCostUsd = result.baseline->cost(Plan::OnDemand)->monthlyUsd;
    }
}

RepricedEvaluation startRepricing(const Project& project, std::vector<WorkloadRequirements> built)
{
    RepricedEvaluation state;
    for (std::size_t i = 0; i < project.workloads.size() && i < built.size(); ++i) {
        state.evaluation.workloads.push_back(
            unpricedWorkload(project, project.workloads[i], built[i]));
        state.baselineCandidates.push_back(std::move(built[i].baselineOptions));
    }
    return state;
}

void reprice(const Project& project, const Project& naive, RepricedEvaluation& state)
{
    Evaluation& evaluation = state.evaluation;
    evaluation.kpis = Kpis{};
    evaluation.gpus = GpuCounts{};
    evaluation.warnings.clear();
    for (std::size_t i = 0; i < evaluation.workloads.size(); ++i)
        priceBuiltWorkload(project, naive, project.workloads[i], evaluation.workloads[i],
                           state.baselineCandidates[i], evaluation.warnings);
    completeEvaluation(project, evaluation);
}

Evaluation evaluateRepriced(const Project& project,
                            const std::vector<WorkloadRequirements>& requirements)
{
    RepricedEvaluation state = startRepricing(project, requirements);
    reprice(project, baselineProject(project), state);
    return std::move(state.evaluation);
}

Evaluation evaluate(const Project& project)
{
    Evaluation evaluation;
    const Project naive = baselineProject(project);
    for (const Workload& workload : project.workloads)
        evaluation.workloads.push_back(
            evaluateWorkload(project, naive, workload, evaluation.warnings));
    completeEvaluation(project, evaluation);
    return evaluation;
}

} // namespace fleet
