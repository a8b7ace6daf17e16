#pragma once

// Heavy-tailed job mixes from published cluster summaries (data/perf/
// cluster_mixes.json; docs/MODEL.md, "Job mixes from published clusters"):
// log-normal run times and log-normal GPU counts rounded to powers of two,
// each fitted to a cluster's published median and mean.

#include "simulate/cluster_simulator.h"
#include "util/result.h"

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

struct ClusterMix
{
    std::string id;     ///< "helios-venus", …
    std::string label;  ///< "Helios Venus (SenseTime, April-September 2020)"
    std::string source; ///< where the published figures come from
    double publishedMedianRunHours = 0, publishedMeanRunHours = 0;
    double publishedMeanGpus = 0;
    /// The cluster's GPU load over the trace (its jobs' GPU-seconds ÷ (its
    /// GPUs × the trace's span)) and its GPU jobs' mean wait ÷ mean run, when
    /// published (Helios; 0 otherwise), and the cluster's GPUs (0 unknown).
    double publishedLoad = 0;
    double publishedWaitToRun = 0;
    int publishedClusterGpus = 0;
    double runMuLnHours = 0; ///< run time: ln of hours ~ Normal(μ, σ)
    double runSigma = 0;
    double gpuSigma = 0; ///< GPUs: 2^round(log2 X), ln X ~ Normal(0, σ), at most maxGpus
    int maxGpus = 1;
    /// false: a job larger than the cluster drawn is cut to it (the shares
    /// above it go to its largest size); true: such jobs are not drawn (the
    /// shares are those of the jobs that fit, renormalized) — a virtual
    /// cluster's jobs, which its quota bounds.
    bool onlyJobsThatFit = false;
    /// The cluster's virtual clusters (VCs) as published: each VC's GPUs
    /// averaged over the trace (simulate/virtual_clusters.h). Empty if none.
    struct VirtualCluster
    {
        std::string id;
        double meanGpus = 0;
    };
    std::vector<VirtualCluster> virtualClusters;
    /// Mixes whose VCs stand in for this one's, scaled to its GPUs, when its
    /// own are not published (an assumption, stated in the data file).
    std::vector<std::string> virtualClustersLike;
    /// The published GPU-count shares (Helios: the paper's Figure 6a, read
    /// from the artefact's vector figure), ascending: each step's jobs at its
    /// upper GPU count, the jobs above the last step at the count that keeps
    /// the published mean. Empty if none published.
    struct GpuCount
    {
        int gpus = 1;
        double share = 0;
    };
    std::vector<GpuCount> publishedGpuCounts;
    /// Draw GPU counts from publishedGpuCounts instead of the log-normal.
    bool usePublishedGpuCounts = false;
    /// The published mean GPU-job submissions in each hour of the day
    /// (Helios: the paper's Figure 3b, read from the artefact's vector
    /// figure), 24 values scaled to a mean of 1. Empty if none published.
    std::vector<double> hourlySubmissions;
    /// Arrivals follow hourlySubmissions through the day (a Poisson process
    /// whose rate is the mean rate times the hour's share) instead of one
    /// rate all day.
    bool useDiurnalArrivals = false;
};

/// The mixes of data/perf/cluster_mixes.json (a refusal says which field of
/// which mix breaks which rule).
Result<std::vector<ClusterMix>> builtinClusterMixes();
/// Parses a cluster_mixes.json text; `file` names it in errors.
Result<std::vector<ClusterMix>> parseClusterMixes(std::string_view text, std::string_view file);

/// The share of jobs of 1, 2, 4, … GPUs (index i: 2^i GPUs), up to
/// min(mix.maxGpus, capGpus) — a job larger than the cluster is cut to it.
std::vector<double> gpuCountShares(const ClusterMix& mix, int capGpus);
/// The run-time quantile `q` (0 < q < 1) in hours.
double runHoursQuantile(const ClusterMix& mix, double q);

/// The GPU counts a mix draws and their shares, cut to `capGpus` (or, with
/// onlyJobsThatFit, without the larger ones): the published counts when
/// usePublishedGpuCounts, else the log-normal's powers of two.
struct GpuCountTable
{
    std::vector<int> gpus;
    std::vector<double> shares;
    double mean() const;
};
GpuCountTable gpuCountTable(const ClusterMix& mix, int capGpus);

/// Draws a mix's jobs: GPUs (cut to `capGpus`) and run hours.
class MixSampler
{
public:
    MixSampler(const ClusterMix& mix, int capGpus);
    int gpus(std::mt19937_64& random) { return m_gpus[std::size_t(m_size(random))]; }
    double hours(std::mt19937_64& random) { return m_hours(random); }
    /// The run time of a job found running at a random moment: drawn in
    /// proportion to its length (a log-normal's length-biased form is the
    /// log-normal of μ + σ², σ).
    double lengthBiasedHours(std::mt19937_64& random) const
    {
        const double s = m_hours.s();
        return std::lognormal_distribution<double>(m_hours.m() + s * s, s)(random);
    }
    double meanGpus() const { return m_meanGpus; }
    double meanHours() const { return m_meanHours; }

private:
    std::vector<int> m_gpus;
    std::discrete_distribution<int> m_size;
    std::lognormal_distribution<double> m_hours;
    double m_meanGpus = 1, m_meanHours = 1;
};

/// `count` jobs of `mix` with Poisson arrivals at offered load `load` on
/// `cluster` (λ = ρ·C ÷ (E[GPUs]·E[hours])), from `seed`.
std::vector<SimJob> clusterMixJobs(const ClusterShape& cluster, const ClusterMix& mix, double load,
                                   int count, std::uint64_t seed);

/// The jobs running at time 0 had the stream of clusterMixJobs been running
/// for ever (on GPUs enough for all: the M/G/∞ steady state): a Poisson
/// number of mean λ·E[hours], each of the mix's GPUs, its run time drawn in
/// proportion to its length and the part still to run uniform within it.
/// They arrive at 0, largest first. Without them a heavy tail never reaches
/// steady state within the run: a job of the mix runs past the whole
/// stream's span often enough that Saturn's cluster at load 0.84 (100,000
/// jobs, about 335 hours) was 66 % busy (docs/MODEL.md, "Delivered load").
std::vector<SimJob> clusterMixInService(const ClusterShape& cluster, const ClusterMix& mix,
                                        double load, std::uint64_t seed);

/// clusterMixInService() then clusterMixJobs(): `count` arriving jobs on a
/// cluster that starts in steady state — what `simulate --synthetic --mix`
/// runs. The jobs in service come first and fall within the warm-up. The
/// arrivals are then stretched (or pressed) alike until the jobs drawn offer
/// `load` over the window the simulator measures (kDefaultWarmupFraction):
/// one draw of a heavy tail offers a load ±15 % off its expectation, and the
/// load asked is the load offered, not its expectation.
std::vector<SimJob> clusterMixSteadyJobs(const ClusterShape& cluster, const ClusterMix& mix,
                                         double load, int count, std::uint64_t seed);

/// The clock time (hours from midnight of day 0) at which a Poisson process
/// whose rate follows `perHour` (24 factors of mean 1, the hour of the day's
/// rate ÷ the mean rate) has the arrivals a constant unit rate has by
/// `operationalHours`: arrivals drawn at one rate and passed through this
/// follow the day's shape and keep their count over whole days. Empty
/// `perHour`: the time unchanged.
double diurnalClockHours(double operationalHours, const std::vector<double>& perHour);

/// Mean wait ÷ mean run over every measured job (both classes together),
/// as a published cluster summary states it (Helios: avg_que_time_gpu ÷
/// avg_run_time_gpu); 0 without jobs.
double overallWaitToRun(const SimulationResult& result);

} // namespace fleet
