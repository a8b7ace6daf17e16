#pragma once

// The engine's results: per workload its options (GPU model × regime ×
// profile) with their monthly requirements and costs under each plan; the
// option and plan chosen; and the KPIs of the whole plan against the
// all-bare-metal, all-on-demand baseline.

#include "engine/gpu_counts.h"
#include "model/project.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fleet {

struct MonthRequirement
{
    double units = 0; ///< replicas × TP units, instances, sessions, … of the option's unit
    double gpuEquivalents = 0; ///< GPUs held (whole GPUs for partitions; shares for shared regimes)
    double gpuHoursBusy = 0;   ///< GPU-equivalent hours doing the work
    double gpuHoursHeld = 0;   ///< GPU-equivalent hours allocated (what is paid for)
    double memoryGb = 0; ///< GPU memory in use on average (weights, KV cache, state, sessions)
    /// A service's preemptible overflow replicas: GPU-equivalent hours held
    /// off the fleet, priced by overflowCostUsd (engine/service_overflow.h);
    /// not part of the figures above, which are the dedicated replicas'.
    double overflowGpuHoursHeld = 0;
    /// Those replicas' share of time lost to preemption (their degree's;
    /// 0: the option's overflowPreemptionRate).
    double overflowPreemptionRate = 0;
    /// GPU equivalents held at once at the month's peak (≥ gpuEquivalents):
    /// a training run's gang and hot spares while it runs, a service's or
    /// notebooks' mean × the peak-to-mean ratio. docs/MODEL.md, "Gangs and peaks".
    double peakGpus = 0;
    /// Units held at once at the month's peak (≥ units) for a service,
    /// notebooks or batch in a window: what capacity() grows the units towards. Partitions round
    /// GPUs up, so peakGpus ÷ gpuEquivalents is not the units' ratio.
    double peakUnits = 0;
};

struct PlanCost
{
    Plan plan = Plan::OnDemand;
    double effectiveUsdPerGpuHour = 0; ///< list price, or spot's after lost work
    std::vector<double> monthlyUsd;
    double totalUsd = 0;
};

struct OptionResult
{
    std::string gpuId;
    RegimeKind regime = RegimeKind::BareMetal;
    std::string profile; ///< partition profile or sharing class; "" for whole GPUs
    IsolationLevel isolation = IsolationLevel::Hardware;
    int unitsPerGpu = 1; ///< units of this kind one GPU holds (MIG instances, sessions, ...)
    std::vector<MonthRequirement> months;
    std::vector<PlanCost> planCosts; ///< the plans the book offers and the workload may use
    /// Figures that explain the option: "batch", "tensor_parallel", "checkpoint_interval_min", ...
    std::vector<std::pair<std::string, double>> details;
    double lostWorkFractionOnSpot = 0;
    double overflowPreemptionRate = 0; ///< share of overflow replica-time lost to preemption
    /// A training run's gang: its GPUs (hot spares included) are held at once
    /// for the run's hours (peakGpus, checked against the fleet apart); it
    /// holds and is paid for those hours, not for the month.
    bool gang = false;
    /// A service, notebooks or batch in a window: the share of its peak
    /// above the month's mean that capacity sets aside (assumption
    /// `peak_capacity_share`; 0: the mean, 1: the peak). 0 for training and
    /// for batch without a window.
    double peakCapacityShare = 0;

    double totalGpuHoursHeld() const;
    /// What capacity sets aside for this option in month `m` (0-based): a
    /// service or notebooks their units, GPUs, GPU-hours and memory grown
    /// from the mean towards the peak by peakCapacityShare; other work — a
    /// gang its runs' hours — the month's requirement as it is. The
    /// engine's GPUs set up, its reserved counts in size mode and the
    /// optimizer's capacity rows all count this.
    MonthRequirement capacity(std::size_t m) const;
    /// capacity(m).gpuHoursHeld: what a whole-GPU regime sets aside.
    double capacityGpuHours(std::size_t m) const;
    /// GPU-hours of whole GPUs capacity(m) takes in month `m`: GPU-hours held
    /// on whole GPUs, GPU equivalents × 730 on shared regimes, instances ÷
    /// instances per GPU × 730 on partitions (before rounding up to GPUs).
    double setUpGpuHours(std::size_t m) const;
    /// Whole GPUs a reserved or owned plan holds every month of the horizon
    /// when the option is priced alone (size mode): the most it sets up in a
    /// month, ⌈max setUpGpuHours ÷ 730⌉. What planCosts bills and the GPU
    /// counts call paid — one figure for both (docs/MODEL.md, "Idle commitment").
    double committedGpusAlone() const;
    /// Elastic capacity (on demand) is paid for the hours used: the share of
    /// setUpGpuHours(m) a service or notebooks save when rented by the hour,
    /// 1 − mean ÷ capacity (0 at share 0, for gangs and for other work).
    /// docs/MODEL.md, "Committed pools hold the peak, elastic ones are paid
    /// by the hour".
    double elasticSavingFraction(std::size_t m) const;
    /// GPU-hours spot GPUs are paid for in month `m`: what the option holds
    /// (spot is rented by the hour: a service or notebooks their mean).
    double spotGpuHoursPaid(std::size_t m) const;
    double totalGpuHoursBusy() const;
    const PlanCost* cost(Plan plan) const;
    double detail(const std::string& key) const; ///< NaN when absent
};

/// An option that was considered and ruled out, with the reason.
struct RejectedOption
{
    std::string gpuId;
    RegimeKind regime = RegimeKind::BareMetal;
    std::string profile;
    std::string reason;
};

struct WorkloadEvaluation
{
    std::string id;
    std::string name;
    WorkloadKind kind = WorkloadKind::Training;
    std::vector<OptionResult> options;
    std::vector<RejectedOption> rejected;
    int chosen = -1; ///< index into options; -1 when nothing is feasible
    Plan chosenPlan =
        Plan::OnDemand; ///< fixed mode: Spot (a spot pool) or OnDemand (the fleet's blend)
    std::optional<OptionResult> baseline; ///< bare metal, on demand, no notebook idle timeout
    std::vector<double> monthlyCostUsd;   ///< attributed cost of the chosen option
    std::vector<double> baselineMonthlyCostUsd;
    /// Served per month: training tokens, output tokens, notebook users.
    std::vector<double> servedPerMonth;
    std::string problem; ///< why nothing is feasible, or why the choice was not honoured

    const OptionResult* chosenOption() const
    {
        return chosen >= 0 ? &options[static_cast<std::size_t>(chosen)] : nullptr;
    }
};

struct Kpis
{
    std::vector<double> monthlyCostUsd;
    double totalCostUsd = 0;
    double meanMonthlyCostUsd = 0;
    std::optional<double> costPerTrillionTrainingTokensUsd;
    std::optional<double> costPerMillionOutputTokensUsd;
    std::optional<double> costPerNotebookUserMonthUsd;
    double gpuHoursBusy = 0;
    double gpuHoursHeld = 0;  ///< Σ the chosen options' gpuHoursHeld (before rounding and peaks)
    double fleetGpuHours = 0; ///< fixed mode: GPUs in the fleet × hours
    /// GPU-hours paid (GpuCounts::paidGpuHours: committed GPUs every hour,
    /// on-demand and spot GPU-hours used).
    double gpuHoursPaid = 0;
    double utilization = 0; ///< busy ÷ paid (GpuCounts::utilization)
    double attributedCostUsd =
        0; ///< cost of the workloads' held GPU-hours (fixed: at the rates of the GPUs used)
    /// Idle commitment: reserved and owned GPU-hours no workload holds (a
    /// service's peak above its mean, committed GPUs nothing sets up, the
    /// rounding to whole GPUs), a line of its own; never below zero.
    /// docs/MODEL.md, "Idle commitment".
    double unallocatedFleetCostUsd = 0;
    /// The network of network-pooled GPUs over the horizon: Σ over the chosen
    /// options of networkTotalCostUsd (engine/regime_network.h, the rule the
    /// optimizer prices it by). Part of totalCostUsd and of
    /// attributedCostUsd, never added to them; 0 when no chosen option is
    /// on a pooled regime. docs/MODEL.md, "Network-pooled GPUs".
    double networkCostUsd = 0;
    std::optional<double> baselineTotalCostUsd;
    /// Cash saved this horizon: baseline − cost over the horizon (commitment included).
    std::optional<double> savingsUsd;
    std::optional<double> savingsFraction;
    // Fixed fleet: what the commitment costs and what the plan could give back.
    double committedGpus = 0;     ///< reserved and owned GPUs
    double committedCostUsd = 0;  ///< their cost over the horizon, used or not
    double capacityFreedGpus = 0; ///< committed GPUs the plan leaves idle in every month
    double capacityFreedUsd = 0;  ///< their committed cost over the horizon
    /// Committed GPUs if the fleet were resized to the plan at renewal, and
    /// what that would save against today's fleet over a horizon like this one.
    std::optional<double> renewalCommittedGpus;
    std::optional<double> renewalSavingUsd;
    double peakGpusBeyondFleet = 0; ///< the most GPUs the plan needs above the fleet in a month
    /// Impossible or suspicious results, each a sentence for the KPI strip
    /// (utilization above 100 %, GPUs above the fleet, savings below zero, an
    /// idle commitment); also in Evaluation::warnings.
    std::vector<std::string> alerts;
    double checkpointIdleGpuHours = 0;
    double checkpointReclaimedGpuHours = 0;
};

struct Evaluation
{
    std::vector<WorkloadEvaluation> workloads;
    Kpis kpis;
    /// GPUs held, busy and paid per month and GPU model: the one count
    /// every chart, KPI, warning and export reads (engine/gpu_counts.h).
    GpuCounts gpus;
    std::vector<std::string> warnings;
};

} // namespace fleet
