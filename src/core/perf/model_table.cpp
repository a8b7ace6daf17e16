#include "perf/model_table.h"

#include "perf/json_rules.h"
#include "perf/perf_data.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace fleet {

double ModelShape::kvValuesPerToken() const
{
    if (kvLatentDims > 0)
        return double(layers) * kvLatentDims;
    return double(layers) * 2.0 * kvHeads * headDim; // K and V
}

double ModelShape::kvBytesPerToken(Precision precision) const
{
    return kvValuesPerToken() * kvBytesPerValue(precision);
}

double ModelShape::decodeAttentionFlopsPerCachedToken() const
{
    if (attention == AttentionKind::LatentMla)
        return 2.0 * queryHeads * (double(kvLatentDims) + kvLoraRank);
    return 4.0 * (attentionDim > 0 ? attentionDim : hiddenSize);
}

double ModelShape::routedExpertParams() const
{
    return experts > expertsPerToken ? (totalParams - activeParams) / (experts - expertsPerToken)
                                     : 0.0;
}

double ModelShape::nonExpertParams() const
{
    return activeParams - expertsPerToken * routedExpertParams();
}

namespace {

/// ∫₀ⁿ (t mod chunk) dt: the tokens a position attends to within its chunk,
/// summed over the first n positions (whole chunks and the rest).
double attendedWithinChunks(double n, double chunk)
{
    if (n <= 0)
        return 0.0;
    const double whole = std::floor(n / chunk);
    const double rest = n - whole * chunk;
    return (whole * chunk * chunk + rest * rest) / 2;
}

} // namespace

double ModelShape::attendedTokens(double from, double to) const
{
    if (to <= from)
        return 0.0;
    // Full attention: position t reads the t tokens before it (continuous, so
    // a prompt of I averages I/2 and a decode from I to I + O averages I + O/2).
    const double full = (to - from) * (from + to) / 2;
    if (attentionChunkTokens <= 0 || chunkedAttentionLayers <= 0 || layers <= 0)
        return full;
    const double chunked = attendedWithinChunks(to, attentionChunkTokens) -
                           attendedWithinChunks(from, attentionChunkTokens);
    const double share = double(chunkedAttentionLayers) / layers;
    return (1.0 - share) * full + share * chunked;
}

namespace {

/// "attention": "gqa" (KV heads and head dimension) or "mla" (the latent, its
/// kv_lora_rank part and the query heads that all read it).
void readAttention(json::Reader& r, const boost::json::object& o, const std::string& path,
                   ModelShape& m)
{
    const std::string kind = r.string(o, "attention", path).value_or("");
    if (kind == "mla") {
        m.attention = AttentionKind::LatentMla;
        if (m.kvLatentDims == 0 || m.kvLoraRank == 0 || m.queryHeads == 0)
            r.report(path, "attention \"mla\" needs kv_latent_dims, kv_lora_rank and query_heads");
        else if (m.kvLoraRank >= m.kvLatentDims)
            r.report(path + "/kv_lora_rank",
                     "must be below kv_latent_dims (the rest is the RoPE key)");
    } else if (kind == "gqa") {
        m.attention = AttentionKind::GroupedQuery;
        if (m.kvLatentDims > 0 || m.kvLoraRank > 0)
            r.report(path + "/attention",
                     "\"gqa\" caches KV heads; kv_latent_dims and kv_lora_rank are for \"mla\"");
    } else if (!kind.empty()) {
        r.report(path + "/attention", "must be \"gqa\" or \"mla\"");
    }
}

/// A mixture of experts states its shared experts and routing layers; a dense
/// model states neither. The non-expert parameters must be positive (the
/// total and active counts agree with the expert counts).
void checkExperts(json::Reader& r, const boost::json::object& o, const std::string& path,
                  const ModelShape& m)
{
    if (m.experts == 0) {
        if (o.contains("shared_experts") || o.contains("moe_layers"))
            r.report(path, "shared_experts and moe_layers are for a mixture of experts (experts)");
        return;
    }
    if (!o.contains("shared_experts") || !o.contains("moe_layers"))
        r.report(path, "a mixture of experts needs shared_experts and moe_layers");
    if (m.moeLayers > m.layers)
        r.report(path + "/moe_layers", "must not exceed layers");
    if (m.expertsPerToken < m.experts && m.totalParams > m.activeParams && m.nonExpertParams() <= 0)
        r.report(path + "/active_params",
                 "leaves no parameters outside the routed experts: active − experts_per_token × "
                 "(total − active) ÷ (experts − experts_per_token) must be positive");
}

} // namespace

Result<std::vector<ModelShape>> parseModelTable(std::string_view text, const std::string& file)
{
    auto parsed = json::parse(text, file);
    if (!parsed)
        return parsed.error();
    json::Reader r(file);
    std::vector<ModelShape> models;
    const auto* root = r.asObject(parsed.value(), "");
    if (!root)
        return Error(r.issues());
    r.checkKeys(*root, "", {"format", "format_version", "models"}, {"description"});
    const auto* list = r.array(*root, "models", "");
    if (!list)
        return Error(r.issues());
    const json::NumberRule params = perf::range(1e6, false, 1e14);
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string path = json::pointer("/models", i);
        const auto* o = r.asObject((*list)[i], path);
        if (!o)
            continue;
        r.checkKeys(*o, path,
                    {"id", "name", "total_params", "active_params", "layers", "hidden_size",
                     "source", "as_of"},
                    {"attention", "kv_heads", "head_dim", "kv_latent_dims", "kv_lora_rank",
                     "query_heads", "experts", "experts_per_token", "shared_experts", "moe_layers",
                     "attention_dim", "attention_chunk_tokens", "chunked_attention_layers",
                     "aliases"});
        ModelShape m;
        m.id = r.identifier(*o, "id", path).value_or("");
        r.setEntry(m.id);
        m.name = r.string(*o, "name", path).value_or("");
        m.totalParams = r.number(*o, "total_params", path, params).value_or(0);
        m.activeParams = r.number(*o, "active_params", path, params).value_or(0);
        m.layers = r.integer(*o, "layers", path, 1, 1000).value_or(0);
        m.hiddenSize = r.number(*o, "hidden_size", path, perf::range(1, false, 1e6)).value_or(0);
        m.attentionDim = r.number(*o, "attention_dim", path, perf::range(1, false, 1e6), false)
                             .value_or(m.hiddenSize);
        m.kvHeads = r.integer(*o, "kv_heads", path, 1, 1024, false).value_or(0);
        m.headDim = r.integer(*o, "head_dim", path, 1, 4096, false).value_or(0);
        m.kvLatentDims = r.integer(*o, "kv_latent_dims", path, 1, 65536, false).value_or(0);
        m.kvLoraRank = r.integer(*o, "kv_lora_rank", path, 1, 65536, false).value_or(0);
        m.queryHeads = r.integer(*o, "query_heads", path, 1, 4096, false).value_or(0);
        m.experts = r.integer(*o, "experts", path, 2, 4096, false).value_or(0);
        m.expertsPerToken = r.integer(*o, "experts_per_token", path, 1, 4096, false).value_or(0);
        m.sharedExperts = r.integer(*o, "shared_experts", path, 0, 64, false).value_or(0);
        m.moeLayers = r.integer(*o, "moe_layers", path, 1, 1000, false).value_or(0);
        m.attentionChunkTokens =
            r.integer(*o, "attention_chunk_tokens", path, 1, 1 << 24, false).value_or(0);
        m.chunkedAttentionLayers =
            r.integer(*o, "chunked_attention_layers", path, 1, 1000, false).value_or(0);
        if ((m.attentionChunkTokens > 0) != (m.chunkedAttentionLayers > 0))
            r.report(path + "/chunked_attention_layers",
                     "chunked attention needs both attention_chunk_tokens and "
                     "chunked_attention_layers");
        else if (m.chunkedAttentionLayers > m.layers)
            r.report(path + "/chunked_attention_layers", "must not exceed layers");
        readAttention(r, *o, path, m);
        m.source = r.string(*o, "source", path).value_or("");
        m.asOf = r.string(*o, "as_of", path).value_or("");
        if (const auto* aliases = r.array(*o, "aliases", path, false))
            for (std::size_t a = 0; a < aliases->size(); ++a) {
                const auto* alias = (*aliases)[a].if_string();
                if (!alias || !json::isValidIdentifier(std::string(*alias)))
                    r.report(json::pointer(path + "/aliases", a),
                             "must be an id: 1–64 characters of a–z, 0–9, '-', '_' or '.'");
                else
                    m.aliases.emplace_back(*alias);
            }
        if (m.activeParams > m.totalParams)
            r.report(path + "/active_params", "must not exceed total_params");
        if (m.kvLatentDims == 0 && (m.kvHeads == 0 || m.headDim == 0))
            r.report(path, "needs kv_heads and head_dim, or kv_latent_dims");
        if ((m.experts > 0) != (m.expertsPerToken > 0) || m.expertsPerToken > m.experts)
            r.report(path + "/experts_per_token",
                     "needs experts, and must not exceed it (both or neither)");
        if (m.experts == 0 && m.activeParams != m.totalParams)
            r.report(path + "/active_params", "must equal total_params for a dense model");
        checkExperts(r, *o, path, m);
        r.setEntry("");
        models.push_back(std::move(m));
    }
    // Every id and alias names one model.
    std::map<std::string, std::size_t> names;
    for (std::size_t i = 0; i < models.size(); ++i) {
        std::vector<std::string> own = models[i].aliases;
        own.push_back(models[i].id);
        for (const std::string& name : own) {
            const auto [at, added] = names.emplace(name, i);
            if (!added)
                r.report(json::pointer("/models", i), "the id or alias \"" + name +
                                                          "\" is already model " +
                                                          models[at->second].id + "'s");
        }
    }
    if (r.failed())
        return Error(r.issues());
    return models;
}

const std::vector<ModelShape>& builtinModels()
{
    static const std::vector<ModelShape> models = [] {
        auto parsed = parseModelTable(perfDataFile("models.json"), "built-in:perf/models.json");
        return parsed ? parsed.value() : std::vector<ModelShape>{};
    }();
    return models;
}

const ModelShape* findModel(std::string_view id)
{
    for (const ModelShape& m : builtinModels())
        if (m.id == id || std::find(m.aliases.begin(), m.aliases.end(), id) != m.aliases.end())
            return &m;
    return nullptr;
}

std::string knownModelIds()
{
    std::string ids;
    for (const ModelShape& m : builtinModels())
        ids += (ids.empty() ? "" : ", ") + m.id;
    return ids;
}

ModelShape estimatedDenseShape(double params)
{
    // (parameters, layers, hidden size) of Llama 3.2 1B, Llama 3.1 8B, 70B and 405B.
    struct Point
    {
        double params, layers, hidden;
    };
    constexpr std::array<Point, 4> kPoints = {
        {{1.2e9, 16, 2048}, {8e9, 32, 4096}, {70e9, 80, 8192}, {405e9, 126, 16384}}};
    Point at = params >= kPoints.back().params ? kPoints.back() : kPoints.front();
    for (std::size_t i = 0; i + 1 < kPoints.size(); ++i) {
        const Point& a = kPoints[i];
        const Point& b = kPoints[i + 1];
        if (params >= a.params && params <= b.params) {
            const double t = std::log(params / a.params) / std::log(b.params / a.params);
            at = {params, a.layers + t * (b.layers - a.layers),
                  std::exp(std::log(a.hidden) + t * std::log(b.hidden / a.hidden))};
        }
    }
    ModelShape m;
    m.id = "estimated";
    m.name = "Llama-3-like dense model (estimated from N)";
    m.totalParams = m.activeParams = params;
    m.hiddenSize = at.hidden;
    m.attentionDim = at.hidden;
    m.kvHeads = 8;
    m.headDim = 128;
    m.queryHeads = static_cast<int>(std::lround(at.hidden / 128.0));
    m.source = "estimated: layers and hidden size interpolated in log N through Llama 3.2 1B, "
               "3.1 8B, 70B and 405B";
    m.layers = static_cast<int>(std::lround(at.layers));
    return m;
}

} // namespace fleet
