#pragma once

// Shapes of common open models (data/perf/models.json): total parameters set
// the weights' memory, active parameters the compute per token, the attention
// the model states (grouped-query: layers × KV heads × head size cached; or
// multi-head latent: a compressed latent cached, attended by every query
// head) the KV cache and the decode attention FLOPs per token, and a mixture
// of experts its routed experts, the ones each token uses, its shared
// experts and the layers that route.

#include "model/workload.h"
#include "util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace fleet {

/// How a model's attention caches and reads its keys and values.
enum class AttentionKind
{
    GroupedQuery, ///< "gqa": KV heads × head dimension cached per layer (MHA: KV heads = heads)
    LatentMla     ///< "mla": one latent per layer cached, shared by every query head
};

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
    AttentionKind attention = AttentionKind::GroupedQuery;
    int queryHeads =
        0; ///< attention heads of the queries (MLA: needed; GQA: attentionDim ÷ headDim)
    int kvLoraRank = 0; ///< MLA: the latent's value part (kv_lora_rank; the rest is the RoPE key)
    int experts = 0;    ///< routed experts per layer (0: dense)
    int expertsPerToken = 0; ///< experts each token uses
    int sharedExperts = 0;   ///< experts every token uses besides the routed ones
    int moeLayers = 0;       ///< layers whose MLP routes to experts (0 for a dense model)
    /// Chunked local attention (Llama 4): `chunkedAttentionLayers` layers
    /// attend only within their `attentionChunkTokens`-token chunk of the
    /// sequence; the other layers attend to the whole context. 0: none.
    int attentionChunkTokens = 0;
    int chunkedAttentionLayers = 0;
    std::string source;
    std::string asOf;
    /// Other ids the model is known by (a release of the same weights' shape:
    /// "llama-3.3-70b" for llama-3.1-70b, "deepseek-r1" for deepseek-v3);
    /// findModel() takes them as the id.
    std::vector<std::string> aliases;

    bool mixtureOfExperts() const { return experts > 0; }
    /// Values cached per token over all layers (K and V, or the latent).
    double kvValuesPerToken() const;
    /// KV-cache bytes per token at `precision` (the cache stored like the weights).
    double kvBytesPerToken(Precision precision) const;
    /// Decode attention FLOPs per layer for each cached token a new token
    /// attends to: QKᵀ and AV, 2 FLOPs a multiply-add. GQA: 2·2·heads·head
    /// dimension (= 4·attentionDim); MLA, absorbed as its decode kernels run
    /// it: 2·heads·(latent + kv_lora_rank) — every head reads the whole latent.
    double decodeAttentionFlopsPerCachedToken() const;
    /// Parameters of one routed expert over all its layers: (total − active) ÷
    /// (experts − experts per token); 0 for a dense model.
    double routedExpertParams() const;
    /// Parameters every token uses that no expert holds (attention, dense
    /// layers, shared experts, embeddings): active − experts per token × one
    /// routed expert; = active for a dense model.
    double nonExpertParams() const;
    /// Tokens a layer-averaged attention reads, summed over the positions
    /// [from, to) of one sequence (continuous: ∫ t dt): each position attends
    /// to the tokens before it, within its chunk on a chunked layer.
    double attendedTokens(double from, double to) const;
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
