// Time-sliced: k replicas per GPU share it by time slices.
// Its figures (overhead, tenants per GPU, …) and traits (isolation,
// allocation unit, multi-GPU) are sourced data: data/defaults/engine.json,
// "regimes.time_sliced".

#include "model/regime_descriptor.h"

namespace fleet {

extern constexpr RegimeDescriptor kTimeSlicedRegime = completeRegime({
    .key = "time_sliced",
    .label = "Time-sliced",
    .words = "Several replicas per GPU sharing its compute by time slices, with no memory or fault "
             "isolation.",
    .unitRule = RegimeUnitRule::Shared,
    .sharedSplit = SharedSplit::Replicas,
    .coTenantsPayPenalty = RegimeFlag::Yes,
    .rackScaleByDomain = RegimeFlag::No,
    .packedAsFractions = RegimeFlag::Yes,
    .defaultStages = kStageEarly,
    .accelerators = kRunsOnGpus,
});

} // namespace fleet
