#include "engine/disaggregated.h"

#include "util/number_text.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace fleet {

namespace {

Error poolError(const std::string& pool, const Error& error)
{
    return Error(pool + ": " + error.messages());
}

} // namespace

Result<DisaggregatedServing> estimateDisaggregatedServing(const InferenceSpec& spec,
                                                          const ResourceUnit& unit,
                                                          bool allowTensorParallel,
                                                          const Assumptions& assumptions,
                                                          const ServingContext& context)
{
    DisaggregatedServing s;
    s.gpuShare = unit.gpuShare;
    ServingContext decodeContext = context;
    decodeContext.chunkedPrefill = false;
    auto decode =
        estimateInferenceReplica(spec, unit, allowTensorParallel, assumptions, decodeContext);
    if (!decode)
        return poolError("decode pool", decode.error());
    s.decode = decode.value();
    s.kvTransferBytes = spec.inputTokens * s.decode.kvBytesPerToken;

    // Each rank sends its share of the KV cache over its own link; the
    // smaller of the two instances bounds the links in use.
    const auto transferMs = [&](int prefillDegree) {
        const double links = std::min(prefillDegree, s.decode.tensorParallel);
        return s.kvTransferBytes / (assumptions.kvTransferGbPerS * 1e9 * links) * 1000.0;
    };
    std::optional<PrefillInstance> best;
    std::optional<Error> firstError, offSliceReason;
    const int fixed = context.tensorParallel;
    const int maxDegree = fixed > 0 ? fixed
                          : allowTensorParallel
                              ? maxTensorParallel(context, spec.precision, assumptions)
                              : 1;
    int offSlice = 0; // degrees that fit but no slice topology has as many chips
    for (int degree = fixed > 0 ? fixed : 1; degree <= maxDegree; degree *= 2) {
        auto candidate = estimatePrefillInstance(spec, unit, degree, assumptions, context);
        const bool slice = isSliceDegree(unit, degree);
        if (candidate && !slice) {
            ++offSlice;
            continue;
        }
        if (!candidate && !slice) { // no reason of the slices' unless none is tried
            if (!offSliceReason)
                offSliceReason = candidate.error();
            continue;
        }
        if (candidate && candidate.value().prefillMs + transferMs(degree) > spec.ttftMs)
            candidate = Error("prefilling " + formatNumber(spec.inputTokens) + " tokens takes " +
                              formatNumber(candidate.value().prefillMs) +
                              " ms and sending their KV cache " + formatNumber(transferMs(degree)) +
                              " ms; the time-to-first-token target is " +
                              formatNumber(spec.ttftMs) + " ms");
        if (!candidate) {
            if (!firstError || degree * 2 > maxDegree)
                firstError = candidate.error();
            continue;
        }
        // GPU time per prompt: the fewer, the more prompts a GPU serves.
        const auto gpuMs = [](const PrefillInstance& p) { return p.prefillMs * p.tensorParallel; };
        if (!best || gpuMs(candidate.value()) < gpuMs(*best) * (1 - 1e-12))
            best = candidate.value();
    }
    if (!best)
        return poolError("prefill pool",
                         offSlice > 0 ? offSliceError(offSlice, firstError ? &*firstError : nullptr)
                         : firstError ? *firstError
                         : offSliceReason ? *offSliceReason
                                          : offSliceError(0));
    s.prefill = *best;
    s.kvTransferMs = transferMs(s.prefill.tensorParallel);
    s.prefillPathMs = s.prefill.prefillMs + s.kvTransferMs;
    return s;
}

DisaggregatedPools disaggregatedPools(const DisaggregatedServing& serving,
                                      const InferenceSpec& spec, double requestsPerSecond,
                                      double ttftQuantile)
{
    DisaggregatedPools pools;
    pools.ttft.meanTtftMs = pools.ttft.p99TtftMs = serving.prefillPathMs;
    if (requestsPerSecond <= 0)
        return pools;
    // A prefill instance serves one prompt at a time: 1 ÷ prefill time
    // prompts/s (no pool at all when there is no prompt to prefill).
    if (serving.prefill.prefillMs > 0) {
        const double promptsPerSecond = 1000.0 / serving.prefill.prefillMs;
        pools.prefillInstances = std::ceil(requestsPerSecond / promptsPerSecond);
        if (ttftQuantile > 0) {
            const double sized =
                replicasForTtft(pools.prefillInstances, 1, promptsPerSecond, serving.prefillPathMs,
                                requestsPerSecond, ttftQuantile, spec.ttftMs);
            if (sized > 0)
                pools.prefillInstances = sized;
            else
                pools.ttftTargetMissed = true;
        }
        pools.ttft = ttftQueueing(pools.prefillInstances, 1, promptsPerSecond,
                                  serving.prefillPathMs, requestsPerSecond);
        pools.prefillUtilization = pools.ttft.utilization;
    }
    pools.decodeReplicas = replicasFor(requestsPerSecond, serving.decode);
    if (ttftQuantile > 0) {
        const double sized = replicasForTtft(pools.decodeReplicas, serving.decode.batch,
                                             serving.decode.requestsPerSecondPerReplica, 0.0,
                                             requestsPerSecond, ttftQuantile, spec.tpotMs);
        if (sized > 0)
            pools.decodeReplicas = sized;
        else
            pools.tpotTargetMissed = true;
    }
    pools.decodeSlots =
        ttftQueueing(pools.decodeReplicas, serving.decode.batch,
                     serving.decode.requestsPerSecondPerReplica, 0.0, requestsPerSecond);
    pools.decodeUtilization = pools.decodeSlots.utilization;
    pools.prefillUnits = pools.prefillInstances * serving.prefill.tensorParallel;
    pools.decodeUnits = pools.decodeReplicas * serving.decode.tensorParallel;
    pools.prefillGpus = pools.prefillUnits * serving.gpuShare;
    pools.decodeGpus = pools.decodeUnits * serving.gpuShare;
    return pools;
}

double colocatedReplicas(const InferenceEstimate& replica, const InferenceSpec& spec,
                         double requestsPerSecond, double ttftQuantile)
{
    const double replicas = replicasFor(requestsPerSecond, replica);
    if (ttftQuantile <= 0 || replicas <= 0)
        return replicas;
    const double sized =
        replicasForTtft(replicas, replica.batch, replica.requestsPerSecondPerReplica,
                        replica.prefillMs, requestsPerSecond, ttftQuantile, spec.ttftMs);
    return sized > 0 ? sized : replicas;
}

} // namespace fleet
