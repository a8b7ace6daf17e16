// Partition: the vendor's hardware partitions (MIG, AMD compute/memory modes).
// Its figures (overhead, tenants per GPU, …) and traits (isolation,
// allocation unit, multi-GPU) are sourced data: data/defaults/engine.json,
// "regimes.partition".

#include "model/regime_descriptor.h"

namespace fleet {

extern constexpr RegimeDescriptor kPartitionRegime = completeRegime({
    .key = "partition",
    .label = "Partition (MIG / AMD)",
    .words = "The vendor's hardware partitions of one GPU (NVIDIA MIG profiles, AMD CPX/NPS "
             "modes), each instance with its own compute and memory.",
    .unitRule = RegimeUnitRule::Partition,
    .sharedSplit = SharedSplit::None,
    .coTenantsPayPenalty = RegimeFlag::No,
    .rackScaleByDomain = RegimeFlag::No,
    .packedAsFractions = RegimeFlag::No,
    .defaultStages = kStageMid | kStageEnterprise,
    .accelerators = kRunsOnGpus,
});

} // namespace fleet
