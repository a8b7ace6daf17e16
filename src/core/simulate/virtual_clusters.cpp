#include "simulate/virtual_clusters.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace fleet {

namespace {

constexpr int kVcGpusPerNode = 8;

/// A VC's mix: the cluster's, drawing only the jobs that fit the VC.
ClusterMix vcMix(const ClusterMix& mix, double gpuSigma)
{
    ClusterMix vc = mix;
    vc.gpuSigma = gpuSigma;
    vc.onlyJobsThatFit = true;
    return vc;
}

/// Mean GPUs per job over the whole cluster: Σ GPUs ÷ Σ (GPUs ÷ mean GPUs)
/// (each VC's arrival rate is its GPUs ÷ its mean GPUs, at one load).
double clusterMeanGpus(const ClusterMix& mix, const std::vector<int>& vcGpus, double gpuSigma)
{
    const ClusterMix vc = vcMix(mix, gpuSigma);
    double gpus = 0, rate = 0;
    for (int g : vcGpus) {
        gpus += g;
        rate += g / gpuCountTable(vc, g).mean();
    }
    return rate > 0 ? gpus / rate : 1;
}

} // namespace

Result<std::vector<int>> virtualClusterGpus(const ClusterMix& mix,
                                            const std::vector<ClusterMix>& all, int gpusPerNode)
{
    std::vector<double> means;
    for (const auto& vc : mix.virtualClusters)
        means.push_back(vc.meanGpus);
    if (means.empty()) {
        for (const std::string& id : mix.virtualClustersLike) {
            const auto other = std::ranges::find(all, id, &ClusterMix::id);
            if (other == all.end() || other->virtualClusters.empty())
                return Error(mix.id + ": virtual_clusters/like names " + id +
                             ", which is no mix with published virtual clusters");
            for (const auto& vc : other->virtualClusters)
                means.push_back(vc.meanGpus);
        }
        const double total = std::accumulate(means.begin(), means.end(), 0.0);
        if (total <= 0 || mix.publishedClusterGpus <= 0)
            return Error(mix.id + ": virtual_clusters/like needs the cluster's published GPUs");
        for (double& m : means)
            m *= mix.publishedClusterGpus / total;
    }
    if (means.empty())
        return Error(mix.id + " has no virtual clusters (virtual_clusters in its data)");
    std::vector<int> gpus;
    for (double m : means)
        if (const int nodes = int(std::lround(m / gpusPerNode)); nodes > 0)
            gpus.push_back(nodes * gpusPerNode);
    std::ranges::sort(gpus, std::greater<>());
    return gpus;
}

double virtualClusterGpuSigma(const ClusterMix& mix, const std::vector<int>& vcGpus)
{
    // The truncated mean first rises with σ, then falls (a very wide
    // log-normal puts most of what fits at 1 GPU): the first σ, by steps of
    // 0.001, whose mean reaches the published one, else the best.
    double best = mix.gpuSigma, bestMean = 0;
    for (double sigma = 0.01; sigma <= 5.0; sigma += 0.001) {
        const double mean = clusterMeanGpus(mix, vcGpus, sigma);
        if (mean >= mix.publishedMeanGpus)
            return sigma;
        if (mean > bestMean) {
            bestMean = mean;
            best = sigma;
        }
    }
    return best;
}

VirtualClusterRun simulateVirtualClusters(const ClusterMix& mix, const std::vector<int>& vcGpus,
                                          PlacementPolicy policy, double load, int jobs,
                                          std::uint64_t seed)
{
    const ClusterMix vc = vcMix(mix, virtualClusterGpuSigma(mix, vcGpus));
    std::vector<double> rates;
    for (int g : vcGpus)
        rates.push_back(g / gpuCountTable(vc, g).mean());
    const double totalRate = std::accumulate(rates.begin(), rates.end(), 0.0);
    VirtualClusterRun run;
    double busy = 0, gpus = 0, waitHours = 0, runHours = 0;
    for (std::size_t v = 0; v < vcGpus.size(); ++v) {
        const ClusterShape shape{vcGpus[v] / kVcGpusPerNode, kVcGpusPerNode, 1.25, 1};
        const int count = std::max(200, int(std::lround(jobs * rates[v] / totalRate)));
        const std::uint64_t vcSeed = seed * 1000003ull + v;
        const SimulationResult r =
            simulateCluster(shape, policy, clusterMixSteadyJobs(shape, vc, load, count, vcSeed));
        busy += r.utilization * vcGpus[v];
        gpus += vcGpus[v];
        const double n = double(r.nodeJobs.jobs + r.gangs.jobs);
        waitHours += double(r.nodeJobs.jobs) * r.nodeJobs.meanWaitHours +
                     double(r.gangs.jobs) * r.gangs.meanWaitHours;
        runHours += double(r.nodeJobs.jobs) * r.nodeJobs.meanRunHours +
                    double(r.gangs.jobs) * r.gangs.meanRunHours;
        run.jobs += std::int64_t(n);
        run.vcWaitToRun.push_back(overallWaitToRun(r));
    }
    run.delivered = gpus > 0 ? busy / gpus : 0;
    run.waitToRun = runHours > 0 ? waitHours / runHours : 0;
    return run;
}

} // namespace fleet
