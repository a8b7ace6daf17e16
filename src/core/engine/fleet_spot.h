#pragma once

// A fixed fleet's spot pools: only preemptible work on whole GPUs runs on
// them, at the spot price, its GPU-hours grown by the work interruptions
// lose; like on-demand pools they are limits, paid for the GPUs set up in
// each month. One rule for the engine and the optimizer (docs/MODEL.md,
// "Spot pools in a fixed fleet").

#include "engine/evaluation.h"

#include <optional>
#include <string>
#include <vector>

namespace fleet {

/// Spot GPUs a fixed fleet holds of `gpuId` (the sum of its spot pools).
int fleetSpotGpus(const Project& project, const std::string& gpuId);

/// Why `option` of `workload` may not run on spot GPUs, or nullopt when it
/// may. Spot suits preemptible work (a preemptible segment, or batch marked
/// preemptible) on whole GPUs, when the active book prices spot for the GPU,
/// the work lost to interruptions leaves something to run (model/spot.h:
/// below kSpotMaxLostWorkFraction) and, in a fixed fleet, a spot pool of the
/// GPU exists. Checked in that order; the engine's choice, the optimizer's
/// spot columns and its infeasibility sentences all ask this.
std::optional<std::string> spotRefusal(const Project& project, const Workload& workload,
                                       const OptionResult& option);

/// !spotRefusal(project, workload, option).
bool spotAllowedFor(const Project& project, const Workload& workload, const OptionResult& option);

/// Spot GPUs the given options (all on spot, one GPU model) use in month
/// `m` (0-based): Σ spot GPU-hours ÷ 730, to the fraction of a GPU (spot is
/// rented by the hour), each option's spot GPU-hours (spotGpuHoursPaid: a
/// gang its capacity, a service or notebooks their mean) grown by its lost
/// work (the optimizer's continuous spot columns count the same).
double spotGpusSetUp(const std::vector<const OptionResult*>& options, std::size_t m);

/// One GPU model's spot GPUs under the engine's chosen options, per month.
struct FleetSpotCash
{
    std::string gpuId;
    double spotGpus = 0;                 ///< the fleet's spot pools
    double spotUsdPerGpuHour = 0;        ///< the book's spot price
    double beyondUsdPerGpuHour = 0;      ///< above the spot pools: the book's on-demand price
    std::vector<double> gpusUsed;        ///< spot GPUs set up, per month
    std::vector<double> monthlyUsd;      ///< what they cost, per month
    std::vector<double> beyondFleetGpus; ///< above the spot pools, per month
};

/// The spot GPUs of the workloads chosen on spot (WorkloadEvaluation::chosenPlan).
std::vector<FleetSpotCash> fixedFleetSpotCash(const Project& project,
                                              const std::vector<WorkloadEvaluation>& workloads);

/// Adds the fixed fleet's spot cash to the KPIs (cost per month, fleet
/// GPU-hours, GPUs beyond the fleet per month) and attributes each spot
/// workload its spot GPU-hours at the month's rate of the spot GPUs used.
void addFixedFleetSpotCash(const Project& project, Evaluation& evaluation,
                           std::vector<double>& beyondFleetGpus);

} // namespace fleet
