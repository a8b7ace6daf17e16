// Network-pooled GPUs: a client's CUDA calls served by a remote pool of GPU
// servers over the network (VMware vSphere Bitfusion's model): whole remote
// GPUs or fractions of one. Its figures (the per-kind throughput penalties,
// the network's price per GPU-hour, tenants per GPU) and traits (isolation,
// allocation unit, multi-GPU) are sourced data: data/defaults/engine.json,
// "regimes.network_pooled"; docs/MODEL.md, "Network-pooled GPUs".

#include "model/regime_descriptor.h"

namespace fleet {

extern constexpr RegimeDescriptor kNetworkPooledRegime = completeRegime({
    .key = "network_pooled",
    .label = "Network-pooled GPUs",
    .words = "Whole GPUs or fractions of one from a remote pool, reached over the network "
             "(vSphere Bitfusion style): a latency and bandwidth penalty and the network's price, "
             "with no isolation between tenants of one GPU.",
    .unitRule = RegimeUnitRule::Shared,
    // The pool hands out a whole remote GPU or a fraction (Bitfusion's
    // "-p 0.5"): the whole GPU, then halving fractions down to
    // 1/max_tenants_per_gpu, as the fractional regime's shares.
    .sharedSplit = SharedSplit::WholeAndHalving,
    // Tenants on one remote GPU share its compute and memory bandwidth.
    .coTenantsPayPenalty = RegimeFlag::Yes,
    .rackScaleByDomain = RegimeFlag::No,
    // The pool packs its clients' fractions onto its GPUs.
    .packedAsFractions = RegimeFlag::Yes,
    // No isolation across tenants of one GPU: early-stage customers only by default.
    .defaultStages = kStageEarly,
    // A pool of GPUs: a TPU's chips are never a remote share.
    .accelerators = kRunsOnGpus,
});

} // namespace fleet
