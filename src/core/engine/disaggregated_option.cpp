#include "engine/disaggregated_option.h"

#include "engine/disaggregated.h"
#include "engine/options.h"
#include "model/pricing.h"
#include "model/spot.h"

#include <algorithm>
#include <optional>

namespace fleet {

Result<OptionResult> disaggregatedServiceOption(const Project& project, const Workload& workload,
                                                const GpuModel& gpu, const Regime& regime,
                                                const ResourceUnit& unit, const InferenceSpec& spec)
{
    const Assumptions& a = project.assumptions;
    ServingContext context;
    context.gpu = &gpu; // its calibrated efficiency and link (data/perf/serving.json)
    auto estimate = estimateDisaggregatedServing(spec, unit, regime.multiGpu, a, context);
    if (!estimate)
        return estimate.error();
    const DisaggregatedServing& s = estimate.value();
    const double promptGpuSeconds = s.prefill.prefillMs / 1000.0 * s.prefill.tensorParallel;
    const double decodeGpuSeconds = s.decode.tensorParallel / s.decode.requestsPerSecondPerReplica;
    OptionResult option;
    const int months = project.horizonMonths;
    std::optional<DisaggregatedPools> first, worst;
    int unstableMonths = 0, missedMonths = 0;
    for (int m = 1; m <= months; ++m) {
        if (!workload.activeIn(m, months)) {
            option.months.push_back({});
            continue;
        }
        const double meanRps = requestsPerSecondIn(spec, workload, m);
        // Provisioned for the peak rate; the mean is what keeps them busy.
        const DisaggregatedPools pools =
            disaggregatedPools(s, spec, meanRps * a.peakToMeanTrafficRatio, a.ttftTargetQuantile);
        if (!first)
            first = pools;
        if (!pools.ttft.stable || !pools.decodeSlots.stable)
            ++unstableMonths;
        else if (!worst || pools.ttft.p99TtftMs > worst->ttft.p99TtftMs)
            worst = pools;
        if (pools.ttftTargetMissed || pools.tpotTargetMissed)
            ++missedMonths;
        MonthRequirement month;
        month.units = pools.prefillUnits + pools.decodeUnits;
        month.gpuEquivalents = gpusHeldForUnits(unit, month.units, a.sharedPackingEfficiency);
        month.gpuHoursHeld = month.gpuEquivalents * kHoursPerMonth;
        // Busy: each pool's unit-seconds per request at the mean rate.
        const double busyUnits = meanRps * (promptGpuSeconds + decodeGpuSeconds);
        month.gpuHoursBusy =
            month.gpuHoursHeld * (month.units > 0 ? std::min(1.0, busyUnits / month.units) : 0.0);
        month.memoryGb =
            pools.decodeReplicas * s.decode.memoryGbPerReplica +
            pools.prefillInstances *
                (s.prefill.weightBytes + spec.inputTokens * s.prefill.kvBytesPerToken) / 1e9;
        const double peakScale =
            std::max(1.0, a.inferencePeakToMeanRatio / a.peakToMeanTrafficRatio);
        month.peakGpus = month.gpuEquivalents * peakScale;
        month.peakUnits = month.units * peakScale;
        option.months.push_back(month);
    }
    const double firstGpus = first ? first->gpus() : 0.0;
    const double firstRps =
        requestsPerSecondIn(spec, workload, workload.startMonth) * a.peakToMeanTrafficRatio;
    option.details = {
        {"serving_disaggregated", 1.0},
        {"prefill_tensor_parallel", double(s.prefill.tensorParallel)},
        {"prefill_ms", s.prefill.prefillMs},
        {"kv_transfer_ms", s.kvTransferMs},
        {"tensor_parallel", double(s.decode.tensorParallel)},
        {"batch", double(s.decode.batch)},
        {"step_ms", s.decode.stepMs},
        {"decode_requests_per_second_per_replica", s.decode.requestsPerSecondPerReplica},
        {"memory_gb_per_replica", s.decode.memoryGbPerReplica},
        {"kv_bytes_per_token", s.decode.kvBytesPerToken},
        {"prefill_instances_first_month", first ? first->prefillInstances : 0.0},
        {"decode_replicas_first_month", first ? first->decodeReplicas : 0.0},
        {"tokens_per_second_per_gpu",
         firstGpus > 0 ? firstRps * spec.outputTokens / firstGpus : 0.0},
    };
    // Queueing for prefill instances in the month whose p99 TTFT is longest.
    if (worst) {
        option.details.emplace_back("ttft_mean_ms", worst->ttft.meanTtftMs);
        option.details.emplace_back("ttft_p99_ms", worst->ttft.p99TtftMs);
        option.details.emplace_back("queue_wait_probability", worst->ttft.waitProbability);
        option.details.emplace_back("queue_utilization", worst->prefillUtilization);
        option.details.emplace_back("decode_utilization", worst->decodeUtilization);
    }
    if (unstableMonths > 0)
        option.details.emplace_back("queue_unstable_months", unstableMonths);
    if (a.ttftTargetQuantile > 0 && missedMonths > 0)
        option.details.emplace_back("ttft_target_missed_months", missedMonths);
    // An interrupted instance (its tensor-parallel GPUs) is reloaded.
    option.lostWorkFractionOnSpot = spotLostWorkFraction(
        a, project.activePriceBook(), gpu.id,
        std::max(s.prefill.tensorParallel, s.decode.tensorParallel), a.restartMin / 60.0);
    return option;
}

} // namespace fleet
