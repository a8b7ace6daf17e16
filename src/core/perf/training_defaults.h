#pragma once

// Training defaults from published runs (data/perf/training.json): MFU by
// model size, the MFU each GPU reaches relative to the H100s those runs used,
// checkpoint bandwidth that grows with nodes up to the storage system's rate,
// and the hot-spare share.

#include "util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace fleet {

struct MfuPoint
{
    std::string curve = "h100"; ///< the GPU generation the run was measured on
    double params = 0;
    double mfu = 0;
    std::string source;
    std::vector<std::string> fitReferences; ///< data/perf/references.json ids it was fitted on
};

/// The MFU curve a GPU is read on (default "h100").
struct GpuMfuCurve
{
    std::string gpu; ///< catalog id
    std::string curve;
    std::string why;
};

/// A GPU's achieved MFU relative to the H100's on the same run.
struct GpuMfuFactor
{
    std::string gpu; ///< catalog id
    double factor = 1.0;
    std::string source;
    std::vector<std::string> fitReferences;
};

/// How a run's cluster scales: the GPU's MFU factor, checkpoint bandwidth and spares.
struct TrainingScale
{
    /// The GPU's MFU relative to the H100 runs the MFU defaults come from
    /// (trainingMfuFactor()); it multiplies the stated or default MFU.
    double mfuFactor = 1.0;
    int gpusPerNode = 8;
    /// Nodes the engine's checkpoint_write_gb_per_s was measured on; 0 keeps
    /// that bandwidth whatever the job's size.
    double checkpointReferenceNodes = 0;
    double storageCapGbPerS = 0; ///< 0: no cap
    double hotSpareFraction = 0; ///< spares held beside the gang, as a share of it
    /// Asynchronous checkpointing: training stalls only for the snapshot to
    /// host memory; the write to storage overlaps training.
    bool asyncCheckpoint = false;
    /// The snapshot's stall as a share of the synchronous write (data/perf/training.json).
    double asyncStallFraction = 1.0;
    /// Pipeline parallelism (1F1B): stages p and micro-batches m per step;
    /// p = 1 is none.
    int pipelineStages = 1;
    int microBatches = 1;
};

struct TrainingDefaults
{
    std::vector<MfuPoint> mfuBySize; ///< ascending in params within each curve
    std::vector<GpuMfuCurve> curveByGpu;
    std::vector<GpuMfuFactor> mfuFactorByGpu;
    TrainingScale scale;
    std::string checkpointSource;
    std::string hotSpareSource;
    std::string asyncCheckpointSource;
};

Result<TrainingDefaults> parseTrainingDefaults(std::string_view text, const std::string& file);

/// The built-in defaults (parsed once).
const TrainingDefaults& builtinTrainingDefaults();

/// The default MFU for a model of `params` active parameters on `gpuId`:
/// the points of the GPU's curve (data/perf/training.json mfu_curve_by_gpu,
/// "h100" for a GPU without an entry), interpolated in log N between them and
/// flat beyond them. A whole-run figure: bubbles, communication, stalls and
/// restarts of the published runs are inside it.
double defaultMfuForParams(double params, std::string_view gpuId = {});

/// The curve `gpuId` is read on ("h100" without an entry).
std::string mfuCurveForGpu(std::string_view gpuId);

/// The MFU `gpuId` reaches relative to an H100 on the same run (published
/// training throughput ÷ peak); 1 for a GPU without a published figure.
double trainingMfuFactor(std::string_view gpuId);

} // namespace fleet
