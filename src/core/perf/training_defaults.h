#pragma once

// Training defaults from published runs (data/perf/training.json): MFU by
// model size, checkpoint bandwidth that grows with nodes up to the storage
// system's rate, and the hot-spare share.

#include "util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace fleet {

struct MfuPoint
{
    double params = 0;
    double mfu = 0;
    std::string source;
};

/// How a run's cluster scales: checkpoint bandwidth and spares.
struct TrainingScale
{
    int gpusPerNode = 8;
    /// Nodes the engine's checkpoint_write_gb_per_s was measured on; 0 keeps
    /// that bandwidth whatever the job's size.
    double checkpointReferenceNodes = 0;
    double storageCapGbPerS = 0; ///< 0: no cap
    double hotSpareFraction = 0; ///< spares held beside the gang, as a share of it
};

struct TrainingDefaults
{
    std::vector<MfuPoint> mfuBySize; ///< ascending in params
    TrainingScale scale;
    std::string checkpointSource;
    std::string hotSpareSource;
};

Result<TrainingDefaults> parseTrainingDefaults(std::string_view text, const std::string& file);

/// The built-in defaults (parsed once).
const TrainingDefaults& builtinTrainingDefaults();

/// The default MFU for a model of `params` parameters: interpolated in log N
/// between the published points, flat beyond them.
double defaultMfuForParams(double params);

} // namespace fleet
