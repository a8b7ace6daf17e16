#pragma once

// A fixed fleet at its workloads' peaks: services and notebooks are set up
// towards their peak by peak_capacity_share (at it by default; at the mean at
// 0) and a batch job holds its GPUs at once, so a fleet that holds every
// month's set-up can still be short at the busiest hour. The one
// count behind evaluate's month-by-month warnings, the peak figure and its
// sentence. docs/MODEL.md, "GPUs beyond the fleet: the month's mean and the peak".

#include "engine/evaluation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

/// One GPU model in one month whose chosen options' summed peaks exceed the fleet.
struct PeakShortfall
{
    int month = 0; ///< 1-based
    std::string gpuId;
    double gpusAtPeaks = 0;     ///< Σ peak GPUs of the options on this model, whole up
    std::int64_t fleetGpus = 0; ///< the fleet's pools of this model
};

/// Fixed fleet: every month × GPU model where the chosen options' peaks,
/// summed as if they coincided, need more GPUs than the fleet's pools have
/// (none in size mode).
std::vector<PeakShortfall> peakShortfalls(const Project& project,
                                          const std::vector<WorkloadEvaluation>& workloads);

/// The most GPUs, in any month, by which the peaks exceed the fleet, summed
/// over GPU models; never below Kpis::peakGpusBeyondFleet (the GPUs set up
/// above the fleet, which the cost prices).
double gpusBeyondFleetAtPeak(const Project& project, const Evaluation& evaluation);

/// The sentence saying the fleet is short at the busiest hour, when the peak
/// figure is above the mean's (when both are, the mean's alert says it).
std::optional<std::string> peakShortfallAlert(const Project& project, const Evaluation& evaluation);

} // namespace fleet
