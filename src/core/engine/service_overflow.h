#pragma once

// Preemptible overflow for inference services (issue 18): a service of a
// preemptible segment keeps a share of its replicas dedicated and serves the
// rest on preemptible overflow replicas at a fraction of the on-demand price,
// paying for the time they lose to preemption. One pricing function for the
// engine and the optimizer. See docs/MODEL.md, "Preemptible overflow".

#include "engine/evaluation.h"

#include <cstddef>
#include <optional>
#include <string>

namespace fleet {

/// How a service's replicas are split between dedicated and overflow.
struct OverflowSplit
{
    double dedicatedReplicas = 0;
    double overflowReplicas = 0;
    double preemptionRate = 0; ///< modelled share of an overflow replica's time lost
    /// Overflow was possible but refused: the modelled rate exceeds the accepted one.
    bool refused = false;
};

/// Whether `workload` may add overflow replicas: an inference service of a
/// preemptible segment, a threshold below 1, and an on-demand price for
/// `gpu` in the active book (the overflow's base price). The baseline never does.
bool overflowApplies(const Project& project, const Workload& workload, const GpuModel& gpu);

/// Share of an overflow replica's time lost to preemption: evictions per
/// GPU-hour × GPUs the replica holds × the restart (hours).
double overflowPreemptionRate(const Assumptions& assumptions, double gpusPerReplica);

/// Dedicated = ⌈threshold × replicas⌉, overflow = the rest; none when the
/// modelled preemption rate is above the accepted one (`refused`).
OverflowSplit splitOverflow(double replicas, double gpusPerReplica, const Assumptions& assumptions);

/// One overflow GPU-hour of `gpu`: price factor × on-demand price ÷ (1 −
/// preemption rate), the lost time paid for like spot's. Nullopt when the
/// active book has no on-demand price for it.
std::optional<double> overflowUsdPerGpuHour(const Project& project, const GpuModel& gpu,
                                            double preemptionRate);

/// What `option`'s overflow replicas cost in month `monthIndex` (0-based):
/// the one rule the engine's plan costs and the optimizer's objective share.
double overflowCostUsd(const Project& project, const OptionResult& option, std::size_t monthIndex);

/// Σ over the horizon of overflowCostUsd.
double overflowTotalCostUsd(const Project& project, const OptionResult& option);

} // namespace fleet
