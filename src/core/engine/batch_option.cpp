// A batch workload's option on one unit: its GPU-hours scaled from the
// reference GPU's compute, evictions' lost work, the hours held behind the
// scheduler's ceiling, and a daily window's peak (docs/MODEL.md, "Batch").

#include "engine/option_context.h"
#include "model/spot.h"
#include "util/number_text.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace fleet {

Result<OptionResult> batchOption(const OptionContext& c, const BatchSpec& spec)
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

} // namespace fleet
