#pragma once

// The optimizer's plan counted as the engine's is (engine/gpu_counts.h): GPUs
// held, busy and paid per month and GPU model, so the optimizer's mix, the
// regime-mix chart and the warnings give one total for one plan.

#include "engine/evaluation.h"
#include "engine/gpu_counts.h"
#include "optimize/regime_mix.h"

namespace fleet {

/// The counts of `plan`, solved on `project`: its assignments' options are
/// looked up among `evaluation`'s (the engine's options of the same
/// project), its pools give the GPUs paid per plan (committed GPUs whether
/// set up or not), its layouts the partitioned GPUs set up. An assignment
/// whose option the evaluation does not have counts nothing (the plan is of
/// another state of the project).
GpuCounts planGpuCounts(const Project& project, const Evaluation& evaluation,
                        const RegimeMixResult& plan);

} // namespace fleet
