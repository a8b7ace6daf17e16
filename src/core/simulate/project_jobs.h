#pragma once

// A project's job-like work (training runs, batch jobs) as a stream of
// simulator jobs, on the cluster its fleet leaves after services and
// notebooks take their GPUs.

#include "engine/evaluation.h"
#include "simulate/cluster_mix.h"
#include "simulate/cluster_simulator.h"
#include "simulate/frontier.h"

#include <cstdint>
#include <vector>

namespace fleet {

/// Mean batch job length assumed when a project states only GPU-hours (an
/// assumption, docs/MODEL.md).
inline constexpr double kDefaultBatchJobHours = 4.0;

/// How far ahead of its planned start a planned pre-training run's nodes
/// are reserved and drained (SimJob::plannedLeadHours): a week, ours (an
/// assumption; docs/MODEL.md, "Planned runs"). Long enough for the jobs
/// already on the nodes to end; a longer lead costs only the work that
/// could not use the drained nodes meanwhile.
inline constexpr double kPlannedRunLeadHours = 168;

/// Defaults of a project's frontier: half a year of arrivals (a 1,024-GPU
/// pre-training run lasts weeks; fewer days leave too few of them) and eight
/// loads, which keeps the sample's three-policy frontier near a second on
/// two cores (tests/bench/bench_simulator.cpp).
inline constexpr double kDefaultSimulationDays = 180;
inline constexpr const char* kDefaultProjectLoads = "0.3:1.0:0.1";
inline constexpr std::uint64_t kDefaultSimulationSeed =
    42;                                    ///< the app's frontiers, the CLI's default
std::vector<double> defaultProjectLoads(); ///< kDefaultProjectLoads as numbers

/// What one frontier point may simulate: jobs generated, and GPUs. `simulate
/// PROJECT` runs 3 policies × 5 seeds × 8 loads = 120 points and a
/// per-tenant run per policy: at a million jobs a point a large project took
/// 160 s of CPU and 0.55 GB (issue 28); at 150,000 a point it fits ~10 s,
/// and the sample (at most ~119,000 jobs a point, 180 days whole) is
/// simulated exactly as before. Beyond these, the project is simulated on a
/// slice of its cluster (and, if jobs are still too many, over fewer days):
/// see simulationScope(), and the words `simulate` prints. 32,768 GPUs
/// (4,096 nodes of 8) pool as well as any real cluster's scheduler domain,
/// and keep events cheap.
inline constexpr double kMaxSimulatedJobs = 150'000;
inline constexpr std::int64_t kMaxSimulatedGpus = 32'768;
/// A slice holds at least this many of the largest gang, so gangs still
/// contend with each other as they do on the whole cluster.
inline constexpr int kSliceGangMultiple = 4;

struct ProjectCluster
{
    ClusterShape shape;      ///< nodes left for jobs
    int reservedGpus = 0;    ///< held by services and notebooks (not simulated)
    double nominalLoad = 0;  ///< the project's own job load on that cluster
    double meanRunHours = 0; ///< mean job duration over jobs
};

/// How much of a project's cluster and horizon a frontier simulates. Every
/// node of the job cluster is alike and arrivals are Poisson, so a share s of
/// the nodes with a share s of the arrivals is offered the same load; waits
/// on the slice are a little longer than on the whole (less pooling), never
/// shorter, so a sliced frontier errs on the safe side.
struct SimulationScope
{
    int nodes = 0;           ///< nodes simulated (all of the cluster's when share is 1)
    double share = 1.0;      ///< nodes simulated ÷ the cluster's nodes; arrivals thinned alike
    double days = 0;         ///< days of arrivals simulated
    double expectedJobs = 0; ///< jobs the scope generates at the largest load
    bool reduced() const { return share < 1.0; }
};

/// The scope for `days` of arrivals at loads up to `maxLoad`: the whole
/// cluster when it stays within `maxJobs` (tests use fewer) and kMaxSimulatedGpus,
/// otherwise a slice of it (at least kSliceGangMultiple × the largest gang),
/// and fewer days if the slice still generates too many jobs.
SimulationScope simulationScope(const Project& project, const Evaluation& evaluation,
                                const ProjectCluster& cluster, double maxLoad, double days,
                                double maxJobs = kMaxSimulatedJobs,
                                const ClusterMix* batchMix = nullptr);

/// The cluster the project's job-like work runs on: the fixed fleet's GPUs
/// (or, in size mode, the GPUs the engine's plan holds at its peak) less what
/// the chosen options of services and notebooks hold in month 1.
ProjectCluster projectCluster(const Project& project, const Evaluation& evaluation);

/// Arrivals over `days` days of every training and batch workload, their
/// rates scaled so that the offered load on `cluster` is `load`. Batch jobs
/// are taken to last `batchJobHours` on average (exponential): the project
/// states GPU-hours per month, not job lengths.
/// With `share` < 1, `cluster` is the slice simulated (see SimulationScope)
/// and every stream's arrivals are thinned by `share`. With `planRuns`,
/// training runs larger than a node are planned reservations (evenly spaced
/// at their rate, from a random phase, reserved kPlannedRunLeadHours ahead);
/// without, they arrive at random (Poisson) like the rest. With `batchMix`,
/// every batch stream's GPU-hours come as that published mix's jobs (its
/// GPU counts and log-normal run times) instead of `batchJobHours`-long
/// jobs of the workload's gang.
std::vector<SimJob> projectJobs(const Project& project, const Evaluation& evaluation,
                                const ProjectCluster& cluster, double load, double days,
                                std::uint64_t seed, double batchJobHours = kDefaultBatchJobHours,
                                double share = 1.0, bool planRuns = true,
                                const ClusterMix* batchMix = nullptr);

/// The frontier of the project's job-like work under `policy`, within the
/// simulationScope() of the largest load (reported in Frontier::scope).
Frontier projectFrontier(const Project& project, const Evaluation& evaluation,
                         const ProjectCluster& cluster, PlacementPolicy policy,
                         const std::vector<double>& loads, double days, std::uint64_t seed,
                         double maxJobs = kMaxSimulatedJobs, bool planRuns = true,
                         const ClusterMix* batchMix = nullptr, bool untilKnee = false);

} // namespace fleet
