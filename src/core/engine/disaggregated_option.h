#pragma once

// A service's option when the project serves inference disaggregated
// (assumption inference_disaggregated = 1): a prefill pool and a decode pool
// month by month. See docs/MODEL.md, "Disaggregated prefill and decode".

#include "engine/evaluation.h"
#include "engine/resource_unit.h"
#include "model/project.h"
#include "util/result.h"

namespace fleet {

/// Both pools for every month of `workload`, sized for its peak rate (mean ×
/// peak_to_mean_traffic_ratio) as colocated replicas are; preemptible
/// overflow does not apply (both pools are dedicated).
Result<OptionResult> disaggregatedServiceOption(const Project& project, const Workload& workload,
                                                const GpuModel& gpu, const Regime& regime,
                                                const ResourceUnit& unit,
                                                const InferenceSpec& spec);

} // namespace fleet
