// Bare metal: whole GPUs, no virtualization layer.
// Its figures (overhead, tenants per GPU, …) and traits (isolation,
// allocation unit, multi-GPU) are sourced data: data/defaults/engine.json,
// "regimes.bare_metal".

#include "model/regime_descriptor.h"

namespace fleet {

extern constexpr RegimeDescriptor kBareMetalRegime = completeRegime({
    .key = "bare_metal",
    .label = "Bare metal",
    .words = "Whole GPUs with no virtualization layer: the reference every other regime is "
             "compared with.",
    .unitRule = RegimeUnitRule::WholeGpu,
    .sharedSplit = SharedSplit::None,
    .coTenantsPayPenalty = RegimeFlag::No,
    .rackScaleByDomain = RegimeFlag::Yes,
    .packedAsFractions = RegimeFlag::No,
    .defaultStages = kStageEnterprise,
    .accelerators = kRunsOnGpus,
});

} // namespace fleet
