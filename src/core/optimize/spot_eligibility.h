#pragma once

// Which options may take a spot pool's GPUs in the optimizer, and in words
// why not: the one rule the model's spot columns and the infeasibility
// explanation share (docs/OPTIMIZER.md, "Spot").

#include "engine/evaluation.h"

#include <optional>
#include <string>

namespace fleet {

/// Why `option` of `workload` may not run on spot GPUs, or nullopt when it
/// may. Spot suits preemptible work (a preemptible segment, or batch marked
/// preemptible) on whole GPUs, when the active book prices spot for the GPU,
/// the work lost to interruptions leaves something to run (model/spot.h) and,
/// in a fixed fleet, a spot pool of the GPU exists. Checked in that order.
std::optional<std::string> spotRefusal(const Project& project, const Workload& workload,
                                       const OptionResult& option);

/// Spot GPUs a fixed fleet holds of `gpuId`.
int spotFleetLimit(const Project& project, const std::string& gpuId);

} // namespace fleet
