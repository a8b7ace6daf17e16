#include "engine/training.h"

#include "engine/resource_unit.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace fleet {

int minPipelineStages(double stateBytes, double nodeUsableBytes)
{
    if (nodeUsableBytes <= 0 || stateBytes <= nodeUsableBytes)
        return 1;
    return static_cast<int>(std::ceil(stateBytes / nodeUsableBytes - 1e-9));
}

Result<TrainingEstimate> estimateTrainingRun(const TrainingSpec& spec, double peakFlopsPerS,
                                             double regimeOverhead, const Assumptions& assumptions,
                                             const TrainingScale& scale)
{
    if (peakFlopsPerS <= 0)
        return Error("the GPU has no dense " + std::string(precisionKey(spec.precision)) +
                     " tensor throughput");
    if (scale.pipelineStages < 1 || scale.microBatches < 1)
        return Error("pipeline stages and micro-batches must each be at least 1");
    if (scale.pipelineStages > spec.gpusPerJob)
        return Error("a " + std::to_string(spec.gpusPerJob) + "-GPU job cannot hold " +
                     std::to_string(scale.pipelineStages) + " pipeline stages");
    TrainingEstimate e;
    const double nd = spec.activeParams * spec.tokensPerRun;
    // Kaplan et al. 2020: ≈ 6 FLOPs per parameter per token (forward + backward).
    e.modelFlops = 6.0 * nd;
    // Full activation recomputation repeats the forward pass: ≈ 8·N·D on the
    // hardware (Narayanan et al. 2021). HFU is measured against those FLOPs.
    const bool hfu = spec.measure == EfficiencyMeasure::HfuWithRecompute;
    e.hardwareFlops = hfu ? 8.0 * nd : e.modelFlops;
    const double countedFlops = hfu ? e.hardwareFlops : e.modelFlops;
    // The stated (or default) MFU is an H100's; another GPU reaches its own
    // share of it, measured on published training runs.
    e.achievedEfficiency = spec.efficiency * scale.mfuFactor;
    e.idealGpuHours = countedFlops / (peakFlopsPerS * e.achievedEfficiency * 3600.0);

    // Failures: a job of G GPUs fails G times as often as one GPU.
    const double gpus = spec.gpusPerJob;
    e.jobMtbfHours = assumptions.gpuMtbfHours / gpus;
    const double totalParams = spec.totalParams > 0 ? spec.totalParams : spec.activeParams;
    // Each node writes its shard: the bandwidth measured on the reference
    // nodes grows with the job's nodes, up to the storage system's rate.
    e.checkpointWriteGbPerS = assumptions.checkpointWriteGbPerS;
    if (scale.checkpointReferenceNodes > 0) {
        const double nodes = std::ceil(gpus / std::max(1, scale.gpusPerNode));
        e.checkpointWriteGbPerS *= nodes / scale.checkpointReferenceNodes;
    }
    if (scale.storageCapGbPerS > 0)
        e.checkpointWriteGbPerS = std::min(e.checkpointWriteGbPerS, scale.storageCapGbPerS);
    e.checkpointSeconds =
        totalParams * assumptions.checkpointBytesPerParam / (e.checkpointWriteGbPerS * 1e9);
    const double cHours = e.checkpointSeconds / 3600.0;
    // Asynchronous checkpointing stalls training only for the snapshot to host
    // memory; the write overlaps training but must end before the next one.
    e.checkpointStallSeconds = scale.asyncCheckpoint
                                   ? e.checkpointSeconds * scale.asyncStallFraction
                                   : e.checkpointSeconds;
    const double stallHours = e.checkpointStallSeconds / 3600.0;
    // Young 1974: τ = √(2·C·M) minimises checkpoint time plus expected rework,
    // C being the time training stands still for a checkpoint.
    double tauHours = spec.checkpointIntervalMin ? *spec.checkpointIntervalMin / 60.0
                                                 : std::sqrt(2.0 * stallHours * e.jobMtbfHours);
    if (scale.asyncCheckpoint && !spec.checkpointIntervalMin)
        tauHours = std::max(tauHours, cHours);
    if (scale.asyncCheckpoint && tauHours < cHours) {
        std::ostringstream why;
        why.precision(3);
        why << "with asynchronous checkpointing the checkpoint interval (" << tauHours * 60.0
            << " min) must be at least the write it overlaps (" << cHours * 60.0 << " min)";
        return Error(why.str());
    }
    e.checkpointIntervalMin = tauHours * 60.0;
    const double restartHours = assumptions.restartMin / 60.0;
    // A snapshot becomes a checkpoint only once written: with the write taking
    // C after a snapshot every τ, a failure at a uniform time loses on average
    // (1/τ)·(∫₀^C (x + τ) dx + ∫_C^τ x dx) = τ/2 + C.
    const double writeLagHours = scale.asyncCheckpoint ? cHours : 0.0;
    e.lostWorkPerInterruptionHours = tauHours / 2.0 + writeLagHours + restartHours;
    e.checkpointIdleFraction = stallHours / tauHours;
    // Per hour of running: C/τ stalled for checkpoints; per failure (1/M per
    // hour), on average τ/2 of work lost (+ the write lag) plus the restart.
    e.overheadFraction = e.checkpointIdleFraction + e.lostWorkPerInterruptionHours / e.jobMtbfHours;
    if (e.overheadFraction >= 0.9) {
        std::ostringstream why;
        why.precision(3);
        why << "checkpoints and failures would take " << e.overheadFraction * 100
            << " % of the run: a " << e.checkpointSeconds << " s checkpoint against a job MTBF of "
            << e.jobMtbfHours << " h leaves no time to train";
        return Error(why.str());
    }
    // 1F1B pipeline (Narayanan et al. 2021, §2.2.1: bubble ÷ ideal time =
    // (p − 1)/m): each step the p stages stand idle for p − 1 of m + p − 1
    // micro-batch slots. An MFU, stated or default, is measured over whole
    // steps: the bubble is already inside it and is never charged again. It
    // tells how fast the stages must compute while busy to reach that MFU.
    const double p = scale.pipelineStages, m = scale.microBatches;
    e.pipelineBubbleFraction = (p - 1.0) / (m + p - 1.0);
    e.busyEfficiency = e.achievedEfficiency / (1.0 - e.pipelineBubbleFraction);
    if (e.busyEfficiency > 1.0) {
        std::ostringstream why;
        why.precision(3);
        why << "an MFU of " << e.achievedEfficiency << " over whole steps with a "
            << e.pipelineBubbleFraction * 100 << " % pipeline bubble would need the stages to "
            << "compute at " << e.busyEfficiency << " of peak while busy (more than 1)";
        return Error(why.str());
    }
    e.gpuHours = e.idealGpuHours / ((1.0 - regimeOverhead) * (1.0 - e.overheadFraction));
    e.wallClockDays = e.gpuHours / gpus / 24.0;
    // Hot spares stand by beside the gang to replace failed servers at once.
    e.gpusHeld = static_cast<int>(std::ceil(gpus * (1.0 + scale.hotSpareFraction) - 1e-9));
    e.gpuHoursHeld = e.gpuHours * (1.0 + scale.hotSpareFraction);
    return e;
}

Result<double> tokensForRunDays(const TrainingSpec& spec, double runDays, double peakFlopsPerS,
                                double regimeOverhead, const Assumptions& assumptions,
                                const TrainingScale& scale)
{
    // Every loss (checkpoints, failures) is a share of the run's time, so the days are proportional
    // to the tokens: time a probe run of 10^12 tokens and scale it.
    constexpr double kProbeTokens = 1e12;
    TrainingSpec probe = spec;
    probe.tokensPerRun = kProbeTokens;
    probe.runDays.reset();
    auto run = estimateTrainingRun(probe, peakFlopsPerS, regimeOverhead, assumptions, scale);
    if (!run)
        return run.error();
    return kProbeTokens * runDays / run.value().wallClockDays;
}

namespace {

/// The GPU a run is timed on, and the scale the engine's options use.
struct RunTiming
{
    double peakFlopsPerS = 0;
    TrainingScale scale;
};

Result<RunTiming> runTiming(const Project& project, const Workload& workload,
                            const TrainingSpec& spec)
{
    const std::string gpuId = workload.choice.gpuId.value_or(kRunLengthReferenceGpu);
    const GpuModel* gpu = project.catalog().gpu(gpuId);
    if (!gpu)
        return Error("run_days: the run is timed on " + gpuId +
                     ", which is not in the catalog; choose a GPU for the workload");
    RunTiming timing{densePeakFlopsPerS(*gpu, spec.precision), builtinTrainingDefaults().scale};
    timing.scale.mfuFactor = trainingMfuFactor(gpu->id);
    timing.scale.asyncStallFraction = project.assumptions.checkpointStallFraction;
    timing.scale.asyncCheckpoint = timing.scale.asyncStallFraction < 1.0;
    timing.scale.hotSpareFraction = project.assumptions.hotSpareFraction;
    return timing;
}

} // namespace

Result<double> runTokens(const Project& project, const Workload& workload, const TrainingSpec& spec)
{
    if (!spec.runDays)
        return spec.tokensPerRun;
    auto timing = runTiming(project, workload, spec);
    if (!timing)
        return timing.error();
    auto tokens = tokensForRunDays(spec, *spec.runDays, timing.value().peakFlopsPerS, 0.0,
                                   project.assumptions, timing.value().scale);
    if (!tokens)
        return Error("run_days: " + tokens.error().messages());
    return tokens;
}

Result<double> runDaysOf(const Project& project, const Workload& workload, const TrainingSpec& spec)
{
    if (spec.runDays)
        return *spec.runDays;
    auto timing = runTiming(project, workload, spec);
    if (!timing)
        return timing.error();
    auto run = estimateTrainingRun(spec, timing.value().peakFlopsPerS, 0.0, project.assumptions,
                                   timing.value().scale);
    if (!run)
        return run.error();
    return run.value().wallClockDays;
}

} // namespace fleet
