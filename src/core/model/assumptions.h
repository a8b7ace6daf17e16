#pragma once

// Engine-wide assumptions and the scheduler's policy: inputs that belong to no
// single workload. Defaults and their sources: data/defaults/engine.json.

#include <array>
#include <optional>
#include <string_view>

namespace fleet {

enum class SchedulerPolicy
{
    Naive,
    TopologyAware,
    PredictivePreemption
};
inline constexpr std::array<SchedulerPolicy, 3> kAllPolicies = {
    SchedulerPolicy::Naive, SchedulerPolicy::TopologyAware, SchedulerPolicy::PredictivePreemption};
std::string_view policyKey(SchedulerPolicy policy);
std::optional<SchedulerPolicy> policyFromKey(std::string_view key);

/// Which ceiling the engine plans a policy on: the knee measured for the
/// project's inputs when there is one (the default), or the assumed ceiling,
/// pinned by the user (`scheduler.ceiling_source`; docs/MODEL.md, "Planning
/// on the measured knee").
enum class CeilingSource
{
    Measured,
    Assumed
};
std::string_view ceilingSourceKey(CeilingSource source);
std::optional<CeilingSource> ceilingSourceFromKey(std::string_view key);

struct Scheduler
{
    SchedulerPolicy policy = SchedulerPolicy::TopologyAware;
    /// Share of whole-GPU hours a policy can keep busy before waits explode,
    /// by policy (indexed by SchedulerPolicy).
    std::array<double, 3> utilizationCeiling = {0.70, 0.85, 0.92};
    /// Share of checkpoint-idle GPU time a policy lends to preemptible work.
    std::array<double, 3> checkpointReclaimFraction = {0.0, 0.0, 0.8};
    /// The knee the simulator measured for a policy on this project, when it
    /// was measured (`simulate --apply`, the frontier view's button): kept
    /// beside the ceiling so evaluate can say when the two disagree.
    std::array<std::optional<double>, 3> measuredUtilizationCeiling{};
    /// Per policy: plan on the measured knee when it is current (Measured,
    /// the default) or on utilizationCeiling whatever was measured (Assumed:
    /// the user pinned it).
    std::array<CeilingSource, 3> ceilingSource{};

    double ceiling() const { return utilizationCeiling[static_cast<std::size_t>(policy)]; }
    std::optional<double> measuredCeiling() const
    {
        return measuredUtilizationCeiling[static_cast<std::size_t>(policy)];
    }
    bool ceilingPinned() const
    {
        return ceilingSource[static_cast<std::size_t>(policy)] == CeilingSource::Assumed;
    }
    double reclaim() const { return checkpointReclaimFraction[static_cast<std::size_t>(policy)]; }
};

/// evaluate warns when the assumed ceiling of the project's policy differs
/// from the measured one (Scheduler::measuredUtilizationCeiling) by more than
/// this: absolute, a fraction (5 points of utilization; ours, an assumption,
/// docs/MODEL.md).
inline constexpr double kCeilingToleranceFraction = 0.05;

/// Engine assumptions that are not properties of one workload. The values
/// here mirror data/defaults/engine.json, where each has its source (a test
/// keeps the two equal); projects read theirs from the data.
struct Assumptions
{
    double gpuMtbfHours = 50677.0;
    double checkpointBytesPerParam = 14.0;
    double checkpointWriteGbPerS = 57.5;
    double restartMin = 10.0;
    /// Share of the checkpoint write training stands still for: 1 synchronous;
    /// below 1 asynchronous (the snapshot stalls, the write overlaps training).
    double checkpointStallFraction = 1.0;
    double memoryBandwidthEfficiency = 0.80;
    double decodeComputeEfficiency = 0.50;
    double prefillMfu = 0.50;
    double usableMemoryFraction = 0.90;
    double tensorParallelEfficiency = 0.90;
    /// Spot reclaims per instance-hour; a gang is interrupted once per instance it spans.
    double spotInterruptionsPerInstanceHour = 0.0003;
    double spotGpusPerInstance = 8.0;
    double preemptionsPerGpuHour = 0.01;
    double notebookRestoreMin = 1.0;
    double sharedPackingEfficiency = 0.90;
    // Services (docs/MODEL.md, "Queueing and time to first token" and
    // "Preemptible overflow"); every default here is an assumption.
    /// 0: the TTFT target bounds the prefill only (replicas sized on
    /// throughput); q: TTFT's q-quantile, queueing included, meets the target.
    /// 0.99 by default: a latency target is a p99 service level, and sized on
    /// throughput alone the sample's chat service waited minutes at p99.
    double ttftTargetQuantile = 0.99;
    double peakToMeanTrafficRatio = 1.0;          ///< services are sized for the mean rate × this
    double overflowUtilizationThreshold = 0.68;   ///< share of a service's replicas kept dedicated
    double overflowPriceFactor = 0.5;             ///< overflow GPU-hour = factor × on-demand price
    double overflowAcceptedPreemptionRate = 0.05; ///< most overflow replica-time a service may lose
    /// Hot spares a training run holds beside its gang, as a share of it.
    double hotSpareFraction = 0.009;
    /// Peak GPUs held at once ÷ the month's mean, for services (inference).
    double inferencePeakToMeanRatio = 2.0;
    /// Peak concurrent sessions ÷ the month's mean, for notebooks.
    double notebookPeakToMeanRatio = 3.0;
    /// Services' serving: 0 colocated (chunked prefill on every replica), 1
    /// disaggregated (a prefill pool and a decode pool; docs/MODEL.md).
    double inferenceDisaggregated = 0.0;
    /// KV-cache transfer from a prefill GPU to a decode GPU, per GPU (GB/s):
    /// one 400 Gb/s InfiniBand NIC per GPU, as on a DGX H100.
    double kvTransferGbPerS = 50.0;
    /// Services and notebooks: share of their peak above the month's mean
    /// that capacity sets aside (GPUs set up, the optimizer's capacity rows);
    /// 0 the mean, 1 the peak. Committed GPUs hold it; on-demand GPUs are
    /// paid at the mean (docs/MODEL.md, "Gangs and peaks").
    double peakCapacityShare = 1.0;
    /// Throughput a tenant loses per additional tenant on the same shared GPU
    /// (time-slicing and fractional regimes; docs/MODEL.md, "Tenants").
    double sharingPenaltyPerExtraTenant = 0.15;
};

} // namespace fleet
