#pragma once

// Achieved serving efficiency per GPU × precision × serving stack, and the
// cost of tensor parallelism per scale-up interconnect (data/perf/serving.json).
// Each figure is fitted to, and checked against, public measurements; see
// docs/MODEL.md "Calibrated serving efficiency".

#include "model/gpu.h"
#include "model/workload.h"
#include "util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace fleet {

/// Fractions of the datasheet peak a serving stack reaches on one GPU.
struct ServingEfficiency
{
    std::string gpuId;
    Precision precision = Precision::Fp8;
    std::string stack;                     ///< "tensorrt-llm", "vllm", ...
    double memoryBandwidth = 0.8;          ///< of peak HBM bandwidth, reading weights and KV cache
    double decodeCompute = 0.5;            ///< of dense peak, decode matrix products
    double prefillCompute = 0.5;           ///< of dense peak, prefill (prompt) tokens
    double kvCacheFractionOfFree = 0;      ///< KV cache budget: this share of memory left after the
                                           ///< weights (0: the engine's usable-memory fraction)
    bool moeAttentionDataParallel = false; ///< a mixture of experts runs attention data-parallel:
                                           ///< a request's attention on one GPU of the group and
                                           ///< the experts expert-parallel across it
    double expertLoadImbalance = 1.0;      ///< expert parallelism: the busiest GPU's routed-expert
                                           ///< work (reads, FLOPs, all-to-all) ÷ the mean (≥ 1)
    int imbalanceFitGpus = 0;    ///< the expert-parallel GPUs of the rows λ was fitted on
    int imbalanceFitExperts = 0; ///< and their model's routed experts per MoE layer
    /// Every figure above is this GPU's entry at the same precision and stack
    /// (the same compute die with other memory); "" = its own figures.
    std::string sameComputeDieAs;
    std::string source;
    std::string asOf;
    std::vector<std::string> fitReferences; ///< data/perf/references.json ids fitted on
};

/// What one all-reduce across a tensor-parallel group costs on a link family.
struct InterconnectCost
{
    std::string link;              ///< matched as a prefix of the catalog's scale_up_link
    double latencySeconds = 20e-6; ///< fixed cost per all-reduce
    double bandwidthShare = 0.25;  ///< of the catalog's per-GPU link bandwidth an all-reduce gets
    double fallbackGbPerS = 0;     ///< link bandwidth when the catalog states none (PCIe)
    int maxTensorParallel = 8;     ///< GPUs one replica may span on this link
    std::string source;
    std::string asOf;
    std::vector<std::string> fitReferences; ///< data/perf/references.json ids fitted on
};

/// The network between scale-up domains (expert-parallel all-to-alls that
/// leave an NVLink domain cross it).
struct ScaleOutNetwork
{
    double gbPerSPerGpu = 0;       ///< each GPU's NIC
    double bandwidthShare = 0.25;  ///< of that an all-to-all gets
    double latencySeconds = 20e-6; ///< fixed cost of one all-to-all
    std::string source;
    std::string asOf;
};

/// The serving stack's own work on the host per decode step: scheduling,
/// input preparation, sampling and request bookkeeping, per sequence its
/// scheduler holds. The stack overlaps it with the GPU's step, so a step
/// takes the longer of the two (docs/MODEL.md, "The serving stack's host").
struct StackHost
{
    std::string stack;
    double secondsPerSequenceStep = 0;
    std::string source;
    std::string asOf;
    std::vector<std::string> fitReferences; ///< data/perf/references.json ids fitted on
};

struct ServingTable
{
    std::vector<ServingEfficiency> efficiencies;
    std::vector<StackHost> stackHosts;
    std::vector<InterconnectCost> interconnects;
    ScaleOutNetwork scaleOut;
    std::string nvidiaStack = "tensorrt-llm"; ///< assumed when none is named
    std::string amdStack = "vllm";
};

Result<ServingTable> parseServingTable(std::string_view text, const std::string& file);

/// The built-in table (parsed once).
const ServingTable& builtinServingTable();

/// The stack assumed for `gpu` when none is named.
std::string defaultStack(const GpuModel& gpu);

/// The host figure of `stack` ("" = the vendor's default stack for `gpu`);
/// nullptr when none is stored (the engine then sets no host limit).
const StackHost* findStackHost(const GpuModel& gpu, std::string_view stack);

/// The calibrated efficiency of `gpu` at `precision` under `stack` ("" = the
/// vendor's default stack); nullptr when none is stored.
const ServingEfficiency* findServingEfficiency(const GpuModel& gpu, Precision precision,
                                               std::string_view stack);

/// The tensor-parallel cost of `gpu`'s scale-up link; nullptr when unknown.
const InterconnectCost* findInterconnect(const GpuModel& gpu);

} // namespace fleet
