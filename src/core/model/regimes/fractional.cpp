// Fractional: software-enforced fractions of a GPU's memory and compute.
// Its figures (overhead, tenants per GPU, …) and traits (isolation,
// allocation unit, multi-GPU) are sourced data: data/defaults/engine.json,
// "regimes.fractional".

#include "model/regime_descriptor.h"

namespace fleet {

extern constexpr RegimeDescriptor kFractionalRegime = completeRegime({
    .key = "fractional",
    .label = "Fractional",
    .words = "Fractions of a GPU with a memory share enforced in software (HAMi, Run:ai).",
    .unitRule = RegimeUnitRule::Shared,
    .sharedSplit = SharedSplit::Halving,
    .coTenantsPayPenalty = RegimeFlag::Yes,
    .rackScaleByDomain = RegimeFlag::No,
    .packedAsFractions = RegimeFlag::Yes,
    .defaultStages = kStageMid,
    .accelerators = kRunsOnGpus,
});

} // namespace fleet
