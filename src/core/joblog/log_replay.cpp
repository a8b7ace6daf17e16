#include "joblog/log_replay.h"

#include "util/number_text.h"

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
                              std::int64_t* tooLarge, std::vector<std::string>* tenants)
{
    std::vector<SimJob> jobs;
    std::map<std::string, int> tenantIndex;
    for (const LoggedJob& job : log.jobs)
        tenantIndex.emplace(job.tenant, 0);
    int next = 0;
    for (auto& [name, index] : tenantIndex) {
        index = next++;
        if (tenants)
            tenants->push_back(name);
    }
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
        sim.tenant = tenantIndex.at(job.tenant);
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
                            const std::vector<double>& scales,
                            const std::map<std::string, double>& tenantWeights)
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
    const std::vector<SimJob> jobs =
        simJobsOf(log, replay.cluster, &replay.tooLarge, &replay.tenants);
    std::vector<SimTenant> tenants(replay.tenants.size());
    for (const auto& [name, weight] : tenantWeights) {
        const auto at = std::find(replay.tenants.begin(), replay.tenants.end(), name);
        if (at == replay.tenants.end())
            return Error("tenant weights: the log has no tenant '" + name + "'");
        if (!(weight > 0) || !std::isfinite(weight))
            return Error("tenant weights: the weight of '" + name + "' must be a number above 0");
        tenants[std::size_t(at - replay.tenants.begin())].weight = weight;
    }
    for (const SimTenant& tenant : tenants)
        replay.tenantWeights.push_back(tenant.weight);
    if (jobs.empty())
        return Error("the log has no job that fits the project's fleet of " +
                     countText(double(replay.cluster.nodes) * replay.cluster.gpusPerNode) +
                     " GPUs");
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
    replay.asLogged = simulateCluster(replay.cluster, policy, jobs, 0.0, tenants);
    for (const double scale : scales) {
        if (!(scale > 0))
            continue;
        std::vector<SimJob> scaled = jobs;
        for (SimJob& job : scaled)
            job.arrivalHours /= scale;
        replay.frontier.push_back({scale, gpuHours * scale / capacityHours,
                                   simulateCluster(replay.cluster, policy, scaled, 0.0, tenants)});
    }
    return replay;
}

} // namespace fleet::joblog
