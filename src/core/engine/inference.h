#pragma once

// One inference replica: the largest batch that meets the latency target and
// fits memory, its throughput, and the replicas a request rate needs.

#include "engine/resource_unit.h"
#include "model/assumptions.h"
#include "model/workload.h"
#include "util/result.h"

namespace fleet {

struct InferenceEstimate
{
    double weightBytes = 0;
    double kvBytesPerToken = 0;
    int tensorParallel = 1;           ///< GPUs (units) one replica spans
    int batch = 0;                    ///< concurrent sequences per replica
    double stepMs = 0;                ///< time per output token at that batch
    bool computeBound = false;        ///< the step is limited by compute, not bandwidth
    double decodeTokensPerSecond = 0; ///< per replica, while decoding
    double prefillMs = 0;             ///< per request, compute-bound
    double requestsPerSecondPerReplica = 0;
    double outputTokensPerSecondPerGpu = 0; ///< served, counting the GPU share a replica occupies
    double memoryGbPerReplica = 0;          ///< weights + KV cache at the chosen batch
};

/// KV-cache bytes per token of a Llama-3-like model of `params` parameters
/// (grouped-query attention, 8 KV heads × 128 dims; layers interpolated from
/// the Llama 3 8B/70B/405B configurations). See docs/MODEL.md.
double estimatedKvBytesPerToken(double params, Precision precision);

/// Sizes one replica on `unit` (tensor parallelism across 1, 2, 4 or 8 units
/// when `allowTensorParallel`: the degree serving most output tokens per GPU). Fails with the
/// reason when no batch meets the targets or the model does not fit.
Result<InferenceEstimate> estimateInferenceReplica(const InferenceSpec& spec,
                                                   const ResourceUnit& unit,
                                                   bool allowTensorParallel,
                                                   const Assumptions& assumptions);

/// Replicas needed for `requestsPerSecond`.
double replicasFor(double requestsPerSecond, const InferenceEstimate& estimate);

} // namespace fleet
