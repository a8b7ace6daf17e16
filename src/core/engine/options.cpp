#include "engine/options.h"

#include "engine/inference.h"
#include "engine/resource_unit.h"
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

Result<OptionResult> trainingOption(const Context& c, const TrainingSpec& spec)
{
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
    // The unit's compute already carries the regime's overhead.
    auto run = estimateTrainingRun(spec, c.unit.computeFlopsPerS, 0.0, c.project.assumptions);
    if (!run)
        return run.error();
    const TrainingEstimate& e = run.value();
    OptionResult option;
    const int months = c.project.horizonMonths;
    for (int m = 1; m <= months; ++m) {
        MonthRequirement month;
        if (c.workload.activeIn(m, months)) {
            // Unit-hours of the run, counted as GPU equivalents of this unit.
            month.gpuHoursBusy = spec.runsPerMonth * e.gpuHours * c.unit.gpuShare;
            month.gpuHoursHeld = heldHoursForJobs(c, month.gpuHoursBusy);
            month.gpuEquivalents = month.gpuHoursHeld / kHoursPerMonth;
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
                      {"checkpoint_reclaim_fraction", reclaim}};
    // A gang loses its work since the last checkpoint whenever any one of
    // the instances it spans is interrupted.
    option.lostWorkFractionOnSpot = spotLostWorkFraction(c.project.assumptions, spec.gpusPerJob,
                                                         e.lostWorkPerInterruptionHours);
    return option;
}

Result<OptionResult> inferenceOption(const Context& c, const InferenceSpec& spec)
{
    ServingContext serving;
    serving.gpu = &c.gpu; // its calibrated efficiency and link (data/perf/serving.json)
    auto replica =
        estimateInferenceReplica(spec, c.unit, c.regime.multiGpu, c.project.assumptions, serving);
    if (!replica)
        return replica.error();
    const InferenceEstimate& e = replica.value();
    OptionResult option;
    const int months = c.project.horizonMonths;
    double firstReplicas = 0;
    for (int m = 1; m <= months; ++m) {
        if (!c.workload.activeIn(m, months)) {
            option.months.push_back({});
            continue;
        }
        const double rps = requestsPerSecondIn(spec, c.workload, m);
        const double replicas = replicasFor(rps, e);
        if (firstReplicas == 0)
            firstReplicas = replicas;
        const double units = replicas * e.tensorParallel;
        const double load = replicas > 0 ? rps / (replicas * e.requestsPerSecondPerReplica) : 0.0;
        MonthRequirement month = provisioned(units, gpusForUnits(c, units), load);
        month.memoryGb = replicas * e.memoryGbPerReplica;
        option.months.push_back(month);
    }
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
    // An interrupted replica (its tensor-parallel GPUs) is reloaded: the reload time is lost.
    option.lostWorkFractionOnSpot = spotLostWorkFraction(c.project.assumptions, e.tensorParallel,
                                                         c.project.assumptions.restartMin / 60.0);
    return option;
}

Result<OptionResult> notebookOption(const Context& c, const NotebookSpec& spec)
{
    const bool wholeGpu = isWholeGpu(c.regime.kind);
    if (!wholeGpu && spec.gpusPerUser > 1.0)
        return Error("sessions of " + std::to_string(spec.gpusPerUser) + " GPUs need whole GPUs");
    const double usable = c.unit.memoryBytes * c.project.assumptions.usableMemoryFraction / 1e9;
    const double needGb = wholeGpu ? spec.memoryGbPerSession / std::max(1.0, spec.gpusPerUser)
                                   : spec.memoryGbPerSession;
    if (needGb > usable)
        return Error("a session needs " + wholeUpText(needGb) + " GB; the unit has " +
                     wholeUpText(std::floor(usable)) + " GB usable");
    const double allocated =
        notebookAllocatedFraction(spec, c.project.assumptions, c.filter.notebookIdleTimeout);
    OptionResult option;
    const int months = c.project.horizonMonths;
    for (int m = 1; m <= months; ++m) {
        if (!c.workload.activeIn(m, months)) {
            option.months.push_back({});
            continue;
        }
        const double sessionsHeld = spec.users * allocated;
        const double units = wholeGpu ? sessionsHeld * spec.gpusPerUser : sessionsHeld;
        MonthRequirement month = provisioned(units, gpusForUnits(c, units), 0.0);
        // Busy: sessions compute `activeFraction` of the time on their unit.
        const double busyUnits =
            spec.users * spec.activeFraction * (wholeGpu ? spec.gpusPerUser : 1.0);
        month.gpuHoursBusy = busyUnits * c.unit.gpuShare * kHoursPerMonth;
        month.memoryGb = sessionsHeld * spec.memoryGbPerSession;
        option.months.push_back(month);
    }
    option.details = {{"allocated_fraction", allocated},
                      {"sessions_per_gpu", double(c.unit.unitsPerGpu)}};
    option.lostWorkFractionOnSpot =
        spotLostWorkFraction(c.project.assumptions, std::max(1.0, spec.gpusPerUser),
                             c.project.assumptions.notebookRestoreMin / 60.0);
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
            month.gpuHoursHeld = heldHoursForJobs(c, month.gpuHoursBusy);
            if (c.unit.integerGpus) // partitions: the instances held (behind the ceiling)
                month.units = unitHours / c.project.scheduler.ceiling() / kHoursPerMonth;
            month.gpuEquivalents = month.gpuHoursHeld / kHoursPerMonth;
            month.memoryGb = month.units * spec.memoryGbPerGpu;
        }
        option.months.push_back(month);
    }
    option.details = {{"unit_hours_per_month", unitHours},
                      {"eviction_loss_fraction", evictionLoss}};
    option.lostWorkFractionOnSpot =
        spotLostWorkFraction(c.project.assumptions, spec.gpusPerJob, lostPerEviction);
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
    for (const GpuModel* gpu : candidateGpus(project)) {
        for (RegimeKind kind : kAllRegimes) {
            if (!filter.regimes.empty() && std::find(filter.regimes.begin(), filter.regimes.end(),
                                                     kind) == filter.regimes.end())
                continue;
            if (!filter.ignoreSegmentRules && segment && !segment->allows(kind))
                continue; // the segment's policy, not a technical limit: not listed
            const Regime& regime = project.regime(kind);
            for (const ResourceUnit& unit :
                 resourceUnits(*gpu, regime, precision, otherTenantsBusy(workload))) {
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
            if (const auto* t = std::get_if<TrainingSpec>(&workload.spec))
                value = t->runsPerMonth * t->tokensPerRun;
            else if (const auto* i = std::get_if<InferenceSpec>(&workload.spec))
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
