// MPS: concurrent clients through NVIDIA's Multi-Process Service.
// Its figures (overhead, tenants per GPU, …) and traits (isolation,
// allocation unit, multi-GPU) are sourced data: data/defaults/engine.json,
// "regimes.mps".

#include "model/regime_descriptor.h"

namespace fleet {

extern constexpr RegimeDescriptor kMpsRegime = completeRegime({
    .key = "mps",
    .label = "MPS",
    .words = "Concurrent kernels from several processes on one GPU through NVIDIA's Multi-Process "
             "Service, without fault isolation.",
    .unitRule = RegimeUnitRule::Shared,
    .sharedSplit = SharedSplit::Halving,
    .coTenantsPayPenalty = RegimeFlag::No,
    .rackScaleByDomain = RegimeFlag::No,
    .packedAsFractions = RegimeFlag::No,
    .defaultStages = 0,
    .accelerators = kRunsOnGpus,
});

} // namespace fleet
