// VM passthrough: whole GPUs inside virtual machines.
// Its figures (overhead, tenants per GPU, …) and traits (isolation,
// allocation unit, multi-GPU) are sourced data: data/defaults/engine.json,
// "regimes.vm_passthrough".

#include "model/regime_descriptor.h"

namespace fleet {

extern constexpr RegimeDescriptor kVmPassthroughRegime = completeRegime({
    .key = "vm_passthrough",
    .label = "VM passthrough",
    .words = "Whole GPUs passed through into virtual machines (PCIe passthrough), at a small "
             "throughput overhead.",
    .unitRule = RegimeUnitRule::WholeGpu,
    .sharedSplit = SharedSplit::None,
    .coTenantsPayPenalty = RegimeFlag::No,
    .rackScaleByDomain = RegimeFlag::No,
    .packedAsFractions = RegimeFlag::No,
    .defaultStages = kStageEarly | kStageMid | kStageEnterprise,
    .accelerators = kRunsOnGpus,
});

} // namespace fleet
