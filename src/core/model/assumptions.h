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

struct Scheduler
{
    SchedulerPolicy policy = SchedulerPolicy::TopologyAware;
    /// Share of whole-GPU hours a policy can keep busy before waits explode,
    /// by policy (indexed by SchedulerPolicy).
    std::array<double, 3> utilizationCeiling = {0.70, 0.85, 0.92};
    /// Share of checkpoint-idle GPU time a policy lends to preemptible work.
    std::array<double, 3> checkpointReclaimFraction = {0.0, 0.0, 0.8};

    double ceiling() const { return utilizationCeiling[static_cast<std::size_t>(policy)]; }
    double reclaim() const { return checkpointReclaimFraction[static_cast<std::size_t>(policy)]; }
};

/// Engine assumptions that are not properties of one workload. The values
/// here mirror data/defaults/engine.json, where each has its source (a test
/// keeps the two equal); projects read theirs from the data.
struct Assumptions
{
    double gpuMtbfHours = 50677.0;
    double checkpointBytesPerParam = 14.0;
    double checkpointWriteGbPerS = 57.5;
    double restartMin = 10.0;
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
};

} // namespace fleet
