// A training run's option on one unit: the run's tokens, GPU-hours and wall
// clock (engine/training.cpp), its gang and hot spares, TPU slices, and the
// hours held behind the scheduler's ceiling (docs/MODEL.md, "Training").

#include "engine/option_context.h"
#include "engine/training.h"
#include "model/spot.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace fleet {

Result<OptionResult> trainingOption(const OptionContext& c, const TrainingSpec& stated)
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
        computeFlopsPerS *= c.unit.tpuSlices->computeKept(slices);
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

} // namespace fleet
