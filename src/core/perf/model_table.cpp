#include "perf/model_table.h"

#include "perf/json_rules.h"
#include "perf/perf_data.h"

#include <array>
#include <cmath>

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
                    {"kv_heads", "head_dim", "kv_latent_dims", "experts", "experts_per_token",
                     "attention_dim"});
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
        m.experts = r.integer(*o, "experts", path, 2, 4096, false).value_or(0);
        m.expertsPerToken = r.integer(*o, "experts_per_token", path, 1, 4096, false).value_or(0);
        m.source = r.string(*o, "source", path).value_or("");
        m.asOf = r.string(*o, "as_of", path).value_or("");
        if (m.activeParams > m.totalParams)
            r.report(path + "/active_params", "must not exceed total_params");
        if (m.kvLatentDims == 0 && (m.kvHeads == 0 || m.headDim == 0))
            r.report(path, "needs kv_heads and head_dim, or kv_latent_dims");
        if ((m.experts > 0) != (m.expertsPerToken > 0) || m.expertsPerToken > m.experts)
            r.report(path + "/experts_per_token",
                     "needs experts, and must not exceed it (both or neither)");
        if (m.experts == 0 && m.activeParams != m.totalParams)
            r.report(path + "/active_params", "must equal total_params for a dense model");
        r.setEntry("");
        models.push_back(std::move(m));
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
        if (m.id == id)
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
    m.source = "estimated: layers and hidden size interpolated in log N through Llama 3.2 1B, "
               "3.1 8B, 70B and 405B";
    m.layers = static_cast<int>(std::lround(at.layers));
    return m;
}

} // namespace fleet
