// A service's option on one unit: its replicas month by month on the
// tensor-parallel degree that serves the peak rate on the fewest GPUs, sized
// for the TTFT target with queueing, split into dedicated and preemptible
// overflow replicas where the segment allows it; or served disaggregated
// (docs/MODEL.md, "Inference").

#include "engine/disaggregated_option.h"
#include "engine/inference.h"
#include "engine/option_context.h"
#include "engine/queueing.h"
#include "engine/service_overflow.h"
#include "model/spot.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

namespace {

/// The worst month's queueing of a service, for its details.
struct ServiceQueueing
{
    std::optional<TtftQueueing> worst; ///< the month with the longest p99 TTFT
    int unstableMonths = 0;            ///< months whose replicas cannot keep up (ρ ≥ 1)
    int missedMonths = 0;              ///< months no replica count meets the TTFT quantile
    double addedReplicas = 0;          ///< most replicas added for the TTFT target in a month
    double worstP99WithPreemptionMs = 0;
    int unstableWithPreemptionMonths = 0; ///< months the preempted capacity cannot keep up

    void add(const TtftQueueing& q)
    {
        if (!q.stable)
            ++unstableMonths;
        else if (!worst || q.p99TtftMs > worst->p99TtftMs)
            worst = q;
    }
};

/// A month's replicas on one of a service's tensor-parallel degrees.
struct ReplicaChoice
{
    const InferenceEstimate* estimate = nullptr;
    double replicas = 0;
    double addedForTtft = 0;            ///< replicas added for the TTFT quantile target
    bool missedTtft = false;            ///< no replica count meets the TTFT quantile
    OverflowSplit split;                ///< dedicated and (preemptible segments) overflow replicas
    double dedicatedGpus = 0, gpus = 0; ///< the fleet's, and with the overflow's
};

/// The replicas `rps` requests per second need on `e`: their throughput,
/// then (with a TTFT quantile target) the queueing for request slots, split
/// into dedicated and overflow replicas when `overflow`.
ReplicaChoice replicasOn(const OptionContext& c, const InferenceEstimate& e, double rps,
                         double ttftMs, bool overflow)
{
    const Assumptions& a = c.project.assumptions;
    ReplicaChoice choice;
    choice.estimate = &e;
    choice.replicas = replicasFor(rps, e);
    if (a.ttftTargetQuantile > 0 && choice.replicas > 0) {
        const double sized =
            replicasForTtft(choice.replicas, e.batch, e.requestsPerSecondPerReplica, e.prefillMs,
                            rps, a.ttftTargetQuantile, ttftMs);
        if (sized > 0) {
            choice.addedForTtft = sized - choice.replicas;
            choice.replicas = sized;
        } else {
            choice.missedTtft = true;
        }
    }
    choice.split = overflow ? splitOverflow(choice.replicas, e.tensorParallel * c.unit.gpuShare, a)
                            : OverflowSplit{choice.replicas};
    choice.dedicatedGpus = gpusForUnits(c, choice.split.dedicatedReplicas * e.tensorParallel);
    choice.gpus = gpusForUnits(c, choice.replicas * e.tensorParallel);
    return choice;
}

/// The degree that serves `rps` on the fewest GPUs, of those that fit and
/// meet the latency targets (`degrees`, smallest first): one that meets the
/// TTFT quantile before one that misses it, then the fewest of the fleet's
/// GPUs (the dedicated replicas'), then the fewest in all (with the
/// preemptible overflow's), then the smallest degree (docs/MODEL.md,
/// "Tensor-parallel degree").
ReplicaChoice leastGpuReplica(const OptionContext& c, const std::vector<InferenceEstimate>& degrees,
                              double rps, double ttftMs, bool overflow)
{
    const auto fewer = [](double x, double y) { return x < y - 1e-9 * std::max(1.0, y); };
    ReplicaChoice best;
    for (const InferenceEstimate& e : degrees) {
        const ReplicaChoice candidate = replicasOn(c, e, rps, ttftMs, overflow);
        const bool better = !best.estimate || (best.missedTtft && !candidate.missedTtft) ||
                            (best.missedTtft == candidate.missedTtft &&
                             (fewer(candidate.dedicatedGpus, best.dedicatedGpus) ||
                              (!fewer(best.dedicatedGpus, candidate.dedicatedGpus) &&
                               fewer(candidate.gpus, best.gpus))));
        if (better)
            best = candidate;
    }
    return best;
}

} // namespace

Result<OptionResult> inferenceOption(const OptionContext& c, const InferenceSpec& spec)
{
    if (c.project.assumptions.inferenceDisaggregated > 0) {
        auto option =
            disaggregatedServiceOption(c.project, c.workload, c.gpu, c.regime, c.unit, spec);
        // Overflow splits colocated replicas only: both pools stay dedicated, and say so.
        if (option && !c.filter.ignoreSegmentRules && overflowApplies(c.project, c.workload, c.gpu))
            option.value().details.emplace_back("overflow_refused_disaggregated", 1.0);
        return option;
    }
    ServingContext serving;
    serving.gpu = &c.gpu; // its calibrated efficiency and link (data/perf/serving.json)
    auto degrees =
        inferenceReplicaDegrees(spec, c.unit, c.regime.multiGpu, c.project.assumptions, serving);
    if (!degrees)
        return degrees.error();
    const Assumptions& a = c.project.assumptions;
    // Preemptible overflow: services of preemptible segments (never the baseline).
    const bool overflow =
        !c.filter.ignoreSegmentRules && overflowApplies(c.project, c.workload, c.gpu);
    OptionResult option;
    const int months = c.project.horizonMonths;
    const InferenceEstimate* first = nullptr; // the first active month's replica
    double firstReplicas = 0;
    int largestDegree = 0;
    ServiceQueueing queueing;
    OverflowSplit firstSplit;
    for (int m = 1; m <= months; ++m) {
        if (!c.workload.activeIn(m, months)) {
            option.months.push_back({});
            continue;
        }
        const double meanRps = requestsPerSecondIn(spec, c.workload, m);
        // Provisioned for the peak rate; the mean is what keeps them busy.
        const double rps = meanRps * a.peakToMeanTrafficRatio;
        const ReplicaChoice choice =
            leastGpuReplica(c, degrees.value(), rps, spec.ttftMs, overflow);
        const InferenceEstimate& e = *choice.estimate;
        const double replicas = choice.replicas;
        if (choice.missedTtft)
            ++queueing.missedMonths;
        queueing.addedReplicas = std::max(queueing.addedReplicas, choice.addedForTtft);
        queueing.add(
            ttftQueueing(replicas, e.batch, e.requestsPerSecondPerReplica, e.prefillMs, rps));
        const OverflowSplit& split = choice.split;
        if (!first) {
            first = &e;
            firstReplicas = replicas;
            firstSplit = split;
        }
        largestDegree = std::max(largestDegree, e.tensorParallel);
        if (split.overflowReplicas > 0) {
            // The service's SLA with overflow replicas down for their preemption share.
            const TtftQueueing degraded = ttftQueueing(
                split.dedicatedReplicas + split.overflowReplicas * (1.0 - split.preemptionRate),
                e.batch, e.requestsPerSecondPerReplica, e.prefillMs, rps);
            if (degraded.stable)
                queueing.worstP99WithPreemptionMs =
                    std::max(queueing.worstP99WithPreemptionMs, degraded.p99TtftMs);
            else
                ++queueing.unstableWithPreemptionMonths;
        }
        const double units = split.dedicatedReplicas * e.tensorParallel;
        // Dedicated replicas carry the mean load first; overflow takes the rest.
        const double dedicatedCapacity = split.dedicatedReplicas * e.requestsPerSecondPerReplica;
        const double load =
            dedicatedCapacity > 0 ? std::min(1.0, meanRps / dedicatedCapacity) : 0.0;
        MonthRequirement month = provisioned(units, gpusForUnits(c, units), load);
        month.memoryGb = split.dedicatedReplicas * e.memoryGbPerReplica;
        if (split.overflowReplicas > 0) {
            month.overflowGpuHoursHeld =
                gpusForUnits(c, split.overflowReplicas * e.tensorParallel) * kHoursPerMonth;
            month.overflowPreemptionRate = split.preemptionRate; // its replicas' degree
        }
        // Replicas follow the traffic: the month's mean is paid, its peak held
        // at once — less what static provisioning (peak_to_mean_traffic_ratio)
        // already holds all month.
        const double peakScale =
            std::max(1.0, a.inferencePeakToMeanRatio / a.peakToMeanTrafficRatio);
        month.peakGpus = allocatedGpus(c.unit, month.gpuEquivalents * peakScale);
        month.peakUnits = month.units * peakScale;
        option.months.push_back(month);
    }
    // The first active month's replica describes the option (the simulator
    // replays that month); a service that never runs, the smallest degree's.
    const InferenceEstimate& e = first ? *first : degrees.value().front();
    option.details = {{"batch", double(e.batch)},
                      {"tensor_parallel", double(e.tensorParallel)},
                      {"step_ms", e.stepMs},
                      {"compute_bound", e.computeBound ? 1.0 : 0.0},
                      {"host_bound", e.hostBound ? 1.0 : 0.0},
                      {"prefill_ms", e.prefillMs},
                      {"decode_tokens_per_second_per_replica", e.decodeTokensPerSecond},
                      {"requests_per_second_per_replica", e.requestsPerSecondPerReplica},
                      {"tokens_per_second_per_gpu", e.outputTokensPerSecondPerGpu},
                      {"memory_gb_per_replica", e.memoryGbPerReplica},
                      {"kv_bytes_per_token", e.kvBytesPerToken},
                      {"replicas_first_month", firstReplicas}};
    if (largestDegree > e.tensorParallel) // a later month's demand is served on a larger degree
        option.details.emplace_back("tensor_parallel_largest", double(largestDegree));
    if (c.unit.allocationGpus > 1) // held by the rack: replicas fill whole racks
        option.details.emplace_back("allocation_gpus", double(c.unit.allocationGpus));
    // Queueing for request slots in the month whose p99 TTFT is longest.
    if (queueing.worst) {
        option.details.emplace_back("ttft_mean_ms", queueing.worst->meanTtftMs);
        option.details.emplace_back("ttft_p99_ms", queueing.worst->p99TtftMs);
        option.details.emplace_back("queue_wait_probability", queueing.worst->waitProbability);
        option.details.emplace_back("queue_utilization", queueing.worst->utilization);
    }
    if (queueing.unstableMonths > 0)
        option.details.emplace_back("queue_unstable_months", queueing.unstableMonths);
    if (a.ttftTargetQuantile > 0) {
        option.details.emplace_back("replicas_added_for_ttft", queueing.addedReplicas);
        if (queueing.missedMonths > 0)
            option.details.emplace_back("ttft_target_missed_months", queueing.missedMonths);
    }
    if (overflow) {
        // The first active month's replicas (a later month's larger degree
        // is preempted more often: its months carry their own rate).
        const OverflowSplit& split =
            first ? firstSplit : splitOverflow(0, e.tensorParallel * c.unit.gpuShare, a);
        option.overflowPreemptionRate = split.preemptionRate;
        option.details.emplace_back("overflow_preemption_rate", split.preemptionRate);
        if (split.refused) {
            option.details.emplace_back("overflow_refused", 1.0);
        } else {
            option.details.emplace_back("overflow_replicas_first_month", split.overflowReplicas);
            option.details.emplace_back(
                "overflow_usd_per_gpu_hour",
                overflowUsdPerGpuHour(c.project, c.gpu, split.preemptionRate).value_or(0.0));
            if (queueing.worstP99WithPreemptionMs > 0)
                option.details.emplace_back("ttft_p99_ms_with_preemption",
                                            queueing.worstP99WithPreemptionMs);
            if (queueing.unstableWithPreemptionMonths > 0)
                option.details.emplace_back("queue_unstable_months_with_preemption",
                                            queueing.unstableWithPreemptionMonths);
        }
    }
    // An interrupted replica (its tensor-parallel GPUs) is reloaded: the reload time is lost.
    option.lostWorkFractionOnSpot =
        spotLostWorkFraction(c.project.assumptions, c.project.activePriceBook(), c.gpu.id,
                             e.tensorParallel, c.project.assumptions.restartMin / 60.0);
    return option;
}

double requestsPerSecondIn(const InferenceSpec& spec, const Workload& workload, int month)
{
    return spec.requestsPerSecond *
           std::pow(1.0 + spec.growthPerMonth, month - workload.startMonth);
}

} // namespace fleet
