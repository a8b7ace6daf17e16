#pragma once

// A project's job-like work (training runs, batch jobs) as a stream of
// simulator jobs, on the cluster its fleet leaves after services and
// notebooks take their GPUs.

#include "engine/evaluation.h"
#include "simulate/cluster_simulator.h"
#include "simulate/frontier.h"

#include <cstdint>
#include <vector>

namespace fleet {

/// Mean batch job length assumed when a project states only GPU-hours (an
/// assumption, docs/MODEL.md).
inline constexpr double kDefaultBatchJobHours = 4.0;

/// Defaults of a project's frontier: half a year of arrivals (a 1,024-GPU
/// pre-training run lasts weeks; fewer days leave too few of them) and eight
/// loads, which keeps the sample's three-policy frontier near a second on
/// two cores (tests/bench/bench_simulator.cpp).
inline constexpr double kDefaultSimulationDays = 180;
inline constexpr const char* kDefaultProjectLoads = "0.3:1.0:0.1";
std::vector<double> defaultProjectLoads(); ///< kDefaultProjectLoads as numbers

struct ProjectCluster
{
    ClusterShape shape;      ///< nodes left for jobs
    int reservedGpus = 0;    ///< held by services and notebooks (not simulated)
    double nominalLoad = 0;  ///< the project's own job load on that cluster
    double meanRunHours = 0; ///< mean job duration over jobs
};

/// The cluster the project's job-like work runs on: the fixed fleet's GPUs
/// (or, in size mode, the GPUs the engine's plan holds at its peak) less what
/// the chosen options of services and notebooks hold in month 1.
ProjectCluster projectCluster(const Project& project, const Evaluation& evaluation);

/// Arrivals over `days` days of every training and batch workload, their
/// rates scaled so that the offered load on `cluster` is `load`. Batch jobs
/// are taken to last `batchJobHours` on average (exponential): the project
/// states GPU-hours per month, not job lengths.
std::vector<SimJob> projectJobs(const Project& project, const Evaluation& evaluation,
                                const ProjectCluster& cluster, double load, double days,
                                std::uint64_t seed, double batchJobHours = kDefaultBatchJobHours);

/// The frontier of the project's job-like work under `policy`.
Frontier projectFrontier(const Project& project, const Evaluation& evaluation,
                         const ProjectCluster& cluster, PlacementPolicy policy,
                         const std::vector<double>& loads, double days, std::uint64_t seed);

} // namespace fleet
