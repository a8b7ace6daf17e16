#include "engine/inference.h"

#include "engine/expert_parallel.h"
#include "perf/serving_table.h"
#include "util/number_text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

namespace fleet {

namespace {

/// Activations cross the tensor-parallel all-reduce in 16 bits.
constexpr double kActivationBytes = 2.0;
constexpr double kMaxBatch = 4096;

/// The efficiencies one replica runs at.
struct Efficiency
{
    double bandwidth = 0, decode = 0, prefill = 0;
    double kvFractionOfFree = 0; ///< 0: usable fraction of all memory
    bool moeAttentionDataParallel = false;
    double expertLoadImbalance = 1.0; ///< busiest GPU's routed-expert work ÷ the mean
    ExpertLayout imbalanceFittedOn;   ///< the layout that figure was measured on
    const InterconnectCost* link = nullptr;
    double linkBytesPerS = 0;
    int maxTensorParallel = 8;
    AllToAllLink allToAll;             ///< expert-parallel dispatch and combine
    double attentionPeakShare = 1;     ///< decode attention's math peak (BF16) ÷ the unit's peak
    double hostSecondsPerSequence = 0; ///< the stack's host work per sequence and step (0: none)
    std::string basis;
};

/// Decode attention kernels compute in 16 bits whatever the weights' precision
/// (FlashMLA and the stacks' MLA and GQA decode kernels): BF16 peak ÷ the peak
/// at `precision` (0.5 for FP8 on every GPU whose FP8 peak is twice its BF16).
double attentionPeakShare(const GpuModel* gpu, Precision precision)
{
    if (!gpu)
        return precision == Precision::Fp8 ? 0.5 : 1.0;
    const double peak = densePeakFlopsPerS(*gpu, precision);
    return peak > 0 ? std::min(1.0, gpu->bf16DenseTflops.value * 1e12 / peak) : 1.0;
}

Efficiency efficiencyFor(const ServingContext& context, Precision precision, const Assumptions& a)
{
    Efficiency e;
    const ServingEfficiency* measured =
        context.gpu ? findServingEfficiency(*context.gpu, precision, context.stack) : nullptr;
    // BF16 on a GPU and stack measured at FP8 only runs at the FP8 fractions:
    // they are fractions of the peaks at the precision served, and the
    // memory system, the stack and its kernels are the same (docs/MODEL.md,
    // "Calibrated serving efficiency"). FP4 fractions are not lent: NVFP4's
    // kernels are another family.
    const bool atFp8 =
        !measured && context.gpu && precision == Precision::Bf16 &&
        (measured = findServingEfficiency(*context.gpu, Precision::Fp8, context.stack)) != nullptr;
    if (measured) {
        // A project's own figure scales the calibrated one by its ratio to the
        // default (so sensitivity and overrides still act).
        const Assumptions defaults;
        const auto scaled = [](double calibrated, double value, double fallback) {
            return std::min(1.0, calibrated * value / fallback);
        };
        e.bandwidth = scaled(measured->memoryBandwidth, a.memoryBandwidthEfficiency,
                             defaults.memoryBandwidthEfficiency);
        e.decode = scaled(measured->decodeCompute, a.decodeComputeEfficiency,
                          defaults.decodeComputeEfficiency);
        e.prefill = scaled(measured->prefillCompute, a.prefillMfu, defaults.prefillMfu);
        e.kvFractionOfFree = measured->kvCacheFractionOfFree;
        e.moeAttentionDataParallel = measured->moeAttentionDataParallel;
        e.expertLoadImbalance = measured->expertLoadImbalance;
        e.imbalanceFittedOn = {measured->imbalanceFitGpus, measured->imbalanceFitExperts};
        e.basis = measured->stack + " on " + measured->gpuId +
                  (atFp8 ? ", calibrated at fp8 (applied to bf16)" : ", calibrated");
    } else {
        e.bandwidth = a.memoryBandwidthEfficiency;
        e.decode = a.decodeComputeEfficiency;
        e.prefill = a.prefillMfu;
        e.basis = "engine assumptions";
    }
    if (context.gpu)
        if ((e.link = findInterconnect(*context.gpu))) {
            e.linkBytesPerS =
                (context.gpu->scaleUpLinkGbPerS ? context.gpu->scaleUpLinkGbPerS->value
                                                : e.link->fallbackGbPerS) *
                1e9 * e.link->bandwidthShare;
            // Tensor parallelism spans the GPU's NVLink domain (8 on a
            // board, 72 in an NVL72 rack); without a scale-up link, the
            // interconnect table's reach over PCIe.
            e.maxTensorParallel = context.gpu->scaleUpLinkGbPerS ? context.gpu->nvlinkDomainGpus
                                                                 : e.link->maxTensorParallel;
            if (e.linkBytesPerS <= 0)
                e.link = nullptr;
        }
    e.attentionPeakShare = attentionPeakShare(context.gpu, precision);
    if (context.gpu)
        if (const StackHost* host = findStackHost(*context.gpu, context.stack))
            e.hostSecondsPerSequence = host->secondsPerSequenceStep;
    if (e.link) {
        const ScaleOutNetwork& net = builtinServingTable().scaleOut;
        e.allToAll.latencySeconds = e.link->latencySeconds;
        e.allToAll.domainBytesPerS = e.linkBytesPerS;
        e.allToAll.scaleOutBytesPerS = net.gbPerSPerGpu * 1e9 * net.bandwidthShare;
        e.allToAll.scaleOutLatencySeconds = net.latencySeconds;
        // The GPUs one NVLink domain joins (the catalog's nvlink_domain_gpus:
        // 8 on HGX boards, 72 in an NVL72 rack); copies to GPUs beyond it
        // cross the scale-out network. A replica spans at most the link's
        // tensor-parallel degree today, inside one domain on every catalog GPU.
        e.allToAll.domainGpus = std::max(1, context.gpu->nvlinkDomainGpus);
    }
    return e;
}

/// The model as the engine sizes it: weights, compute and KV per token.
struct Shape
{
    double totalParams = 0, activeParams = 0, kvBytesPerToken = 0;
    double layers = 0, hidden = 0, attentionDim = 0;
    int kvHeads = 0; ///< 0: not replicated across tensor-parallel ranks (latent, or unknown)
    double decodeAttentionFlops =
        0; ///< per layer and cached token (GQA or MLA, as the model states)
    int experts = 0, expertsPerToken = 0, moeLayers = 0;
    double routedExpertParams = 0;     ///< one routed expert over its layers
    double nonExpertParams = 0;        ///< used by every token, held by no expert
    const ModelShape* model = nullptr; ///< the table's entry (chunked attention), if any

    bool chunked() const { return model && model->chunkedAttentionLayers > 0; }
};

/// The model that shapes the service: the context's (the CLI's --model),
/// else the one the workload names (its `model` field), else none.
const ModelShape* modelFor(const InferenceSpec& spec, const ServingContext& context)
{
    if (context.model)
        return context.model;
    return spec.model.empty() ? nullptr : findModel(spec.model);
}

Shape shapeFor(const InferenceSpec& spec, const ServingContext& context)
{
    Shape s;
    if (const ModelShape* m = modelFor(spec, context)) {
        s.totalParams = m->totalParams;
        s.activeParams = m->activeParams;
        s.kvBytesPerToken = m->kvBytesPerToken(spec.precision);
        s.layers = m->layers;
        s.hidden = m->hiddenSize;
        s.attentionDim = m->attentionDim > 0 ? m->attentionDim : m->hiddenSize;
        s.kvHeads = m->kvLatentDims > 0 ? 0 : m->kvHeads;
        s.decodeAttentionFlops = m->decodeAttentionFlopsPerCachedToken();
        s.experts = m->experts;
        s.expertsPerToken = m->expertsPerToken;
        s.moeLayers = m->moeLayers > 0 ? m->moeLayers : m->layers;
        s.routedExpertParams = m->routedExpertParams();
        s.nonExpertParams = m->nonExpertParams();
        s.model = m;
    } else {
        const ModelShape estimate = estimatedDenseShape(spec.params);
        s.activeParams = spec.params;
        s.totalParams = std::max({spec.params, context.totalParams, spec.totalParams});
        s.kvBytesPerToken = estimatedKvBytesPerToken(spec.params, spec.precision);
        s.layers = estimate.layers;
        s.hidden = estimate.hiddenSize;
        s.attentionDim = estimate.attentionDim;
        s.decodeAttentionFlops = estimate.decodeAttentionFlopsPerCachedToken();
        s.nonExpertParams = s.activeParams;
    }
    if (spec.kvBytesPerToken)
        s.kvBytesPerToken = *spec.kvBytesPerToken;
    return s;
}

/// The shape, or why there is none (a model the table lacks: the project
/// reader refuses it, so only a caller that skipped it gets here).
Result<Shape> checkedShape(const InferenceSpec& spec, const ServingContext& context)
{
    if (!context.model && !spec.model.empty() && !findModel(spec.model))
        return Error("model \"" + spec.model +
                     "\" is not in the model table; known: " + knownModelIds());
    return shapeFor(spec, context);
}

/// Weights plus the memory the KV cache may take on `degree` units: the
/// stack's share of what the weights leave, or the engine's usable fraction
/// of all memory less the weights.
double usableBytes(const ResourceUnit& unit, double degree, double weightBytes,
                   const Efficiency& eff, const Assumptions& assumptions)
{
    const double kvBudget =
        eff.kvFractionOfFree > 0
            ? (unit.memoryBytes * degree - weightBytes) * eff.kvFractionOfFree
            : unit.memoryBytes * assumptions.usableMemoryFraction * degree - weightBytes;
    return weightBytes + kvBudget;
}

/// KV bytes per token held on `degreeUnits` ranks: tensor parallelism splits
/// the KV heads; with more ranks than KV heads each head is held by several
/// ranks (vLLM and TensorRT-LLM replicate it).
double heldKvBytesPerToken(const Shape& shape, int degreeUnits)
{
    return shape.kvBytesPerToken *
           (shape.kvHeads > 0 ? std::max(1.0, double(degreeUnits) / shape.kvHeads) : 1.0);
}

/// Without a known link, tensor parallelism keeps `tensorParallelEfficiency`
/// per doubling; with one, its all-reduces are costed explicitly.
double tensorParallelFactor(const Efficiency& eff, const Assumptions& assumptions, double degree)
{
    return eff.link ? 1.0 : std::pow(assumptions.tensorParallelEfficiency, std::log2(degree));
}

/// Two all-reduces per layer (attention and MLP) of tokens × hidden activations.
double allReduceSeconds(double tokens, const Shape& shape, const Efficiency& eff, int degreeUnits)
{
    if (!eff.link || degreeUnits == 1)
        return 0.0;
    const double degree = degreeUnits;
    const double payload = tokens * shape.hidden * kActivationBytes;
    return shape.layers * 2.0 *
           (eff.link->latencySeconds + payload * 2.0 * (degree - 1) / degree / eff.linkBytesPerS);
}

/// A prompt token costs 2·N in matrix products plus attention over the
/// prompt before it: QKᵀ and AV, 2 FLOPs each per layer, query dimension and
/// earlier token (I/2 on average, causal; within its chunk on a chunked
/// layer). Decode attention is a KV read, counted in the step.
double attentionFlopsPerPromptToken(const InferenceSpec& spec, const Shape& shape)
{
    const double attended =
        spec.inputTokens > 0 && shape.chunked()
            ? shape.model->attendedTokens(0, spec.inputTokens) / spec.inputTokens
            : spec.inputTokens / 2.0;
    return 4.0 * shape.layers * shape.attentionDim * attended;
}

/// Whether a prompt's attention runs on one unit of the group (see below):
/// a mixture of experts on a stack that runs its attention data-parallel and
/// its experts expert-parallel across the group.
bool attentionOnOneUnit(const Efficiency& eff, const Shape& shape, int degreeUnits)
{
    return eff.moeAttentionDataParallel && shape.experts > 0 && degreeUnits > 1;
}

/// Weights the group holds: every weight once, or under expert parallelism
/// the non-expert weights on every unit (attention data parallelism
/// replicates them) and the routed experts split across the group.
double heldWeightBytes(const Shape& shape, const Efficiency& eff, int degreeUnits, double bytes)
{
    if (!attentionOnOneUnit(eff, shape, degreeUnits))
        return shape.totalParams * bytes;
    return (degreeUnits * shape.nonExpertParams + shape.experts * shape.routedExpertParams) * bytes;
}

/// Seconds the tokens' activations spend between units per step: two
/// all-reduces per layer under tensor parallelism; under expert parallelism
/// the dispatch and combine all-to-alls of each GPU's own `tokensPerUnit`.
double exchangeSeconds(double tokens, double tokensPerUnit, const Shape& shape,
                       const Efficiency& eff, int degreeUnits, Precision precision)
{
    if (!attentionOnOneUnit(eff, shape, degreeUnits))
        return allReduceSeconds(tokens, shape, eff, degreeUnits);
    if (!eff.link)
        return 0.0;
    ExpertRouting routing;
    routing.expertsPerToken = shape.expertsPerToken;
    routing.moeLayers = shape.moeLayers;
    routing.hidden = shape.hidden;
    routing.dispatchBytesPerValue = bytesPerValue(precision);
    routing.combineBytesPerValue = kActivationBytes;
    return allToAllSeconds(tokensPerUnit, routing, degreeUnits, eff.allToAll);
}

/// Seconds of compute to prefill `tokens` prompt tokens on `degreeUnits`
/// units. The matrix products split across the group; so does the attention
/// over the prompt, unless the stack runs a mixture of experts' attention
/// data-parallel: then a prompt's attention runs on the one unit holding its
/// request while the others wait for it at the next expert layer (taken as not
/// overlapping other prompts; docs/MODEL.md "Inference").
double prefillComputeSeconds(double tokens, const InferenceSpec& spec, const Shape& shape,
                             const ResourceUnit& unit, int degreeUnits, const Efficiency& eff,
                             const Assumptions& assumptions)
{
    const double degree = degreeUnits;
    const double group = unit.computeFlopsPerS * degree * eff.prefill *
                         tensorParallelFactor(eff, assumptions, degree);
    const double attentionCompute =
        attentionOnOneUnit(eff, shape, degreeUnits) ? unit.computeFlopsPerS * eff.prefill : group;
    return tokens * (2.0 * shape.activeParams / group +
                     attentionFlopsPerPromptToken(spec, shape) / attentionCompute);
}

std::string fitError(double weightBytes, double usable, int degreeUnits, const ResourceUnit& unit,
                     const std::string& what)
{
    return "weights (" + formatNumber(weightBytes / 1e9) + " GB) and " + what +
           " KV cache do not fit in " + formatNumber(usable / 1e9) + " GB of usable memory" +
           (degreeUnits > 1        ? " on " + std::to_string(degreeUnits) + " GPUs"
            : unit.profile.empty() ? ""
                                   : " of a " + unit.profile);
}

/// One replica spanning `degreeUnits` units, or the reason it cannot meet the targets.
Result<InferenceEstimate> sizeReplica(const InferenceSpec& spec, const ResourceUnit& unit,
                                      int degreeUnits, const Assumptions& assumptions,
                                      const Shape& shape, const Efficiency& eff,
                                      bool chunkedPrefill)
{
    InferenceEstimate e;
    const double bytes = bytesPerValue(spec.precision);
    const double active = shape.activeParams;
    const bool expertParallel = attentionOnOneUnit(eff, shape, degreeUnits);
    e.weightBytes = shape.totalParams * bytes;
    const double held = heldWeightBytes(shape, eff, degreeUnits, bytes);
    // Attention data parallelism keeps each request's KV cache on its own
    // unit: no KV head is replicated.
    e.kvBytesPerToken = heldKvBytesPerToken(shape, expertParallel ? 1 : degreeUnits);
    e.tensorParallel = degreeUnits;
    e.efficiencyBasis = eff.basis;
    // The busiest GPU's excess grows with the GPUs the experts are spread
    // over and shrinks with the experts each holds (expertLoadImbalance()).
    const double imbalance =
        expertParallel ? expertLoadImbalance(eff.expertLoadImbalance, eff.imbalanceFittedOn,
                                             {degreeUnits, shape.experts})
                       : 1.0;
    if (expertParallel)
        e.efficiencyBasis += ", attention data-parallel, experts expert-parallel";
    if (imbalance > 1.0)
        e.efficiencyBasis += " (busiest GPU's routed work ×" + formatNumber(imbalance, 3) + ')';
    const double contextMax = spec.inputTokens + spec.outputTokens;
    // Tokens a decode step's attention reads per sequence, averaged over the
    // sequence's output positions (I + O/2 without chunked layers). The KV
    // cache still holds the whole context (the stacks reserve it per request).
    const double contextAverage =
        shape.chunked() && spec.outputTokens > 0
            ? shape.model->attendedTokens(spec.inputTokens, spec.inputTokens + spec.outputTokens) /
                  spec.outputTokens
            : spec.inputTokens + spec.outputTokens / 2.0;
    const double degree = degreeUnits;
    const double usable = usableBytes(unit, degree, held, eff, assumptions);
    if (held + contextMax * e.kvBytesPerToken > usable)
        return Error(fitError(held, usable, degreeUnits, unit, "one sequence's"));
    const double tpEfficiency = tensorParallelFactor(eff, assumptions, degree);
    const double bandwidth = unit.bandwidthBytesPerS * degree * eff.bandwidth * tpEfficiency;
    const double compute = unit.computeFlopsPerS * degree * eff.decode * tpEfficiency;
    // The activations a step's tokens exchange: all-reduces of the group's
    // tokens, or all-to-alls of each unit's share of them.
    const auto exchange = [&](double tokens) {
        return exchangeSeconds(tokens, tokens / degree, shape, eff, degreeUnits, spec.precision);
    };
    // Share of the routed experts the batch's tokens touch (each picks k of E).
    const auto touched = [&](double b) {
        return 1.0 - std::pow(1.0 - double(shape.expertsPerToken) / shape.experts, b);
    };
    // Weights read per step: every weight of a dense model; for MoE the shared
    // part and the experts the batch's tokens touch. Under expert parallelism
    // every unit reads its own copy of the non-expert weights.
    const auto weightsRead = [&](double b) {
        if (shape.experts == 0)
            return e.weightBytes;
        if (expertParallel)
            return held - shape.experts * shape.routedExpertParams * bytes * (1.0 - touched(b));
        return active * bytes + (e.weightBytes - active * bytes) * touched(b);
    };
    // Continuous batching with chunked prefill: each step decodes b tokens and
    // prefills b·I/O prompt tokens of arriving requests (steady state), so
    // the per-token time a user sees includes the prefill it shares the GPU
    // with. A decode-only replica (disaggregated serving) prefills nothing.
    const double prefillPerDecode =
        chunkedPrefill && spec.outputTokens > 0 ? spec.inputTokens / spec.outputTokens : 0;
    const auto readSeconds = [&](double b) { return weightsRead(b) / bandwidth; };
    // Decode attention is its own kernel, bound by its KV reads or by its
    // math (16-bit): GQA reads more than it computes; MLA's every head reads
    // the whole latent, so its FLOPs bind.
    const auto kvReadSeconds = [&](double b) {
        return b * contextAverage * e.kvBytesPerToken / bandwidth;
    };
    const auto attentionMathSeconds = [&](double b) {
        return b * contextAverage * shape.layers * shape.decodeAttentionFlops /
               (compute * eff.attentionPeakShare);
    };
    const auto attentionSeconds = [&](double b) {
        return std::max(kvReadSeconds(b), attentionMathSeconds(b));
    };
    const auto decodeComputeSeconds = [&](double b) { return 2.0 * active * b / compute; };
    const auto prefill = [&](double tokens) {
        return prefillComputeSeconds(tokens, spec, shape, unit, degreeUnits, eff, assumptions);
    };
    const auto prefillSeconds = [&](double b) { return prefill(b * prefillPerDecode); };
    // Expert parallelism waits for the busiest unit: its routed experts' reads,
    // FLOPs (decode and prefill) and all-to-alls take the imbalance times the
    // mean's.
    const double prefillGroup = unit.computeFlopsPerS * degree * eff.prefill * tpEfficiency;
    const auto imbalanceSeconds = [&](double b) {
        if (imbalance <= 1.0)
            return 0.0;
        const double routedFlopsPerToken = 2.0 * shape.expertsPerToken * shape.routedExpertParams;
        const double routed =
            shape.experts * shape.routedExpertParams * bytes * touched(b) / bandwidth +
            routedFlopsPerToken * b / compute +
            routedFlopsPerToken * b * prefillPerDecode / prefillGroup +
            exchange(b * (1.0 + prefillPerDecode));
        return (imbalance - 1.0) * routed;
    };
    const auto gpuSeconds = [&](double b) {
        return readSeconds(b) + attentionSeconds(b) + decodeComputeSeconds(b) + prefillSeconds(b) +
               exchange(b * (1.0 + prefillPerDecode)) + imbalanceSeconds(b);
    };
    // The stack's host work (scheduling, inputs, sampling, bookkeeping) runs
    // per sequence on one thread per scheduler, overlapped with the GPU's
    // step: the longer of the two sets the pace. Under attention data
    // parallelism each unit's rank schedules its own share of the batch.
    const double schedulers = expertParallel ? degree : 1.0;
    const auto hostSeconds = [&](double b) { return eff.hostSecondsPerSequence * b / schedulers; };
    const auto stepSeconds = [&](double b) { return std::max(gpuSeconds(b), hostSeconds(b)); };
    const double tpotSeconds = spec.tpotMs / 1000.0;
    if (stepSeconds(1) > tpotSeconds)
        return Error("one output token takes " + formatNumber(stepSeconds(1) * 1000) +
                     " ms even at batch 1; the target is " + formatNumber(spec.tpotMs) + " ms");
    const double byMemory = (usable - held) / (contextMax * e.kvBytesPerToken);
    int low = 1;
    int high = static_cast<int>(std::max(1.0, std::floor(std::min(byMemory, kMaxBatch))));
    while (low < high) { // the step time grows with the batch
        const int mid = (low + high + 1) / 2;
        if (stepSeconds(mid) <= tpotSeconds)
            low = mid;
        else
            high = mid - 1;
    }
    e.batch = low;
    const double step = stepSeconds(e.batch);
    e.stepMs = step * 1000.0;
    // The attention kernel counts on the side that bounds it.
    const bool attentionMathBound = attentionMathSeconds(e.batch) > kvReadSeconds(e.batch);
    e.computeBound = decodeComputeSeconds(e.batch) + prefillSeconds(e.batch) +
                         (attentionMathBound ? attentionSeconds(e.batch) : 0.0) >=
                     readSeconds(e.batch) + (attentionMathBound ? 0.0 : attentionSeconds(e.batch));
    e.hostBound = hostSeconds(e.batch) > gpuSeconds(e.batch);
    e.prefillShare = prefillSeconds(e.batch) / step;
    e.decodeTokensPerSecond = e.batch / step;

    // Time to first token: a prompt alone on the replica (under expert
    // parallelism on one unit, which sends all its tokens).
    const double prefillAlone =
        prefill(spec.inputTokens) + exchangeSeconds(spec.inputTokens, spec.inputTokens, shape, eff,
                                                    degreeUnits, spec.precision);
    e.prefillMs = prefillAlone * 1000.0;
    if (chunkedPrefill && e.prefillMs > spec.ttftMs)
        return Error("prefilling " + formatNumber(spec.inputTokens) + " tokens takes " +
                     formatNumber(e.prefillMs) + " ms; the time-to-first-token target is " +
                     formatNumber(spec.ttftMs) + " ms");
    // b sequences finish O tokens each per O steps.
    e.requestsPerSecondPerReplica =
        spec.outputTokens > 0 ? e.decodeTokensPerSecond / spec.outputTokens : 1.0 / prefillAlone;
    e.outputTokensPerSecondPerGpu = e.decodeTokensPerSecond / (degree * unit.gpuShare);
    e.memoryGbPerReplica = (held + e.batch * contextMax * e.kvBytesPerToken) / 1e9;
    return e;
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
    return layers * 2.0 * 8.0 * 128.0 * kvBytesPerValue(precision);
}

ServiceParameters serviceParameters(const InferenceSpec& spec)
{
    const Shape shape = shapeFor(spec, {});
    return {modelFor(spec, {}), shape.totalParams, shape.activeParams};
}

bool isSliceDegree(const ResourceUnit& unit, int degreeUnits)
{
    return !unit.tpuSlices || unit.tpuSlices->isSliceSize(degreeUnits);
}

Error offSliceError(int degreesThatFit, const Error* atSlices)
{
    std::string message = "no TPU slice holds an instance: " + std::to_string(degreesThatFit) +
                          " tensor-parallel degree(s) fit, none is a slice topology's chips";
    if (atSlices && !atSlices->issues.empty())
        message += "; at the slice sizes: " + atSlices->messages();
    return Error(std::move(message));
}

Result<std::vector<InferenceEstimate>> inferenceReplicaDegrees(const InferenceSpec& spec,
                                                               const ResourceUnit& unit,
                                                               bool allowTensorParallel,
                                                               const Assumptions& assumptions,
                                                               const ServingContext& context)
{
    const auto checked = checkedShape(spec, context);
    if (!checked)
        return checked.error();
    const Shape& shape = checked.value();
    const Efficiency eff = efficiencyFor(context, spec.precision, assumptions);
    std::vector<InferenceEstimate> degrees;
    Error firstError, offSliceReason;
    int offSlice = 0; // degrees that fit but no slice topology has as many chips
    const int fixed = context.tensorParallel;
    const int maxDegree = fixed > 0 ? fixed : allowTensorParallel ? eff.maxTensorParallel : 1;
    for (int degree = fixed > 0 ? fixed : 1; degree <= maxDegree; degree *= 2) {
        auto candidate =
            sizeReplica(spec, unit, degree, assumptions, shape, eff, context.chunkedPrefill);
        // Why the slice sizes fail (every size is one off TPUs); an off-slice
        // size's reason only when no slice size was tried.
        const bool slice = isSliceDegree(unit, degree);
        if (candidate && !slice)
            ++offSlice;
        else if (candidate)
            degrees.push_back(std::move(candidate).value());
        else if (slice && (firstError.issues.empty() || degree * 2 > maxDegree))
            firstError = candidate.error();
        else if (!slice && offSliceReason.issues.empty())
            offSliceReason = candidate.error();
    }
    if (degrees.empty())
        return offSlice > 0                ? offSliceError(offSlice, &firstError)
               : firstError.issues.empty() ? offSliceReason
                                           : firstError;
    return degrees;
}

Result<InferenceEstimate> estimateInferenceReplica(const InferenceSpec& spec,
                                                   const ResourceUnit& unit,
                                                   bool allowTensorParallel,
                                                   const Assumptions& assumptions,
                                                   const ServingContext& context)
{
    auto degrees = inferenceReplicaDegrees(spec, unit, allowTensorParallel, assumptions, context);
    if (!degrees)
        return degrees.error();
    // More memory for the batch against the all-reduces the split costs.
    const InferenceEstimate* best = nullptr;
    for (const InferenceEstimate& candidate : degrees.value())
        if (!best ||
            candidate.outputTokensPerSecondPerGpu > best->outputTokensPerSecondPerGpu * (1 + 1e-12))
            best = &candidate;
    return *best;
}

Result<PrefillInstance> estimatePrefillInstance(const InferenceSpec& spec, const ResourceUnit& unit,
                                                int degreeUnits, const Assumptions& assumptions,
                                                const ServingContext& context)
{
    const auto checked = checkedShape(spec, context);
    if (!checked)
        return checked.error();
    const Shape& shape = checked.value();
    const Efficiency eff = efficiencyFor(context, spec.precision, assumptions);
    PrefillInstance p;
    p.tensorParallel = degreeUnits;
    const bool expertParallel = attentionOnOneUnit(eff, shape, degreeUnits);
    p.weightBytes = shape.totalParams * bytesPerValue(spec.precision);
    const double held = heldWeightBytes(shape, eff, degreeUnits, bytesPerValue(spec.precision));
    p.kvBytesPerToken = heldKvBytesPerToken(shape, expertParallel ? 1 : degreeUnits);
    p.efficiencyBasis = eff.basis;
    const double degree = degreeUnits;
    const double usable = usableBytes(unit, degree, held, eff, assumptions);
    if (held + spec.inputTokens * p.kvBytesPerToken > usable)
        return Error(fitError(held, usable, degreeUnits, unit, "one prompt's"));
    p.prefillMs =
        (prefillComputeSeconds(spec.inputTokens, spec, shape, unit, degreeUnits, eff, assumptions) +
         exchangeSeconds(spec.inputTokens, spec.inputTokens, shape, eff, degreeUnits,
                         spec.precision)) *
        1000.0;
    return p;
}

int maxTensorParallel(const ServingContext& context, Precision precision,
                      const Assumptions& assumptions)
{
    return efficiencyFor(context, precision, assumptions).maxTensorParallel;
}

double replicasFor(double requestsPerSecond, const InferenceEstimate& estimate)
{
    return requestsPerSecond <= 0
               ? 0.0
               : std::ceil(requestsPerSecond / estimate.requestsPerSecondPerReplica);
}

} // namespace fleet
