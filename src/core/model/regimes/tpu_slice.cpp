// TPU slice: a Google TPU pod cut into slices of the topologies the catalog
// lists (model/tpu_slicing.h). A job's chips round up to the smallest slice
// that holds them (the rounding is billed), one tenant per slice with no chip
// shared, hardware isolation between slices; a training job larger than the
// largest slice runs as equal slices over the data-center network at the
// TPU's multislice efficiency (engine/training_option.cpp). Runs only on TPUs, and
// TPUs run only under it. Its figures and traits are sourced data:
// data/defaults/engine.json, "regimes.tpu_slice".

#include "model/regime_descriptor.h"

namespace fleet {

extern constexpr RegimeDescriptor kTpuSliceRegime = completeRegime({
    .key = "tpu_slice",
    .label = "TPU slice",
    .words = "A slice of a Google TPU pod (2x2, 4x8, 2x2x2 …) held whole by one tenant: a job's "
             "chips round up to the smallest topology, and a training job beyond the largest "
             "slice spans several over the data-center network (multislice).",
    .unitRule = RegimeUnitRule::WholeGpu,
    .sharedSplit = SharedSplit::None,
    .coTenantsPayPenalty = RegimeFlag::No,
    .rackScaleByDomain = RegimeFlag::No,
    .packedAsFractions = RegimeFlag::No,
    .defaultStages = kStageEarly | kStageMid | kStageEnterprise,
    .accelerators = kRunsOnTpus,
});

} // namespace fleet
