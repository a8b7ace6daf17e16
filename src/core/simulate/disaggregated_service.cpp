#include "simulate/disaggregated_service.h"

#include "engine/options.h"

#include <cmath>

namespace fleet {

Result<DisaggregatedServiceInput> firstMonthOfDisaggregatedService(const Project& project,
                                                                   const Workload& workload,
                                                                   const OptionResult& option)
{
    const auto* spec = std::get_if<InferenceSpec>(&workload.spec);
    if (!spec)
        return Error("workload " + workload.id + " is not an inference service");
    if (!(option.detail("serving_disaggregated") > 0))
        return Error("workload " + workload.id + " is served colocated, not disaggregated");
    const double prefillInstances = option.detail("prefill_instances_first_month");
    const double decodeReplicas = option.detail("decode_replicas_first_month");
    const double batch = option.detail("batch");
    const double prefillMs = option.detail("prefill_ms");
    const double transferMs = option.detail("kv_transfer_ms");
    const double decodePerReplica = option.detail("decode_requests_per_second_per_replica");
    if (!(decodeReplicas > 0) || !(batch > 0) || !(decodePerReplica > 0))
        return Error("workload " + workload.id + " has no decode replicas in its first month");
    if (!(prefillInstances > 0) || !(prefillMs > 0))
        return Error("workload " + workload.id +
                     " has no prefill instances in its first month (no prompt to prefill)");
    const double rps = requestsPerSecondIn(*spec, workload, workload.startMonth) *
                       project.assumptions.peakToMeanTrafficRatio;
    DisaggregatedServiceInput in;
    // Prefill: one prompt per instance, held for the prefill (exponential,
    // as the engine's M/M/c); the first token follows the KV transfer.
    in.prefill.dedicatedReplicas = int(prefillInstances);
    in.prefill.slotsPerReplica = 1;
    in.prefill.requestsPerSecond = rps;
    in.prefill.meanSlotSeconds = prefillMs / 1000.0;
    in.prefill.prefillMs = prefillMs + (std::isfinite(transferMs) ? transferMs : 0.0);
    in.prefill.ttftTargetMs = spec->ttftMs;
    // Decode: a slot held for its output tokens; the wait alone is measured.
    in.decode.dedicatedReplicas = int(decodeReplicas);
    in.decode.slotsPerReplica = int(batch);
    in.decode.requestsPerSecond = rps;
    in.decode.meanSlotSeconds = batch / decodePerReplica;
    in.decode.prefillMs = 0;
    in.decode.ttftTargetMs = spec->tpotMs;
    return in;
}

DisaggregatedServiceReport simulateDisaggregatedService(DisaggregatedServiceInput input,
                                                        double hours, std::uint64_t seed)
{
    input.prefill.hours = input.decode.hours = hours;
    input.prefill.seed = seed;
    input.decode.seed = seed + 1; // the pools' draws independent of each other
    return {simulateService(input.prefill), simulateService(input.decode)};
}

} // namespace fleet
