#include "joblog/log_replay.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace fleet::joblog {

namespace {

/// A share of one GPU is replayed as tenths of it (slices): gpu_milli 460 → 5.
constexpr int kSlicesPerGpu = 10;

} // namespace

Result<ClusterShape> clusterOf(const Project& project)
{
    long gpus = 0;
    std::map<int, long> gpusByNodeSize;
    for (const FleetPool& pool : project.fleet.pools) {
        gpus += pool.count;
        gpusByNodeSize[pool.gpusPerNode] += pool.count;
    }
    if (gpus <= 0)
        return Error("/fleet/pools: the fleet has no GPUs to replay the log on; give its pools "
                     "their counts");
    ClusterShape cluster;
    long most = -1;
    for (const auto& [size, count] : gpusByNodeSize)
        if (count > most) {
            most = count;
            cluster.gpusPerNode = size;
        }
    cluster.nodes = int((gpus + cluster.gpusPerNode - 1) / cluster.gpusPerNode);
    return cluster;
}

std::vector<SimJob> simJobsOf(const JobLog& log, const ClusterShape& cluster,
                              std::int64_t* tooLarge)
{
    std::vector<SimJob> jobs;
    if (log.jobs.empty())
        return jobs;
    double first = log.jobs.front().submitS;
    for (const LoggedJob& job : log.jobs)
        first = std::min(first, job.submitS);
    const long capacity = long(cluster.nodes) * cluster.gpusPerNode;
    *tooLarge = 0;
    for (const LoggedJob& job : log.jobs) {
        if (job.gpus > capacity) {
            ++*tooLarge;
            continue;
        }
        SimJob sim;
        sim.arrivalHours = (job.submitS - first) / 3600.0;
        sim.durationHours = std::max((job.endS - job.startS) / 3600.0, 1.0 / 3600.0);
        sim.gpus = job.gpus;
        if (job.gpuMilli < 1000)
            sim.slices = std::max(1, int(std::ceil(job.gpuMilli * kSlicesPerGpu / 1000.0)));
        jobs.push_back(sim);
    }
    std::stable_sort(jobs.begin(), jobs.end(), [](const SimJob& a, const SimJob& b) {
        return a.arrivalHours < b.arrivalHours;
    });
    return jobs;
}

Result<LogReplay> replayLog(const JobLog& log, const Project& project, PlacementPolicy policy,
                            const std::vector<double>& scales)
{
    auto cluster = clusterOf(project);
    if (!cluster)
        return cluster.error();
    LogReplay replay;
    replay.cluster = cluster.value();
    replay.policy = policy;
    const bool shares = std::any_of(log.jobs.begin(), log.jobs.end(),
                                    [](const LoggedJob& job) { return job.gpuMilli < 1000; });
    replay.cluster.slicesPerGpu = shares ? kSlicesPerGpu : 1;
    const std::vector<SimJob> jobs = simJobsOf(log, replay.cluster, &replay.tooLarge);
    if (jobs.empty())
        return Error("the log has no job that fits the project's fleet of " +
                     std::to_string(replay.cluster.nodes * replay.cluster.gpusPerNode) + " GPUs");
    replay.jobs = std::int64_t(jobs.size());
    double gpuHours = 0;
    double span = 0;
    for (const SimJob& job : jobs) {
        gpuHours += job.durationHours *
                    (job.slices > 0 ? double(job.slices) / replay.cluster.slicesPerGpu : job.gpus);
        span = std::max(span, job.arrivalHours + job.durationHours);
    }
    const double capacityHours =
        double(replay.cluster.nodes) * replay.cluster.gpusPerNode * std::max(span, 1e-9);
    // What actually ran is replayed whole: no warm-up is cut.
    replay.asLogged = simulateCluster(replay.cluster, policy, jobs, 0.0);
    for (const double scale : scales) {
        if (!(scale > 0))
            continue;
        std::vector<SimJob> scaled = jobs;
        for (SimJob& job : scaled)
            job.arrivalHours /= scale;
        replay.frontier.push_back({scale, gpuHours * scale / capacityHours,
                                   simulateCluster(replay.cluster, policy, scaled, 0.0)});
    }
    return replay;
}

} // namespace fleet::joblog
