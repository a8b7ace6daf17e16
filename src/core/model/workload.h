#pragma once

// Workloads: what the customers of a segment run. Four kinds, each with its
// own inputs; every number carries its unit in its name.

#include "model/pricing.h"
#include "model/regime.h"

#include <optional>
#include <string>
#include <variant>

namespace fleet {

/// Weights' number format. Fp4 is a 4-bit float with a shared scale per
/// block (NVFP4 on Blackwell: an FP8 scale per 16 values; MXFP4 on MI355X:
/// a power-of-two scale per 32), run on FP4 tensor cores where the GPU has
/// them (GpuModel::fp4DenseTflops).
enum class Precision
{
    Bf16,
    Fp8,
    Fp4
};
std::string_view precisionKey(Precision precision); ///< "bf16", "fp8", "fp4"
std::optional<Precision> precisionFromKey(std::string_view key);
/// Bytes per weight at this precision (FP4: 4 bits and NVFP4's FP8 scale per
/// 16 values, 0.5625).
double bytesPerValue(Precision precision);
/// Bytes per KV-cache element: the weights' for BF16 and FP8; FP8 for an FP4
/// model (the NVFP4 checkpoints TensorRT-LLM serves keep an FP8 KV cache).
double kvBytesPerValue(Precision precision);

/// How the stated training efficiency is measured. MFU counts model FLOPs
/// (6·N·D); HFU counts hardware FLOPs, which with full activation
/// recomputation are 8·N·D (Narayanan et al. 2021). Never mix the two.
enum class EfficiencyMeasure
{
    Mfu,
    HfuWithRecompute
};

struct TrainingSpec
{
    double activeParams = 0.0; ///< N: active parameters (all of them for a dense model)
    double totalParams = 0.0;  ///< for checkpoint size; 0 = same as activeParams
    double tokensPerRun = 0.0; ///< D; 0 when the run is stated by its length (runDays)
    /// The run's wall-clock length in days on its gang, instead of its tokens:
    /// exactly one of the two is given, the other derived (engine/training.h,
    /// runTokens).
    std::optional<double> runDays;
    int gpusPerJob = 1;
    double efficiency = 0.40; ///< MFU, or HFU when `measure` says so
    EfficiencyMeasure measure = EfficiencyMeasure::Mfu;
    Precision precision = Precision::Bf16;
    double runsPerMonth = 1.0;                   ///< runs started per month while active
    std::optional<double> checkpointIntervalMin; ///< absent: Young's optimum
    int priority = 0;                            ///< higher preempts lower (scheduler)
};

struct InferenceSpec
{
    /// A model of data/perf/models.json ("deepseek-v3"): its shape sets the
    /// weights (total parameters), the compute (active) and the KV cache; ""
    /// for none (a dense Llama-3-like shape estimated from N, or `totalParams`).
    std::string model;
    double params = 0.0;      ///< N (active parameters for MoE); with a model, the model's
    double totalParams = 0.0; ///< all weights of a mixture of experts; 0 = same as params
    Precision precision = Precision::Bf16;
    double requestsPerSecond = 0.0; ///< in the workload's first month
    double inputTokens = 0.0;       ///< per request
    double outputTokens = 0.0;      ///< per request
    double tpotMs = 50.0;           ///< target time per output token
    double ttftMs = 2000.0;         ///< target time to first token
    double growthPerMonth = 0.0;    ///< request-rate growth, fraction per month (0.05 = +5 %)
    std::optional<double> kvBytesPerToken; ///< absent: estimated from N (see docs/MODEL.md)
};

struct NotebookSpec
{
    int users = 0;
    double gpusPerUser = 1.0;      ///< GPUs (or GPU memory shares) a session holds
    double activeFraction = 0.05;  ///< share of wall time the GPU is busy
    double meanIdleGapMin = 120.0; ///< idle gaps are exponential with this mean
    double idleTimeoutMin = 0.0;   ///< 0: sessions never release their GPU
    double memoryGbPerSession = 20.0;
    /// Hours a day sessions exist (the users' working hours, averaged over the
    /// week); unset: sessions exist all day and the busiest hour is the mean ×
    /// notebook_peak_to_mean_ratio (docs/MODEL.md, "Notebooks").
    std::optional<double> activeHoursPerDay;
};

struct BatchSpec
{
    double gpuHoursPerMonth = 0.0; ///< on the reference GPU
    std::string referenceGpuId;    ///< GPU the GPU-hours were measured on
    int gpusPerJob = 1;
    double memoryGbPerGpu = 40.0;
    bool preemptible = true;
    double checkpointIntervalMin = 30.0;
    /// Hours a day the jobs may run (a nightly window); unset: any hour. Its
    /// GPUs are then held at once within the window: peak = mean × 24 ÷ window.
    std::optional<double> windowHoursPerDay;
};

enum class WorkloadKind
{
    Training,
    Inference,
    Notebooks,
    Batch
};
std::string_view workloadKindKey(WorkloadKind kind);

/// A user's choice for a workload; unset fields are left to the engine.
struct WorkloadChoice
{
    std::optional<std::string> gpuId;
    std::optional<RegimeKind> regime;
    std::optional<std::string> profile;
    std::optional<Plan> plan;
};

struct Workload
{
    std::string id;
    std::string name;
    std::string segmentId;
    int startMonth = 1; ///< 1-based month of the horizon
    int endMonth = 0;   ///< last active month; 0 = to the end of the horizon
    std::variant<TrainingSpec, InferenceSpec, NotebookSpec, BatchSpec> spec;
    WorkloadChoice choice;
    std::string note;

    WorkloadKind kind() const { return static_cast<WorkloadKind>(spec.index()); }
    bool activeIn(int month, int horizonMonths) const
    {
        const int last = endMonth > 0 ? endMonth : horizonMonths;
        return month >= startMonth && month <= last;
    }
};

} // namespace fleet
