#pragma once

// A discrete-event simulation of a GPU cluster: nodes of G GPUs, jobs that
// arrive with a gang size and a duration, and a placement policy. The
// utilization frontier (issue 6) is built from runs of it; see docs/MODEL.md.

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace fleet {

enum class PlacementPolicy
{
    Fifo,                 ///< first come, first served on interchangeable GPUs (validation)
    Naive,                ///< pods on the first node with room, never split; no reservation
    TopologyAware,        ///< a gang packed within one node (best fit), or on whole nodes
    PredictivePreemption, ///< topology-aware; preemptible work is evicted for priority jobs
    WeightedFair ///< topology-aware; tenants share by cost weight, capped, borrowed work reclaimed
};
std::string_view placementPolicyKey(PlacementPolicy policy);
std::optional<PlacementPolicy> placementPolicyFromKey(std::string_view key);

struct SimJob
{
    double arrivalHours = 0;
    double durationHours = 0; ///< on GPUs of one node (a split gang under naive takes longer)
    int gpus = 1;
    /// > 0: a fractional request for this many of one GPU's
    /// ClusterShape::slicesPerGpu slices (a MIG instance, a time-slice share);
    /// `gpus` is then ignored.
    int slices = 0;
    int priority = 0;
    bool preemptible = false;
    double checkpointIntervalHours = 0.5;
    int tenant = 0; ///< index into the tenants passed to simulateCluster
    /// > 0: a planned run (a monthly pre-training run): `arrivalHours` is its
    /// planned start, and this many hours before it the scheduler reserves
    /// its nodes and drains them — nothing that would still run at the
    /// planned start is placed on them — so that it starts on time
    /// (docs/MODEL.md, "Planned runs"). Not under fifo.
    double plannedLeadHours = 0;
};

/// A tenant of the cluster, for the weighted fair policy (docs/MODEL.md,
/// "Weighted fair sharing").
struct SimTenant
{
    double weight = 1.0;  ///< cost weight: premium tiers weigh more
    double quotaGpus = 0; ///< 0: no quota, hence no cap
    double capShare =
        0.6; ///< while others below their caps wait, at most this share of the quota is held
};

/// What one tenant got, over the measured window.
struct TenantResult
{
    double gpuHours = 0;      ///< busy GPU-hours of its jobs
    double runGpuHours = 0;   ///< as gpuHours, over the whole run (no window): a replay's total
    double share = 0;         ///< its GPU-hours ÷ all tenants' GPU-hours
    double meanWaitHours = 0; ///< arrival to first start, measured jobs
    double p95WaitHours = 0;  ///< of the same waits, nearest rank
    std::int64_t jobs = 0;    ///< measured jobs that started
    std::int64_t preemptions = 0;
    /// The most GPUs it held just after starting a job while another tenant
    /// waited (whole run): beyond cap share × quota only by lending.
    double peakGpusStartedWhileOthersWait = 0;
    /// The same while another waiting tenant was below its own cap for its
    /// next job (whole run): under weighted_fair, at most cap share × quota.
    double peakGpusStartedWhileOthersBelowCap = 0;
};

struct ClusterShape
{
    int nodes = 1;
    int gpusPerNode = 8;
    /// A gang spread over more nodes than it needs runs this many times
    /// slower under naive (its collectives cross the slower scale-out
    /// network). Naive places pods whole since issue 16, so it never spreads
    /// a gang that way now; the slowdown stays for a policy that would.
    double crossNodeSlowdown = 1.25;
    /// Slices a GPU is cut into for fractional requests (7 for MIG's compute
    /// slices); 1 when every request is for whole GPUs.
    int slicesPerGpu = 1;
};

/// How planned runs (SimJob::plannedLeadHours > 0) fared: their start
/// delay, from planned start to actual start, over every planned run (the
/// warm-up included: there are few of them).
struct PlannedRuns
{
    std::int64_t jobs = 0;
    double meanStartDelayHours = 0;
    double maxStartDelayHours = 0;
};

/// Waits of one class of jobs: those that fit a node, or multi-node gangs.
struct WaitClass
{
    std::int64_t jobs = 0;
    double meanWaitHours = 0;
    double meanRunHours = 0; ///< as submitted (on one node's GPUs, without slowdowns)
};

/// One run of a job on GPUs, from its start to its end or its eviction
/// (recorded only when asked: simulateCluster's `recordRuns`). A job evicted
/// and started again has several runs.
struct JobRun
{
    int job = 0; ///< index into the jobs simulated
    double startHours = 0;
    double endHours = 0;
    bool cut = false; ///< still running when the run stopped (simulateCluster's `stopHours`)
};

struct SimulationResult
{
    double utilization = 0; ///< busy GPU-hours ÷ (GPUs × measured hours)
    /// As `utilization`, less the GPU-hours split gangs lose to their
    /// slowdown: the work done, which is what a provider can sell.
    double usefulUtilization = 0;
    double throughputJobsPerWeek = 0; ///< jobs completed per 168 h of measured time
    double meanWaitHours = 0;
    double p95WaitHours = 0;
    double meanQueueLength = 0; ///< time-average of jobs waiting (Little's law: λ·W)
    std::int64_t completedJobs = 0;
    std::int64_t events = 0;
    double eventsPerSecond = 0;
    std::int64_t preemptions = 0;
    double gpuHoursLost = 0;     ///< work redone after preemptions
    std::int64_t splitGangs = 0; ///< starts of a gang that fits a node but was spread over several
    double measuredHours = 0;
    WaitClass nodeJobs; ///< jobs of at most one node's GPUs
    WaitClass gangs;    ///< jobs spanning several nodes
    /// The larger of the two classes' mean wait ÷ mean run: the knee's measure
    /// (docs/MODEL.md). A class without jobs counts 0.
    double waitToRun = 0;
    PlannedRuns planned;
    /// Per tenant (as many as the tenants given, or the highest job tenant
    /// index + 1), in index order.
    std::vector<TenantResult> tenants;
    /// Every run of every job, in the order they ended (whole run, no
    /// window); empty unless `recordRuns` was asked for.
    std::vector<JobRun> runs;
    /// Stopped at `stopHours` (simulateCluster) before the queue drained: the
    /// time, the jobs still waiting then, and the work left of those and of
    /// the jobs still running, in GPU-hours. All 0 when every job ended.
    double stoppedAtHours = 0;
    std::int64_t backlogJobs = 0;
    double backlogGpuHours = 0;
};

/// The share of the jobs (by arrival) statistics skip by default.
inline constexpr double kDefaultWarmupFraction = 0.1;

/// Runs `jobs` (sorted by arrival) on the cluster. Statistics skip the first
/// `warmupFraction` of the jobs (by arrival) so that an empty start does not
/// flatter the waits. Deterministic: the same input gives the same result.
/// `tenants` weigh and cap each SimJob::tenant under the weighted fair policy;
/// missing tenants have weight 1 and no quota. With `recordRuns`, the result
/// lists every run (SimulationResult::runs), for metering. With a finite
/// `stopHours` the run stops there instead of running every job to its end:
/// runs still going are cut there (JobRun::cut) and what is left is the
/// backlog (SimulationResult::backlogJobs, backlogGpuHours) — for an
/// overloaded queue, whose drain would otherwise outlast the arrivals many
/// times over.
SimulationResult simulateCluster(const ClusterShape& cluster, PlacementPolicy policy,
                                 const std::vector<SimJob>& jobs,
                                 double warmupFraction = kDefaultWarmupFraction,
                                 const std::vector<SimTenant>& tenants = {},
                                 bool recordRuns = false,
                                 double stopHours = std::numeric_limits<double>::infinity());

/// Poisson arrivals and exponential durations at offered load `load` (share
/// of the cluster's GPU capacity), gangs of `jobGpus` — or, if `jobSlices` > 0,
/// fractional requests of that many slices — from `seed`.
std::vector<SimJob> syntheticJobs(const ClusterShape& cluster, int jobGpus, double meanHours,
                                  double load, int count, std::uint64_t seed, int jobSlices = 0);

/// Erlang C: mean wait in queue of an M/M/c system (c servers, arrival rate
/// λ, service rate μ per server), for validating the simulator.
double erlangCMeanWait(int servers, double arrivalRate, double serviceRate);

} // namespace fleet
