#pragma once

// One count of GPUs: held, busy and paid, per month and per GPU model, and
// utilization = busy ÷ paid. Every chart, KPI, warning, export and the CLI
// read these; none counts GPUs its own way. All three are GPU-hours ÷ 730
// (kHoursPerMonth), so a month's figure is a mean number of GPUs.
// docs/MODEL.md, "GPU counts: held, busy, paid".

#include "model/project.h"

#include <string>
#include <utility>
#include <vector>

namespace fleet {

struct Evaluation;
struct OptionResult;

/// One month's GPUs (GPU-hours ÷ 730).
struct GpuCountMonth
{
    /// GPUs the plan sets up for its workloads: whole GPUs per regime
    /// (gpusSetUp, a gang at its peak, services and notebooks towards
    /// theirs), less what services and notebooks on GPUs rented by the hour
    /// do not hold (they pay their mean: elasticGpuHours).
    double held = 0;
    double busy = 0; ///< GPU-hours of useful work (the workloads' gpuHoursBusy)
    /// GPUs paid for: committed (reserved, owned) GPUs whether held or not,
    /// plus the on-demand and spot GPU-hours used. Never below `held`.
    double paid = 0;
    /// Of `held`, on committed GPUs: min(set up, committed) (fixed fleet).
    double heldOnCommitted = 0;
};

/// One GPU model's months.
struct GpuModelCounts
{
    std::string gpuId;
    double committedGpus = 0; ///< reserved and owned GPUs paid every month (fixed fleet)
    std::vector<GpuCountMonth> months;
};

/// The plan's GPUs per month, per GPU model and, for `held`, per regime.
struct GpuCounts
{
    std::vector<GpuCountMonth> months; ///< summed over GPU models
    std::vector<GpuModelCounts> models;
    /// `held` split by regime, regimes in their enum order: [i].second[month].
    std::vector<std::pair<RegimeKind, std::vector<double>>> heldByRegime;
    double committedGpus = 0; ///< reserved and owned GPUs of the fixed fleet

    double heldGpuHours() const;
    double busyGpuHours() const;
    double paidGpuHours() const;
    /// busy ÷ paid over the horizon (0 when nothing is paid); ≤ 1 whenever
    /// no workload is busier than it holds.
    double utilization() const;
    /// The most GPUs held in any month.
    double peakHeldGpus() const;
    /// The most GPUs paid in any month.
    double peakPaidGpus() const;
    /// Committed GPUs held in no month: per GPU model, its commitment less
    /// the most of it held in a month (heldOnCommitted), summed. The same as
    /// Kpis::capacityFreedGpus.
    double committedNeverHeldGpus() const;
};

/// The counts of the engine's chosen plan. A fixed fleet: per GPU model,
/// held = GPUs set up − elastic GPU-hours saved ÷ 730, paid = max(set up,
/// committed) − the same saving, and spot GPUs set up held and paid. A sized
/// fleet (each workload priced alone): held = its set-up GPU-hours ÷ 730
/// (at most what it pays for), paid = its committed plan's peak GPUs every
/// month, or on demand and spot its GPU-hours held ÷ 730.
GpuCounts gpuCounts(const Project& project, const Evaluation& evaluation);

/// A plan given as GPUs per model and month (the optimizer's: optimize/plan_gpu_counts.h):
/// the options it assigns, and the GPUs it pays for by plan.
struct PlanGpus
{
    std::string gpuId;
    int month = 1;                                ///< 1-based
    std::vector<const OptionResult*> options;     ///< assigned, not on spot
    std::vector<const OptionResult*> spotOptions; ///< assigned on spot
    double committedGpus = 0;                     ///< reserved and owned GPUs paid, set up or not
    double flexibleGpus = 0; ///< on-demand GPUs paid (before the elastic saving)
    double spotGpus = 0;     ///< spot GPUs paid
    /// Partitioned GPUs as the plan lays them out (profiles mixed on a GPU);
    /// negative: counted per profile as the engine does (gpusSetUp).
    double partitionGpus = -1;
};

/// The counts of a plan given per model and month, by the same rules as
/// gpuCounts(project, evaluation): held = set up − elastic saving, paid =
/// committed + on-demand + spot − elastic saving.
GpuCounts gpuCountsOfPlan(int horizonMonths, const std::vector<PlanGpus>& plan);

} // namespace fleet
