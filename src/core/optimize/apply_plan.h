#pragma once

// One answer: the optimizer's plan written into the project, so that the
// engine costs what the optimizer chose. Each served workload's choice is
// pinned (GPU, regime, profile; plan spot when it runs on spot GPUs); a fleet
// sized by the optimizer becomes a fixed fleet of the plan's pools (committed
// plans at their count, flexible plans at their busiest month's).

#include "model/project.h"
#include "optimize/regime_mix.h"

namespace fleet {

/// The project with `plan` applied. Workloads the plan leaves unserved keep
/// their choice. A fixed fleet keeps its pools.
Project applyPlan(const Project& project, const RegimeMixResult& plan);

} // namespace fleet
