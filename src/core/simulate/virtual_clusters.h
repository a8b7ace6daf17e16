#pragma once

// A cluster run as virtual clusters (VCs): each VC a pool of its own GPUs
// with its own queue, as Helios's Slurm partitions are (docs/MODEL.md,
// "Virtual clusters"). A job waits for its VC's GPUs while other VCs may
// have idle ones, which one pool of the whole cluster never does.

#include "simulate/cluster_mix.h"
#include "util/result.h"

#include <cstdint>
#include <vector>

namespace fleet {

/// The GPUs of each of `mix`'s VCs, rounded to whole nodes of `gpusPerNode`
/// (a VC that rounds to none left out), largest first: its own published
/// VCs, or those of the mixes it is `like` (looked up in `all`) scaled alike
/// to its published GPUs. An error if it has neither or names an unknown mix.
Result<std::vector<int>>
virtualClusterGpus(const ClusterMix& mix, const std::vector<ClusterMix>& all, int gpusPerNode = 8);

/// The GPU-count σ when each VC draws only the mix's jobs that fit it
/// (ClusterMix::onlyJobsThatFit, capped at the largest power of two within
/// the VC) and jobs arrive at each VC in proportion to its GPUs ÷ its mean
/// GPUs per job (every VC at the same load): the smallest σ at which the
/// mean GPUs per job over the whole cluster is the published mean (the
/// largest such mean when none reaches it).
double virtualClusterGpuSigma(const ClusterMix& mix, const std::vector<int>& vcGpus);

struct VirtualClusterRun
{
    double delivered = 0;            ///< busy GPU-hours ÷ (GPUs × hours), over all VCs
    double waitToRun = 0;            ///< mean wait ÷ mean run over every measured job
    std::int64_t jobs = 0;           ///< measured jobs
    std::vector<double> vcWaitToRun; ///< per VC, in vcGpus' order
};

/// Each VC of `vcGpus` simulated as its own cluster (8-GPU nodes) at `load`
/// with clusterMixSteadyJobs() of `mix` (σ from virtualClusterGpuSigma,
/// only jobs that fit), `jobs` arrivals shared among the VCs by their
/// arrival rates (at least 200 each), each VC from its own seed derived
/// from `seed`.
VirtualClusterRun simulateVirtualClusters(const ClusterMix& mix, const std::vector<int>& vcGpus,
                                          PlacementPolicy policy, double load, int jobs,
                                          std::uint64_t seed);

} // namespace fleet
