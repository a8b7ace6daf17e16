#pragma once

// For one workload, every option (GPU model × regime × profile) it could run
// on, each with its requirement month by month; and the options ruled out.

#include "engine/evaluation.h"

namespace fleet {

struct OptionFilter
{
    std::vector<RegimeKind> regimes; ///< empty: every regime the segment allows
    bool ignoreSegmentRules = false; ///< the baseline puts everything on bare metal
    bool notebookIdleTimeout = true; ///< false: sessions hold their GPUs (the naive plan)
};

/// The GPU models a project may use: the fleet's in fixed mode, else those the active book prices.
std::vector<const GpuModel*> candidateGpus(const Project& project);

/// Requirements of every feasible option (costs not yet filled in).
std::vector<OptionResult> buildOptions(const Project& project, const Workload& workload,
                                       const OptionFilter& filter,
                                       std::vector<RejectedOption>* rejected);

/// Per month of the horizon, what the workload delivers: training tokens,
/// output tokens or notebook users (0 when inactive).
std::vector<double> servedPerMonth(const Project& project, const Workload& workload);

/// Spot and evictions are for work that may be interrupted: a preemptible
/// segment's, or a batch workload marked preemptible.
bool isPreemptible(const Project& project, const Workload& workload);

/// Whether `option` matches a workload's pinned choice (GPU, regime, profile;
/// any subset). The plan pin is the caller's: plans belong to costs and pools.
/// The one rule the engine and the optimizer share.
bool matchesChoice(const OptionResult& option, const WorkloadChoice& choice);

/// Request rate of an inference workload in horizon month `month` (1-based).
double requestsPerSecondIn(const InferenceSpec& spec, const Workload& workload, int month);

/// Share of wall time a notebook session holds its GPU: active time, idle
/// time up to the timeout (exponential gaps of mean g: g·(1 − e^(−t/g)) held
/// per gap), and the restore after each timeout.
double notebookAllocatedFraction(const NotebookSpec& spec, const Assumptions& assumptions,
                                 bool idleTimeout);

} // namespace fleet
