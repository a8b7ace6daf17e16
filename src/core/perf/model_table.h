#pragma once

// Shapes of common open models (data/perf/models.json): total parameters set
// the weights' memory, active parameters the compute per token, and layers ×
// KV heads × head size (or a latent) the KV cache per token.

#include "model/workload.h"
#include "util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace fleet {

struct ModelShape
{
    std::string id; ///< "llama-3.1-70b"
    std::string name;
    double totalParams = 0;  ///< all weights (memory)
    double activeParams = 0; ///< used per token (compute); = total for dense models
    int layers = 0;
    double hiddenSize = 0;
    double attentionDim = 0; ///< query heads × head dimension (attention FLOPs); 0: hiddenSize
    int kvHeads = 0;         ///< grouped-query attention: KV heads per layer
    int headDim = 0;         ///< dimensions per head
    int kvLatentDims = 0;    ///< multi-head latent attention: values cached per layer (else 0)
    int experts = 0;         ///< routed experts per layer (0: dense)
    int expertsPerToken = 0; ///< experts each token uses
    std::string source;
    std::string asOf;

    bool mixtureOfExperts() const { return experts > 0; }
    /// Values cached per token over all layers (K and V, or the latent).
    double kvValuesPerToken() const;
    /// KV-cache bytes per token at `precision` (the cache stored like the weights).
    double kvBytesPerToken(Precision precision) const;
};

/// Reads data/perf/models.json text; every problem names the entry and field.
Result<std::vector<ModelShape>> parseModelTable(std::string_view text, const std::string& file);

/// The built-in table (parsed once; empty if the built-in file were broken,
/// which test_perf_tables rules out).
const std::vector<ModelShape>& builtinModels();

/// The built-in model `id`, or nullptr.
const ModelShape* findModel(std::string_view id);

/// A dense Llama-3-like shape for `params` parameters: grouped-query attention
/// with 8 KV heads of 128 dimensions, layers and hidden size interpolated in
/// log N through Llama 3.2 1B, 3.1 8B, 70B and 405B. For a model the table
/// does not know.
ModelShape estimatedDenseShape(double params);

/// The ids of the built-in models, comma-separated (for messages).
std::string knownModelIds();

} // namespace fleet
