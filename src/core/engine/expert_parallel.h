#pragma once

// Expert parallelism of a mixture of experts across the GPUs of one replica:
// each MoE layer sends every token to the GPUs holding the experts it routes
// to and gathers their outputs back (dispatch and combine, two all-to-alls),
// over the scale-up link inside an NVLink domain and over the scale-out
// network between domains; and the step waits for the busiest GPU's experts.
// See docs/MODEL.md, "Mixture of experts: expert parallelism".

namespace fleet {

/// What one expert-parallel all-to-all crosses.
struct AllToAllLink
{
    double latencySeconds = 0;    ///< fixed cost of one dispatch or combine
    double domainBytesPerS = 0;   ///< per GPU, inside the scale-up domain
    double scaleOutBytesPerS = 0; ///< per GPU, between domains (0: none)
    double scaleOutLatencySeconds = 0;
    int domainGpus = 8; ///< GPUs one scale-up (NVLink) domain joins
};

/// The routing one token's hidden state takes through the MoE layers.
struct ExpertRouting
{
    int expertsPerToken = 1;
    int moeLayers = 0;
    double hidden = 0;
    double dispatchBytesPerValue = 1; ///< FP8 dispatch for FP8 weights, 2 for BF16
    double combineBytesPerValue = 2;  ///< expert outputs come back in 16 bits
};

/// Of a token's experts spread evenly over `epGpus` GPUs, how many other
/// GPUs it is sent to (a GPU holding several of its experts gets one copy):
/// (G − 1)·(1 − (1 − 1/G)^k).
double remoteGpusPerToken(int expertsPerToken, int epGpus);

/// Seconds of the dispatch and combine all-to-alls of all MoE layers when
/// each of `epGpus` GPUs sends `tokensPerGpu` tokens. Copies to GPUs of the
/// same domain cross the scale-up link, the rest the scale-out network, at
/// the same time (the slower sets the pace); each layer pays two latencies
/// (the scale-out one when any copy leaves the domain). 0 on one GPU.
double allToAllSeconds(double tokensPerGpu, const ExpertRouting& routing, int epGpus,
                       const AllToAllLink& link);

/// Expected largest of `n` independent standard normal draws (0 for n ≤ 1;
/// 1/√π for 2, 1.029 for 4, 1.424 for 8): E[max] = ∫ x·n·φ(x)·Φ(x)^(n−1) dx.
double expectedMaxOfNormals(int n);

/// The experts of one MoE layer spread over the GPUs of an expert-parallel group.
struct ExpertLayout
{
    int gpus = 1;
    int experts = 0; ///< routed experts per MoE layer
};

/// The busiest GPU's routed-expert work ÷ the mean on `layout`, from the
/// figure `fitted` measured on `fittedOn`. A GPU holds E/G experts; if the
/// experts' shares of the routed tokens scatter with one coefficient of
/// variation c, a GPU's share scatters with c·√(G/E), and the busiest of G
/// lies about E[max of G normals] of those above the mean: the excess
/// λ − 1 scales with E[max_G]·√(G/E). One GPU has no busiest: 1. Without
/// a fitted layout (0 GPUs) the figure is taken as it is.
double expertLoadImbalance(double fitted, ExpertLayout fittedOn, ExpertLayout layout);

} // namespace fleet
