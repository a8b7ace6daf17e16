#pragma once

// One training run: FLOPs → GPU-hours, with failures and checkpoints.

#include "model/assumptions.h"
#include "model/project.h"
#include "model/workload.h"
#include "perf/training_defaults.h"
#include "util/result.h"

namespace fleet {

struct TrainingEstimate
{
    double modelFlops = 0;         ///< 6·N·D
    double hardwareFlops = 0;      ///< 6·N·D, or 8·N·D with full recomputation
    double achievedEfficiency = 0; ///< the stated MFU (or HFU) × the GPU's MFU factor
    double idealGpuHours = 0;      ///< counted FLOPs ÷ (peak × achieved efficiency), no losses
    double gpuHours = 0;           ///< with regime overhead, checkpoints and failures
    double wallClockDays = 0;
    double jobMtbfHours = 0;           ///< per-GPU MTBF ÷ GPUs in the job
    double checkpointSeconds = 0;      ///< state bytes ÷ write bandwidth
    double checkpointStallSeconds = 0; ///< training stands still: the write, or the async snapshot
    double checkpointIntervalMin = 0;  ///< Young's √(2·C·M) unless set
    double overheadFraction = 0;       ///< stall/τ + (τ/2 [+ C async] + restart)/M
    double checkpointIdleFraction = 0; ///< share of GPU time stalled for checkpoints (stall/τ)
    double lostWorkPerInterruptionHours = 0; ///< τ/2 + restart (+ C when asynchronous)
    double checkpointWriteGbPerS = 0;        ///< the job's, after scaling with its nodes
    /// (p − 1) ÷ (m + p − 1); 0 without pipelining. Inside the MFU (whole-step),
    /// never charged on top of it.
    double pipelineBubbleFraction = 0;
    double busyEfficiency = 0; ///< achieved ÷ (1 − bubble): the stages' MFU while computing
    int gpusHeld = 0;          ///< the gang and its hot spares
    double gpuHoursHeld = 0;   ///< gpuHours × (1 + hot-spare share)
};

/// GPipe (Huang et al. 2019, §2.3): the bubble is negligible when the
/// micro-batches are at least four times the stages; the default m = 4·p.
constexpr int kDefaultMicroBatchesPerStage = 4;

/// Pipeline stages of one node each (tensor parallelism within the node) that
/// hold a training state of `stateBytes` when one node holds `nodeUsableBytes`.
int minPipelineStages(double stateBytes, double nodeUsableBytes);

/// Estimates one run of `spec` on GPUs giving `peakFlopsPerS` each (dense peak
/// of the chosen precision, before the regime's overhead `regimeOverhead`).
/// Fails with the reason when the run cannot make progress (overhead ≥ 90 %).
/// `scale` sets the GPU's MFU factor (default 1: an H100), how checkpoint
/// bandwidth grows with the job's nodes and the hot spares it holds (default:
/// data/perf/training.json).
Result<TrainingEstimate>
estimateTrainingRun(const TrainingSpec& spec, double peakFlopsPerS, double regimeOverhead,
                    const Assumptions& assumptions,
                    const TrainingScale& scale = builtinTrainingDefaults().scale);

/// The GPU a run stated by its wall-clock length (run_days) is timed on
/// when the workload pins none: the H100 the stated MFU is measured on.
inline constexpr const char* kRunLengthReferenceGpu = "h100-sxm-80gb";

/// The tokens one run of `spec` processes in `runDays` of wall clock on its
/// gang, with the same losses estimateTrainingRun counts: the inverse of its
/// wallClockDays, which is linear in the tokens.
Result<double> tokensForRunDays(const TrainingSpec& spec, double runDays, double peakFlopsPerS,
                                double regimeOverhead, const Assumptions& assumptions,
                                const TrainingScale& scale = builtinTrainingDefaults().scale);

/// A run's tokens: its tokens_per_run, or those its run_days take on the
/// GPU it is timed on — the workload's chosen GPU, else
/// kRunLengthReferenceGpu — whole GPUs at its precision (docs/MODEL.md,
/// "A run by its length"). Every option then runs these tokens, so a faster
/// GPU finishes sooner instead of doing more work.
Result<double> runTokens(const Project& project, const Workload& workload,
                         const TrainingSpec& spec);

/// A run's wall-clock days on its gang: its run_days, or what its tokens
/// take on the GPU runTokens times runs on (for the app's derived cell; each
/// option's own days are its wall_clock_days detail).
Result<double> runDaysOf(const Project& project, const Workload& workload,
                         const TrainingSpec& spec);

} // namespace fleet
