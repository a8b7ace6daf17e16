#pragma once

// One inference replica under continuous batching with a paged KV cache and
// chunked prefill: the largest batch that meets the per-token target with the
// prefill it carries and fits memory, its throughput, and the replicas a
// request rate needs. Efficiency per GPU × precision × serving stack comes
// from data/perf/serving.json where it was measured; see docs/MODEL.md.

#include "engine/resource_unit.h"
#include "model/assumptions.h"
#include "model/gpu.h"
#include "model/workload.h"
#include "perf/model_table.h"
#include "util/result.h"

#include <string>
#include <vector>

namespace fleet {

struct InferenceEstimate
{
    double weightBytes = 0; ///< all weights (MoE: every expert)
    double kvBytesPerToken = 0;
    int tensorParallel = 1;           ///< GPUs (units) one replica spans
    int batch = 0;                    ///< concurrent sequences per replica
    double stepMs = 0;                ///< time per output token at that batch, prefill included
    bool computeBound = false;        ///< the step is limited by compute, not bandwidth
    bool hostBound = false;           ///< the serving stack's host work per step outlasts the GPU's
    double prefillShare = 0;          ///< share of each step spent on other requests' prefill
    double decodeTokensPerSecond = 0; ///< per replica
    double prefillMs = 0;             ///< one request's prompt alone on the replica
    double requestsPerSecondPerReplica = 0;
    double outputTokensPerSecondPerGpu = 0; ///< served, counting the GPU share a replica occupies
    double memoryGbPerReplica = 0;          ///< weights + KV cache at the chosen batch
    std::string efficiencyBasis;            ///< "tensorrt-llm, calibrated" or "engine assumptions"
};

/// What the engine knows beyond the workload's figures.
struct ServingContext
{
    const GpuModel* gpu = nullptr;     ///< its calibrated efficiency and link; null: assumptions
    std::string stack;                 ///< serving stack; "" = the vendor's default
    const ModelShape* model = nullptr; ///< known shape; null: dense, estimated from N
    double totalParams = 0;            ///< MoE weights when no model is named (0: = N)
    int tensorParallel = 0;            ///< fixed degree (0: chosen as a deployment would)
    /// false: a decode-only replica of disaggregated serving (no prompts in
    /// its steps, no TTFT check: the prefill runs elsewhere)
    bool chunkedPrefill = true;
};

/// The parameters a project's service is sized on: its model's (the
/// workload's `model`), else N and, for a mixture of experts, its total.
struct ServiceParameters
{
    const ModelShape* model = nullptr; ///< null: no model named (or one the table lacks)
    double totalParams = 0;            ///< weights held in memory
    double activeParams = 0;           ///< used per token (compute)
};
ServiceParameters serviceParameters(const InferenceSpec& spec);

/// KV-cache bytes per token of a Llama-3-like model of `params` parameters
/// (grouped-query attention, 8 KV heads × 128 dims; layers interpolated from
/// the Llama 3 8B/70B/405B configurations). See docs/MODEL.md.
double estimatedKvBytesPerToken(double params, Precision precision);

/// Whether a replica (or prefill instance) may span `degreeUnits` units of
/// `unit`: always, except on TPU slices, where an instance is one slice and
/// must have as many chips as one of the slice topologies (2 chips of a
/// v6e is no slice: 1x1, 2x2, 2x4 … are).
bool isSliceDegree(const ResourceUnit& unit, int degreeUnits);
/// The refusal when every degree that fits is no slice topology's size,
/// with why the slice sizes themselves fail (`atSlices`), when any was tried.
Error offSliceError(int degreesThatFit, const Error* atSlices = nullptr);

/// A replica sized at every tensor-parallel degree it may take on `unit` (1,
/// 2, 4 … units up to the link's domain when `allowTensorParallel`; the
/// context's fixed degree alone when it sets one; on TPU slices only the
/// slice sizes, isSliceDegree) that fits and meets the targets, smallest
/// first. Fails with the reason when no degree does. The
/// engine picks among them by the demand (engine/inference_option.cpp: the fewest
/// GPUs for a month's requests; docs/MODEL.md, "Tensor-parallel degree").
Result<std::vector<InferenceEstimate>> inferenceReplicaDegrees(const InferenceSpec& spec,
                                                               const ResourceUnit& unit,
                                                               bool allowTensorParallel,
                                                               const Assumptions& assumptions,
                                                               const ServingContext& context = {});

/// Sizes one replica on `unit` with no demand to size for: of
/// inferenceReplicaDegrees, the smallest degree unless a larger one serves
/// more output tokens per GPU (the degree a large demand is served on with
/// the fewest GPUs). Fails with the reason when no batch meets the targets or
/// the model does not fit.
Result<InferenceEstimate> estimateInferenceReplica(const InferenceSpec& spec,
                                                   const ResourceUnit& unit,
                                                   bool allowTensorParallel,
                                                   const Assumptions& assumptions,
                                                   const ServingContext& context = {});

/// One prefill instance of disaggregated serving on `degreeUnits` units: a
/// prompt's prefill alone (its FLOPs and all-reduces, as a replica's
/// `prefillMs`), and whether the weights and one prompt's KV cache fit.
struct PrefillInstance
{
    int tensorParallel = 1;
    double prefillMs = 0;       ///< one prompt of the spec's input tokens
    double weightBytes = 0;     ///< all weights (MoE: every expert)
    double kvBytesPerToken = 0; ///< as held at this degree (KV heads replicated past TP = heads)
    std::string efficiencyBasis;
};
Result<PrefillInstance> estimatePrefillInstance(const InferenceSpec& spec, const ResourceUnit& unit,
                                                int degreeUnits, const Assumptions& assumptions,
                                                const ServingContext& context = {});

/// The largest tensor-parallel degree a replica may take on the context's
/// GPU (its scale-up link's domain; 8 when the link is unknown).
int maxTensorParallel(const ServingContext& context, Precision precision,
                      const Assumptions& assumptions);

/// Replicas needed for `requestsPerSecond`.
double replicasFor(double requestsPerSecond, const InferenceEstimate& estimate);

} // namespace fleet
