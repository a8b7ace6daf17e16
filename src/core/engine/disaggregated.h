#pragma once

// Disaggregated serving: a pool of prefill instances and a pool of decode
// replicas (DistServe, Zhong et al., OSDI 2024; Splitwise, Patel et al.,
// ISCA 2024), the KV cache of each prompt sent from one to the other. Each
// pool takes its own tensor-parallel degree; the decode steps carry no
// prefill. See docs/MODEL.md, "Disaggregated prefill and decode".

#include "engine/inference.h"
#include "engine/queueing.h"

namespace fleet {

/// What one request costs each pool, independent of the request rate.
struct DisaggregatedServing
{
    PrefillInstance prefill;    ///< one prompt at a time, on its own degree
    InferenceEstimate decode;   ///< a decode-only replica (no prefill in its steps)
    double gpuShare = 1.0;      ///< GPU equivalents of one unit
    double kvTransferBytes = 0; ///< one request's prompt KV cache, as the decode replica holds it
    double kvTransferMs = 0;    ///< those bytes over min(prefill TP, decode TP) GPUs' links
    double prefillPathMs = 0;   ///< prefill + KV transfer: the TTFT before any queueing
};

/// Sizes both pools' instances on `unit`: the decode replica as
/// `estimateInferenceReplica` does without prefill in its steps; the prefill
/// degree the one that serves the most prompts per GPU while its prefill and
/// the KV transfer meet the TTFT target (the smallest on a tie). Fails with
/// the reason when either pool cannot meet its target.
Result<DisaggregatedServing> estimateDisaggregatedServing(const InferenceSpec& spec,
                                                          const ResourceUnit& unit,
                                                          bool allowTensorParallel,
                                                          const Assumptions& assumptions,
                                                          const ServingContext& context = {});

/// Both pools at one request rate.
struct DisaggregatedPools
{
    double prefillInstances = 0, decodeReplicas = 0;
    double prefillUnits = 0, decodeUnits = 0; ///< instances × their tensor-parallel degree
    double prefillGpus = 0, decodeGpus = 0;   ///< units × the unit's GPU share
    double prefillUtilization = 0;            ///< λ × prefill time ÷ instances
    double decodeUtilization = 0;             ///< λ ÷ (replicas × requests/s per replica)
    TtftQueueing ttft; ///< prompts queueing for prefill instances; TTFT includes the transfer
    TtftQueueing decodeSlots;      ///< requests queueing for decode slots (delays the second token)
    bool ttftTargetMissed = false; ///< no prefill pool meets the TTFT quantile
    bool tpotTargetMissed = false; ///< no decode pool keeps the slot wait within one TPOT

    double gpus() const { return prefillGpus + decodeGpus; }
};

/// Both pools for `requestsPerSecond`: at `ttftQuantile` 0 each is sized on
/// throughput (⌈λ ÷ capacity⌉); at q > 0 prefill instances are added until
/// the TTFT's q-quantile (wait + prefill + transfer) meets the target, and
/// decode replicas until the q-quantile of the wait for a decode slot is
/// within one TPOT target (a request waiting for a slot stalls its second token).
DisaggregatedPools disaggregatedPools(const DisaggregatedServing& serving,
                                      const InferenceSpec& spec, double requestsPerSecond,
                                      double ttftQuantile);

/// Colocated replicas for `requestsPerSecond` under the same rule: throughput,
/// and at q > 0 the fewest whose TTFT q-quantile meets the target (the
/// throughput count when none can).
double colocatedReplicas(const InferenceEstimate& replica, const InferenceSpec& spec,
                         double requestsPerSecond, double ttftQuantile);

} // namespace fleet
