#include "engine/inference.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <sstream>

namespace fleet {

namespace {

std::string formatNumber(double value, int precision = 3)
{
    std::ostringstream out;
    out.precision(precision);
    out << value;
    return out.str();
}

} // namespace

double estimatedKvBytesPerToken(double params, Precision precision)
{
    // (parameters, layers) of Llama 3.2 1B, Llama 3.1 8B, 70B and 405B.
    constexpr std::array<std::pair<double, double>, 4> kLayers = {
        {{1.2e9, 16}, {8e9, 32}, {70e9, 80}, {405e9, 126}}};
    double layers = kLayers.front().second;
    if (params >= kLayers.back().first) {
        layers = kLayers.back().second;
    } else {
        for (std::size_t i = 0; i + 1 < kLayers.size(); ++i) {
            const auto [n0, l0] = kLayers[i];
            const auto [n1, l1] = kLayers[i + 1];
            if (params >= n0 && params <= n1) {
                const double t = std::log(params / n0) / std::log(n1 / n0);
                layers = l0 + t * (l1 - l0);
            }
        }
    }
    // K and V, 8 KV heads of 128 dimensions per layer.
    return layers * 2.0 * 8.0 * 128.0 * bytesPerValue(precision);
}

namespace {

/// One replica spanning `degree` units, or the reason it cannot meet the targets.
Result<InferenceEstimate> sizeReplica(const InferenceSpec& spec, const ResourceUnit& unit,
                                      int degreeUnits, const Assumptions& assumptions)
{
    InferenceEstimate e;
    const double n = spec.params;
    e.weightBytes = n * bytesPerValue(spec.precision);
    e.kvBytesPerToken =
        spec.kvBytesPerToken ? *spec.kvBytesPerToken : estimatedKvBytesPerToken(n, spec.precision);
    e.tensorParallel = degreeUnits;
    const double contextMax = spec.inputTokens + spec.outputTokens;
    const double contextAverage = spec.inputTokens + spec.outputTokens / 2.0;
    const double degree = degreeUnits;
    const double usable = unit.memoryBytes * assumptions.usableMemoryFraction * degree;
    if (e.weightBytes + contextMax * e.kvBytesPerToken > usable)
        return Error("weights (" + formatNumber(e.weightBytes / 1e9) +
                     " GB) and one sequence's KV cache do not fit in " +
                     formatNumber(usable / 1e9) + " GB of usable memory" +
                     (degreeUnits > 1        ? " on " + std::to_string(degreeUnits) + " GPUs"
                      : unit.profile.empty() ? ""
                                             : " of a " + unit.profile));
    // Tensor parallelism keeps `tensorParallelEfficiency` per doubling.
    const double tpEfficiency = std::pow(assumptions.tensorParallelEfficiency, std::log2(degree));
    const double bandwidth =
        unit.bandwidthBytesPerS * degree * assumptions.memoryBandwidthEfficiency * tpEfficiency;
    const double compute =
        unit.computeFlopsPerS * degree * assumptions.decodeComputeEfficiency * tpEfficiency;
    const double tpotSeconds = spec.tpotMs / 1000.0;

    // Roofline of one decode step at batch b: read the weights and every
    // sequence's KV cache, or do 2·N FLOPs per sequence, whichever is slower.
    const auto stepSeconds = [&](double b) {
        return std::max((e.weightBytes + b * contextAverage * e.kvBytesPerToken) / bandwidth,
                        2.0 * n * b / compute);
    };
    if (stepSeconds(1) > tpotSeconds)
        return Error("one output token takes " + formatNumber(stepSeconds(1) * 1000) +
                     " ms even at batch 1; the target is " + formatNumber(spec.tpotMs) + " ms");
    const double byBandwidth =
        (tpotSeconds * bandwidth - e.weightBytes) / (contextAverage * e.kvBytesPerToken);
    const double byCompute = tpotSeconds * compute / (2.0 * n);
    const double byMemory = (usable - e.weightBytes) / (contextMax * e.kvBytesPerToken);
    constexpr double kMaxBatch = 4096;
    e.batch = static_cast<int>(
        std::max(1.0, std::floor(std::min({byBandwidth, byCompute, byMemory, kMaxBatch}))));
    const double step = stepSeconds(e.batch);
    e.stepMs = step * 1000.0;
    e.computeBound = 2.0 * n * e.batch / compute >=
                     (e.weightBytes + e.batch * contextAverage * e.kvBytesPerToken) / bandwidth;
    e.decodeTokensPerSecond = e.batch / step;

    // Prefill is compute-bound: 2·N FLOPs per prompt token.
    const double prefillSeconds =
        2.0 * n * spec.inputTokens /
        (unit.computeFlopsPerS * degree * assumptions.prefillMfu * tpEfficiency);
    e.prefillMs = prefillSeconds * 1000.0;
    if (e.prefillMs > spec.ttftMs)
        return Error("prefilling " + formatNumber(spec.inputTokens) + " tokens takes " +
                     formatNumber(e.prefillMs) + " ms; the time-to-first-token target is " +
                     formatNumber(spec.ttftMs) + " ms");
    // A replica's time per request: its prefill, then its 1/batch share of
    // `outputTokens` decode steps (prefill and decode not overlapped).
    e.requestsPerSecondPerReplica = 1.0 / (prefillSeconds + spec.outputTokens * step / e.batch);
    e.outputTokensPerSecondPerGpu =
        e.requestsPerSecondPerReplica * spec.outputTokens / (degree * unit.gpuShare);
    e.memoryGbPerReplica = (e.weightBytes + e.batch * contextMax * e.kvBytesPerToken) / 1e9;
    return e;
}

} // namespace

Result<InferenceEstimate> estimateInferenceReplica(const InferenceSpec& spec,
                                                   const ResourceUnit& unit,
                                                   bool allowTensorParallel,
                                                   const Assumptions& assumptions)
{
    // Try 1, 2, 4 and 8 units per replica and keep the one that serves the
    // most output tokens per GPU: more units give a bigger batch, but lose
    // tensor-parallel efficiency.
    std::optional<InferenceEstimate> best;
    Error firstError;
    for (int degree = 1; degree <= (allowTensorParallel ? 8 : 1); degree *= 2) {
        auto candidate = sizeReplica(spec, unit, degree, assumptions);
        if (!candidate) {
            if (firstError.issues.empty() || degree == 8)
                firstError = candidate.error();
            continue;
        }
        if (!best || candidate.value().outputTokensPerSecondPerGpu >
                         best->outputTokensPerSecondPerGpu * (1 + 1e-12))
            best = candidate.value();
    }
    if (!best)
        return firstError;
    return *best;
}

double replicasFor(double requestsPerSecond, const InferenceEstimate& estimate)
{
    return requestsPerSecond <= 0
               ? 0.0
               : std::ceil(requestsPerSecond / estimate.requestsPerSecondPerReplica);
}

} // namespace fleet
