#pragma once

// What buildOptions (engine/options.cpp) hands each workload kind's option
// builder: one workload on one unit of one GPU model under one regime; the
// kinds' builders (engine/training_option.cpp, inference_option.cpp,
// notebook_option.cpp, batch_option.cpp) and the rules they share.

#include "engine/evaluation.h"
#include "engine/options.h"
#include "engine/resource_unit.h"
#include "util/result.h"

namespace fleet {

struct OptionContext
{
    const Project& project;
    const Workload& workload;
    const GpuModel& gpu;
    const Regime& regime;
    const ResourceUnit& unit;
    const OptionFilter& filter;
};

/// Requirement of a provisioned option holding `gpuEquivalents` all month.
MonthRequirement provisioned(double units, double gpuEquivalents, double busyFraction);

/// The GPUs `units` of the context's unit hold, shared units at the
/// project's packing efficiency.
double gpusForUnits(const OptionContext& c, double units);

/// Held hours of job-like work (training, batch): one cluster scheduler queues
/// jobs whatever the regime, so every unit — whole GPU, partition or share —
/// waits behind the scheduler's utilization ceiling (no regime gains from
/// skipping it); shared units also lose the packing efficiency.
double heldHoursForJobs(const OptionContext& c, double busyHours);

/// Each kind's requirement month by month on the context's unit (costs not
/// yet filled in), or why the unit cannot run it.
Result<OptionResult> trainingOption(const OptionContext& c, const TrainingSpec& stated);
Result<OptionResult> inferenceOption(const OptionContext& c, const InferenceSpec& spec);
Result<OptionResult> notebookOption(const OptionContext& c, const NotebookSpec& spec);
Result<OptionResult> batchOption(const OptionContext& c, const BatchSpec& spec);

} // namespace fleet
