#include "engine/options.h"

#include "engine/disaggregated_option.h"
#include "engine/inference.h"
#include "engine/queueing.h"
#include "engine/resource_unit.h"
#include "engine/service_overflow.h"
#include "engine/training.h"
#include "model/spot.h"
#include "util/number_text.h"

#include <algorithm>
#include <cmath>

namespace fleet {

namespace {

struct Context
{
    const Project& project;
    const Workload& workload;
    const GpuModel& gpu;
    const Regime& regime;
    const ResourceUnit& unit;
    const OptionFilter& filter;
};

/// Requirement of a provisioned option holding `gpuEquivalents` all month.
MonthRequirement provisioned(double units, double gpuEquivalents, double busyFraction)
{
    MonthRequirement month;
    month.units = units;
    month.gpuEquivalents = gpuEquivalents;
    month.gpuHoursHeld = gpuEquivalents * kHoursPerMonth;
    month.gpuHoursBusy = month.gpuHoursHeld * busyFraction;
    return month;
}

double gpusForUnits(const Context& c, double units)
{
    return gpusHeldForUnits(c.unit, units, c.project.assumptions.sharedPackingEfficiency);
}

/// Held hours of job-like work (training, batch): one cluster scheduler queues
/// jobs whatever the regime, so every unit — whole GPU, partition or share —
/// waits behind the scheduler's utilization ceiling (no regime gains from
/// skipping it); shared units also lose the packing efficiency.
double heldHoursForJobs(const Context& c, double busyHours)
{
    const double held = busyHours / c.project.scheduler.ceiling();
    if (!c.unit.integerGpus && c.unit.gpuShare < 1.0)
        return held / c.project.assumptions.sharedPackingEfficiency;
    return held;
}

Result<OptionResult> trainingOption(const Context& c, const TrainingSpec& stated)
{
    // A run stated by its length runs the tokens that length takes on the GPU
    // it is timed on (runTokens); the rest follows from the tokens.
    auto tokens = runTokens(c.project, c.workload, stated);
    if (!tokens)
        return tokens.error();
    TrainingSpec spec = stated;
    spec.tokensPerRun = tokens.value();
    if (spec.gpusPerJob > 1 && !c.regime.multiGpu)
        return Error("a " + std::to_string(spec.gpusPerJob) + "-GPU job cannot span GPUs under " +
                     std::string(regimeKey(c.regime.kind)));
    // Training state (weights, gradients, Adam moments) must fit the job's memory.
    const double stateBytes = (spec.totalParams > 0 ? spec.totalParams : spec.activeParams) *
                              c.project.assumptions.checkpointBytesPerParam;
    const double jobMemory =
        c.unit.memoryBytes * c.project.assumptions.usableMemoryFraction * spec.gpusPerJob;
    if (stateBytes > jobMemory)
        return Error("training state (" + std::to_string(int(stateBytes / 1e9)) +
                     " GB) exceeds the job's " + std::to_string(int(jobMemory / 1e9)) +
                     " GB of usable memory");
    // The unit's compute already carries the regime's overhead; the stated MFU
    // is an H100's, scaled to what this GPU reaches on published runs.
    TrainingScale scale = builtinTrainingDefaults().scale;
    scale.mfuFactor = trainingMfuFactor(c.gpu.id);
    // A TPU job holds the smallest slice that fits it; beyond the largest
    // slice, equal slices over the data-center network at the TPU's
    // multislice efficiency. A slice holds no spare chips beside the gang
    // (a failed chip restarts the slice from its checkpoint, which the
    // failure model already charges).
    double computeFlopsPerS = c.unit.computeFlopsPerS;
    TpuSliceAllocation slices;
    if (c.unit.tpuSlices) {
        slices = c.unit.tpuSlices->allocate(spec.gpusPerJob);
        if (slices.multislice())
            computeFlopsPerS *= c.unit.tpuSlices->multisliceEfficiency.value;
    }
    // Below 1 the project checkpoints asynchronously: it stalls for that share
    // of the write, which overlaps training.
    scale.asyncStallFraction = c.project.assumptions.checkpointStallFraction;
    scale.asyncCheckpoint = scale.asyncStallFraction < 1.0;
    scale.hotSpareFraction = c.unit.tpuSlices ? 0.0 : c.project.assumptions.hotSpareFraction;
    auto run = estimateTrainingRun(spec, computeFlopsPerS, 0.0, c.project.assumptions, scale);
    if (!run)
        return run.error();
    const TrainingEstimate& e = run.value();
    const double spares = 1.0 + scale.hotSpareFraction;
    // Runs going at once: the month's run-hours over its hours, at least one
    // while any runs (runs follow one another when they fit in the month).
    const double meanRunsAtOnce = spec.runsPerMonth * e.gpuHours / spec.gpusPerJob / kHoursPerMonth;
    const double runsAtOnce = std::max(1.0, std::ceil(meanRunsAtOnce - 1e-9));
    // The gang and its hot spares, in GPU equivalents of this unit; on
    // rack-scale bare metal, the whole racks they occupy for the run.
    const double gangAsked = spec.gpusPerJob * spares * c.unit.gpuShare;
    const double gangGpus = jobGpus(c.unit, gangAsked);
    const double wholeRacks = gangGpus / gangAsked;
    OptionResult option;
    option.gang = true;
    const int months = c.project.horizonMonths;
    for (int m = 1; m <= months; ++m) {
        MonthRequirement month;
        if (c.workload.activeIn(m, months) && spec.runsPerMonth > 0) {
            // Unit-hours of the run, counted as GPU equivalents of this unit.
            month.gpuHoursBusy = spec.runsPerMonth * e.gpuHours * c.unit.gpuShare;
            // Held: behind the scheduler's ceiling, with the hot spares idle beside the gang.
            month.gpuHoursHeld = heldHoursForJobs(c, month.gpuHoursBusy) * spares * wholeRacks;
            month.gpuEquivalents = month.gpuHoursHeld / kHoursPerMonth;
            month.peakGpus = std::max(runsAtOnce * gangGpus, month.gpuEquivalents);
            month.units = month.gpuHoursBusy / kHoursPerMonth;
            // Jobs running on average, each holding its whole training state.
            month.memoryGb = month.units / c.unit.gpuShare / spec.gpusPerJob * stateBytes / 1e9;
            // Partitions: the instances held (behind the ceiling), not GPU shares.
            if (c.unit.integerGpus)
                month.units = month.gpuHoursHeld / c.unit.gpuShare / kHoursPerMonth;
        }
        option.months.push_back(month);
    }
    const double reclaim =
        std::max(c.regime.checkpointReclaimFraction, c.project.scheduler.reclaim());
    option.details = {{"flops", e.modelFlops},
                      {"hardware_flops", e.hardwareFlops},
                      {"gpu_hours_per_run", e.gpuHours},
                      {"wall_clock_days", e.wallClockDays},
                      {"job_mtbf_hours", e.jobMtbfHours},
                      {"checkpoint_seconds", e.checkpointSeconds},
                      {"checkpoint_interval_min", e.checkpointIntervalMin},
                      {"overhead_fraction", e.overheadFraction},
                      {"checkpoint_idle_fraction", e.checkpointIdleFraction},
                      {"checkpoint_reclaim_fraction", reclaim},
                      {"hot_spare_fraction", scale.hotSpareFraction},
                      {"gang_gpus_held", gangGpus},
                      {"runs_at_once", runsAtOnce}};
    if (stated.runDays) // derived from the run's length: shown beside it
        option.details.emplace_back("tokens_per_run", spec.tokensPerRun);
    if (c.unit.allocationGpus > 1)
        option.details.emplace_back("allocation_gpus", double(c.unit.allocationGpus));
    if (slices.slices > 0) { // the slice the chips asked round up to (docs/MODEL.md, "TPU slices")
        option.details.emplace_back("slice_chips", double(slices.chipsPerSlice));
        option.details.emplace_back("slices_per_job", double(slices.slices));
        if (slices.multislice())
            option.details.emplace_back("multislice_efficiency",
                                        c.unit.tpuSlices->multisliceEfficiency.value);
    }
    // A gang loses its work since the last checkpoint whenever any one of
    // the instances it spans is interrupted.
    option.lostWorkFractionOnSpot =
        spotLostWorkFraction(c.project.assumptions, c.project.activePriceBook(), c.gpu.id,
                             spec.gpusPerJob, e.lostWorkPerInterruptionHours);
    return option;
}

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
ReplicaChoice replicasOn(const Context& c, const InferenceEstimate& e, double rps, double ttftMs,
                         bool overflow)
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
ReplicaChoice leastGpuReplica(const Context& c, const std::vector<InferenceEstimate>& degrees,
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

Result<OptionResult> inferenceOption(const Context& c, const InferenceSpec& spec)
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
    if (c.unit.tpuSlices) {
        // A TPU replica is one slice: keep the degrees that are a topology's chips.
        std::vector<InferenceEstimate>& all = degrees.value();
        const std::size_t before = all.size();
        std::erase_if(all, [&](const InferenceEstimate& e) {
            return !c.unit.tpuSlices->isSliceSize(e.tensorParallel);
        });
        if (all.empty())
            return Error("no slice of " + c.gpu.id + " holds a replica: " + std::to_string(before) +
                         " tensor-parallel degrees fit, none is a slice topology's chips");
    }
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

Result<OptionResult> notebookOption(const Context& c, const NotebookSpec& spec)
{
    // A session of several GPUs takes whole ones: a whole-GPU regime's, or a
    // whole unit of a regime that spans GPUs (a network pool's whole remote GPU).
    const bool wholeGpu =
        isWholeGpu(c.regime.kind) || (c.regime.multiGpu && c.unit.gpuShare >= 1.0);
    if (!wholeGpu && spec.gpusPerUser > 1.0)
        return Error("sessions of " + std::to_string(spec.gpusPerUser) + " GPUs need whole GPUs");
    const double usable = c.unit.memoryBytes * c.project.assumptions.usableMemoryFraction / 1e9;
    const double needGb = wholeGpu ? spec.memoryGbPerSession / std::max(1.0, spec.gpusPerUser)
                                   : spec.memoryGbPerSession;
    if (needGb > usable)
        return Error("a session needs " + wholeUpText(needGb) + " GB; the unit has " +
                     wholeUpText(std::floor(usable)) + " GB usable");
    // Active hours a day: sessions exist only then, busy `activeFraction` of
    // the whole day, so a / (H / 24) of their own time; the mean over the day
    // is the sessions held in those hours × H / 24, and those hours' sessions
    // are the busiest hour (peak ÷ mean = 24 ÷ H instead of the project's
    // notebook_peak_to_mean_ratio).
    const double dayShare = spec.activeHoursPerDay ? *spec.activeHoursPerDay / 24.0 : 1.0;
    NotebookSpec inSession = spec;
    inSession.activeFraction = std::min(1.0, spec.activeFraction / dayShare);
    const double allocatedInHours =
        notebookAllocatedFraction(inSession, c.project.assumptions, c.filter.notebookIdleTimeout);
    const double allocated = allocatedInHours * dayShare;
    // A TPU session holds the smallest slice of its chips (4 chips on a v5p).
    const double heldPerUser = wholeGpu ? jobGpus(c.unit, spec.gpusPerUser) : 1.0;
    OptionResult option;
    const int months = c.project.horizonMonths;
    for (int m = 1; m <= months; ++m) {
        if (!c.workload.activeIn(m, months)) {
            option.months.push_back({});
            continue;
        }
        const double sessionsHeld = spec.users * allocated;
        const double units = wholeGpu ? sessionsHeld * heldPerUser : sessionsHeld;
        MonthRequirement month = provisioned(units, gpusForUnits(c, units), 0.0);
        // Busy: sessions compute `activeFraction` of the time on their unit.
        const double busyUnits =
            spec.users * spec.activeFraction * (wholeGpu ? spec.gpusPerUser : 1.0);
        month.gpuHoursBusy = busyUnits * c.unit.gpuShare * kHoursPerMonth;
        month.memoryGb = sessionsHeld * spec.memoryGbPerSession;
        // Sessions released on the idle timeout: the mean is paid, the busiest
        // hour held — never more sessions than users (all of them, with no timeout).
        const double peakSessions =
            spec.activeHoursPerDay
                ? spec.users * allocatedInHours
                : std::min(double(spec.users),
                           sessionsHeld * c.project.assumptions.notebookPeakToMeanRatio);
        const double peakUnits = wholeGpu ? peakSessions * heldPerUser : peakSessions;
        month.peakGpus = std::max(month.gpuEquivalents, gpusForUnits(c, peakUnits));
        month.peakUnits = std::max(month.units, peakUnits);
        option.months.push_back(month);
    }
    option.details = {{"allocated_fraction", allocated},
                      {"sessions_per_gpu", double(c.unit.unitsPerGpu)}};
    if (spec.activeHoursPerDay)
        option.details.emplace_back("peak_to_mean_ratio", 1.0 / dayShare);
    option.lostWorkFractionOnSpot = spotLostWorkFraction(
        c.project.assumptions, c.project.activePriceBook(), c.gpu.id,
        std::max(1.0, spec.gpusPerUser), c.project.assumptions.notebookRestoreMin / 60.0);
    return option;
}

Result<OptionResult> batchOption(const Context& c, const BatchSpec& spec)
{
    if (spec.gpusPerJob > 1 && !c.regime.multiGpu)
        return Error("a " + std::to_string(spec.gpusPerJob) + "-GPU job cannot span GPUs under " +
                     std::string(regimeKey(c.regime.kind)));
    const double usable = c.unit.memoryBytes * c.project.assumptions.usableMemoryFraction / 1e9;
    if (spec.memoryGbPerGpu > usable)
        return Error("a job needs " + wholeUpText(spec.memoryGbPerGpu) +
                     " GB per GPU; the unit has " + wholeUpText(std::floor(usable)) + " GB usable");
    if (c.unit.tpuSlices && spec.gpusPerJob > c.unit.tpuSlices->largestSliceChips())
        return Error("a " + std::to_string(spec.gpusPerJob) + "-chip batch job exceeds " +
                     c.gpu.id + "'s largest slice (" +
                     std::to_string(c.unit.tpuSlices->largestSliceChips()) +
                     " chips); multislice is modelled for training only");
    const GpuModel* reference = c.project.catalog().gpu(spec.referenceGpuId);
    if (!reference)
        return Error("reference GPU \"" + spec.referenceGpuId + "\" is not in the catalog");
    // Compute-bound scaling from the reference GPU (dense BF16 peak).
    const double work = spec.gpuHoursPerMonth * densePeakFlopsPerS(*reference, Precision::Bf16);
    double unitHours = work / c.unit.computeFlopsPerS;
    // Preemptible work evicted by priority jobs loses what it did since its last checkpoint.
    const double lostPerEviction =
        spec.checkpointIntervalMin / 120.0 + c.project.assumptions.restartMin / 60.0;
    double evictionLoss = 0;
    if (spec.preemptible && c.project.scheduler.policy == SchedulerPolicy::PredictivePreemption)
        evictionLoss =
            c.project.assumptions.preemptionsPerGpuHour * spec.gpusPerJob * lostPerEviction;
    if (evictionLoss >= 0.9)
        return Error("evictions would destroy " + std::to_string(int(evictionLoss * 100)) +
                     " % of the work");
    unitHours /= (1.0 - evictionLoss);
    OptionResult option;
    const int months = c.project.horizonMonths;
    for (int m = 1; m <= months; ++m) {
        MonthRequirement month;
        if (c.workload.activeIn(m, months)) {
            month.units = unitHours / kHoursPerMonth;
            month.gpuHoursBusy = unitHours * c.unit.gpuShare;
            // On rack-scale bare metal each job holds whole racks.
            const double perJob = spec.gpusPerJob * c.unit.gpuShare;
            month.gpuHoursHeld =
                heldHoursForJobs(c, month.gpuHoursBusy) * (jobGpus(c.unit, perJob) / perJob);
            if (c.unit.integerGpus) // partitions: the instances held (behind the ceiling)
                month.units = unitHours / c.project.scheduler.ceiling() / kHoursPerMonth;
            month.gpuEquivalents = month.gpuHoursHeld / kHoursPerMonth;
            month.memoryGb = month.units * spec.memoryGbPerGpu;
            // Many short jobs share the month: the mean, but at least one job's
            // GPUs. A window of W hours a day holds the day's work at once
            // within it: peak = mean × 24 ÷ W.
            const double windowShare =
                spec.windowHoursPerDay ? *spec.windowHoursPerDay / 24.0 : 1.0;
            month.peakGpus = allocatedGpus(
                c.unit, std::max(month.gpuEquivalents / windowShare, jobGpus(c.unit, perJob)));
            // A window's peak is what capacity and a commitment hold (the
            // units grown as the GPUs are); without one, the mean.
            if (spec.windowHoursPerDay && month.gpuEquivalents > 0)
                month.peakUnits = month.units * month.peakGpus / month.gpuEquivalents;
        }
        option.months.push_back(month);
    }
    option.details = {{"unit_hours_per_month", unitHours},
                      {"eviction_loss_fraction", evictionLoss}};
    option.lostWorkFractionOnSpot =
        spotLostWorkFraction(c.project.assumptions, c.project.activePriceBook(), c.gpu.id,
                             spec.gpusPerJob, lostPerEviction);
    return option;
}

Precision precisionOf(const Workload& workload)
{
    if (const auto* training = std::get_if<TrainingSpec>(&workload.spec))
        return training->precision;
    if (const auto* inference = std::get_if<InferenceSpec>(&workload.spec))
        return inference->precision;
    return Precision::Bf16;
}

double otherTenantsBusy(const Workload& workload)
{
    if (const auto* notebooks = std::get_if<NotebookSpec>(&workload.spec))
        return notebooks->activeFraction;
    return 1.0;
}

Result<OptionResult> requirementOf(const Context& c)
{
    return std::visit(
        [&](const auto& spec) -> Result<OptionResult> {
            using T = std::decay_t<decltype(spec)>;
            if constexpr (std::is_same_v<T, TrainingSpec>)
                return trainingOption(c, spec);
            else if constexpr (std::is_same_v<T, InferenceSpec>)
                return inferenceOption(c, spec);
            else if constexpr (std::is_same_v<T, NotebookSpec>)
                return notebookOption(c, spec);
            else
                return batchOption(c, spec);
        },
        c.workload.spec);
}

} // namespace

std::vector<const GpuModel*> candidateGpus(const Project& project)
{
    std::vector<const GpuModel*> gpus;
    const PriceBook* book = project.activePriceBook();
    for (const GpuModel& gpu : project.catalog().gpus) {
        bool usable = false;
        if (project.fleet.mode == FleetMode::Fixed) {
            for (const FleetPool& pool : project.fleet.pools)
                usable = usable || (pool.gpuId == gpu.id && pool.count > 0);
        } else {
            usable = book && book->prices(gpu.id);
        }
        if (usable)
            gpus.push_back(&gpu);
    }
    return gpus;
}

std::vector<OptionResult> buildOptions(const Project& project, const Workload& workload,
                                       const OptionFilter& filter,
                                       std::vector<RejectedOption>* rejected)
{
    std::vector<OptionResult> options;
    const Segment* segment = project.segment(workload.segmentId);
    const Precision precision = precisionOf(workload);
    const Sharing sharing{otherTenantsBusy(workload), project.tenantCount(workload.segmentId),
                          project.assumptions.sharingPenaltyPerExtraTenant};
    for (const GpuModel* gpu : candidateGpus(project)) {
        for (RegimeKind kind : allRegimes()) {
            if (!filter.regimes.empty() && std::find(filter.regimes.begin(), filter.regimes.end(),
                                                     kind) == filter.regimes.end())
                continue;
            if (!filter.ignoreSegmentRules && segment && !segment->allows(kind))
                continue; // the segment's policy, not a technical limit: not listed
            // A technical limit: listed with its reason.
            if (!gpu->runs(precision)) {
                if (rejected)
                    rejected->push_back(
                        {gpu->id, kind, "",
                         "has no " + std::string(precisionKey(precision)) + " tensor cores"});
                continue;
            }
            // The overhead the workload's kind meets under it (a per-kind
            // figure where the regime states one).
            const Regime regime = regimeFor(project.regime(kind), workload.kind());
            for (const ResourceUnit& unit : resourceUnits(*gpu, regime, precision, sharing)) {
                auto reject = [&](std::string reason) {
                    if (rejected)
                        rejected->push_back({gpu->id, kind, unit.profile, std::move(reason)});
                };
                if (!filter.ignoreSegmentRules && segment &&
                    unit.isolation < segment->isolationFloor) {
                    reject("gives " + std::string(isolationKey(unit.isolation)) +
                           " isolation; segment " + segment->id + " requires " +
                           std::string(isolationKey(segment->isolationFloor)));
                    continue;
                }
                const Context context{project, workload, *gpu, regime, unit, filter};
                auto option = requirementOf(context);
                if (!option) {
                    reject(option.error().toString());
                    continue;
                }
                OptionResult result = std::move(option).value();
                result.gpuId = gpu->id;
                result.regime = kind;
                result.profile = unit.profile;
                result.isolation = unit.isolation;
                result.unitsPerGpu = std::max(1, unit.unitsPerGpu);
                // Replicas and sessions follow the load, and batch jobs in a
                // window hold the day's work within it: capacity holds them
                // towards their peak (docs/MODEL.md, "Gangs and peaks").
                const auto* batch = std::get_if<BatchSpec>(&workload.spec);
                if (workload.kind() == WorkloadKind::Inference ||
                    workload.kind() == WorkloadKind::Notebooks ||
                    (batch && batch->windowHoursPerDay))
                    result.peakCapacityShare = project.assumptions.peakCapacityShare;
                options.push_back(std::move(result));
            }
        }
    }
    return options;
}

bool isPreemptible(const Project& project, const Workload& workload)
{
    const Segment* segment = project.segment(workload.segmentId);
    if (segment && segment->preemptible)
        return true;
    const auto* batch = std::get_if<BatchSpec>(&workload.spec);
    return batch && batch->preemptible;
}

double requestsPerSecondIn(const InferenceSpec& spec, const Workload& workload, int month)
{
    return spec.requestsPerSecond *
           std::pow(1.0 + spec.growthPerMonth, month - workload.startMonth);
}

double notebookAllocatedFraction(const NotebookSpec& spec, const Assumptions& assumptions,
                                 bool idleTimeout)
{
    if (!idleTimeout || spec.idleTimeoutMin <= 0)
        return 1.0;
    const double a = spec.activeFraction;
    const double g = spec.meanIdleGapMin;
    const double t = spec.idleTimeoutMin;
    const double heldIdleShare = 1.0 - std::exp(-t / g); // E[min(X, t)] / E[X] for X ~ Exp(g)
    // Gaps per minute of wall time, and the share of them that outlast the timeout.
    const double gapsPerMin = (1.0 - a) / g;
    const double restoresPerMin = gapsPerMin * std::exp(-t / g);
    return std::min(1.0, a + (1.0 - a) * heldIdleShare +
                             restoresPerMin * assumptions.notebookRestoreMin);
}

std::vector<double> servedPerMonth(const Project& project, const Workload& workload)
{
    std::vector<double> served;
    for (int m = 1; m <= project.horizonMonths; ++m) {
        double value = 0;
        if (workload.activeIn(m, project.horizonMonths)) {
            if (const auto* t = std::get_if<TrainingSpec>(&workload.spec)) {
                const auto tokens = runTokens(project, workload, *t);
                value = t->runsPerMonth * (tokens ? tokens.value() : 0.0);
            } else if (const auto* i = std::get_if<InferenceSpec>(&workload.spec))
                value = requestsPerSecondIn(*i, workload, m) * i->outputTokens * kHoursPerMonth *
                        3600.0;
            else if (const auto* n = std::get_if<NotebookSpec>(&workload.spec))
                value = n->users;
        }
        served.push_back(value);
    }
    return served;
}

bool matchesChoice(const OptionResult& option, const WorkloadChoice& choice)
{
    return (!choice.gpuId || *choice.gpuId == option.gpuId) &&
           (!choice.regime || *choice.regime == option.regime) &&
           (!choice.profile || *choice.profile == option.profile);
}

} // namespace fleet
