#include "simulate/project_jobs.h"

#include "engine/options.h"
#include "simulate/project_tenants.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>

namespace fleet {

namespace {

/// Mixed into the seed of the tenant draws: any constant not used elsewhere.
constexpr std::uint32_t kTenantDrawTag = 0x7e4a47u;

struct Stream
{
    double ratePerHour = 0; ///< at the project's own load
    double meanHours = 0;
    bool exponential = true; ///< batch durations vary; a training run's is fixed
    bool training = false;
    int gpus = 1;
    int priority = 0;
    bool preemptible = false;
    double checkpointHours = 0.5;
    std::string segmentId; ///< whose tenants its jobs belong to
};

std::vector<Stream> streams(const Project& project, const Evaluation& evaluation,
                            double batchJobHours)
{
    std::vector<Stream> result;
    for (std::size_t i = 0; i < project.workloads.size(); ++i) {
        const Workload& workload = project.workloads[i];
        const OptionResult* option = evaluation.workloads[i].chosenOption();
        if (!option)
            continue;
        const bool preemptible = isPreemptible(project, workload);
        if (const auto* t = std::get_if<TrainingSpec>(&workload.spec)) {
            const double hours = option->detail("wall_clock_days") * 24.0;
            if (!std::isfinite(hours) || hours <= 0)
                continue;
            result.push_back({t->runsPerMonth / kHoursPerMonth, hours, false, true, t->gpusPerJob,
                              t->priority, preemptible,
                              option->detail("checkpoint_interval_min") / 60.0,
                              workload.segmentId});
        } else if (const auto* b = std::get_if<BatchSpec>(&workload.spec)) {
            const double unitHours = option->detail("unit_hours_per_month");
            const double meanHours = batchJobHours;
            result.push_back({unitHours / (kHoursPerMonth * b->gpusPerJob * meanHours), meanHours,
                              true, false, b->gpusPerJob, 0, b->preemptible,
                              b->checkpointIntervalMin / 60.0, workload.segmentId});
        }
    }
    return result;
}

/// Jobs per hour of stream `s` at the project's own load: with a mix, its
/// GPU-hours come as the mix's jobs (sampler's mean GPUs × mean hours).
double jobsPerHour(const Stream& s, const MixSampler* sampler)
{
    if (!sampler || s.training)
        return s.ratePerHour;
    return s.ratePerHour * s.gpus * s.meanHours / (sampler->meanGpus() * sampler->meanHours());
}

} // namespace

ProjectCluster projectCluster(const Project& project, const Evaluation& evaluation)
{
    ProjectCluster cluster;
    // In 64 bits and clamped to int's range: a million pools of 10 million
    // GPUs each is a valid project, and no simulation of it runs whole.
    std::int64_t total = 0;
    int perNode = 8;
    if (project.fleet.mode == FleetMode::Fixed) {
        for (const FleetPool& pool : project.fleet.pools) {
            total += pool.count;
            perNode = std::max(1, pool.gpusPerNode);
        }
    } else {
        double peak = 0;
        for (const WorkloadEvaluation& w : evaluation.workloads)
            if (const OptionResult* option = w.chosenOption())
                peak += option->months.front().gpuEquivalents;
        total = std::isfinite(peak) ? std::int64_t(std::min(std::ceil(peak), 1e15)) : 0;
    }
    double reserved = 0;
    for (const WorkloadEvaluation& w : evaluation.workloads)
        if (w.kind == WorkloadKind::Inference || w.kind == WorkloadKind::Notebooks)
            if (const OptionResult* option = w.chosenOption())
                reserved += option->months.front().gpuEquivalents;
    constexpr double kIntMax = double(std::numeric_limits<int>::max());
    // Services and notebooks hold whole nodes, so the jobs get whole nodes too
    // and the two add up to the fleet.
    const double reservedNodes = std::ceil(reserved / perNode - 1e-9);
    cluster.reservedGpus =
        std::isfinite(reserved) ? int(std::min(reservedNodes * perNode, kIntMax)) : 0;
    const std::int64_t left =
        std::max<std::int64_t>(perNode, total - std::int64_t(cluster.reservedGpus));
    cluster.shape = {int(std::min<std::int64_t>(left / perNode, std::int64_t(kIntMax) / perNode)),
                     perNode, 1.25};
    double gpuHours = 0, jobsPerHour = 0, runHours = 0;
    for (const Stream& s : streams(project, evaluation, kDefaultBatchJobHours)) {
        gpuHours += s.ratePerHour * s.gpus * s.meanHours;
        jobsPerHour += s.ratePerHour;
        runHours += s.ratePerHour * s.meanHours;
    }
    const double capacity = double(cluster.shape.nodes) * perNode;
    cluster.nominalLoad = gpuHours / capacity;
    // The mean over jobs, as a job's owner sees it (one long pre-training run
    // a month would dominate a GPU-hour-weighted mean).
    cluster.meanRunHours = jobsPerHour > 0 ? runHours / jobsPerHour : 0.0;
    return cluster;
}

SimulationScope simulationScope(const Project& project, const Evaluation& evaluation,
                                const ProjectCluster& cluster, double maxLoad, double days,
                                double maxJobs, const ClusterMix* batchMix)
{
    SimulationScope scope;
    scope.nodes = cluster.shape.nodes;
    scope.days = days;
    if (cluster.nominalLoad <= 0 || cluster.shape.nodes <= 0)
        return scope;
    double jobsPerHour = 0;
    int largestGang = 1;
    const int capacity = cluster.shape.nodes * cluster.shape.gpusPerNode;
    const std::optional<MixSampler> sampler =
        batchMix ? std::optional<MixSampler>(std::in_place, *batchMix, capacity) : std::nullopt;
    for (const Stream& s : streams(project, evaluation, kDefaultBatchJobHours)) {
        jobsPerHour += fleet::jobsPerHour(s, sampler ? &*sampler : nullptr);
        largestGang = std::max(largestGang, s.gpus);
    }
    if (batchMix)
        largestGang = std::max(largestGang, std::min(batchMix->maxGpus, capacity));
    const double expected = jobsPerHour * (maxLoad / cluster.nominalLoad) * days * 24.0;
    const double gpus = double(cluster.shape.nodes) * cluster.shape.gpusPerNode;
    double share =
        std::min({1.0, maxJobs / std::max(expected, 1.0), double(kMaxSimulatedGpus) / gpus});
    if (share < 1.0) {
        const double gangNodes =
            std::ceil(double(kSliceGangMultiple) * largestGang / cluster.shape.gpusPerNode);
        const double nodes = std::max({std::ceil(cluster.shape.nodes * share), gangNodes, 1.0});
        scope.nodes = int(std::min(nodes, double(cluster.shape.nodes)));
        share = double(scope.nodes) / cluster.shape.nodes;
    }
    scope.share = share;
    scope.expectedJobs = expected * share;
    // Still too many (very short jobs, or gangs that forbid a smaller
    // slice): fewer days of the same arrivals.
    if (scope.expectedJobs > maxJobs) {
        scope.days = days * maxJobs / scope.expectedJobs;
        scope.expectedJobs = maxJobs;
    }
    return scope;
}

std::vector<SimJob> projectJobs(const Project& project, const Evaluation& evaluation,
                                const ProjectCluster& cluster, double load, double days,
                                std::uint64_t seed, double batchJobHours, double share,
                                bool planRuns, const ClusterMix* batchMix)
{
    const double scale = cluster.nominalLoad > 0 ? load / cluster.nominalLoad * share : 0.0;
    const double horizonHours = days * 24.0;
    const int capacity = cluster.shape.nodes * cluster.shape.gpusPerNode;
    std::vector<SimJob> jobs;
    const ProjectTenants tenants = projectTenants(project);
    std::uint64_t streamIndex = 0;
    for (const Stream& s : streams(project, evaluation, batchJobHours)) {
        // Tenants are drawn from a generator of their own, so that the jobs
        // (arrivals, lengths) are the same with tenants as without. Made
        // only when there are tenants: seeding it from a seed_seq was a
        // quarter of `simulate`'s time at 10,000 workloads (issue 28).
        std::optional<std::mt19937_64> tenantDraws;
        if (!tenants.empty()) {
            std::seed_seq tenantSeed{std::uint32_t(seed), std::uint32_t(seed >> 32),
                                     std::uint32_t(streamIndex), kTenantDrawTag};
            tenantDraws.emplace(tenantSeed);
        }
        std::uniform_real_distribution<double> tenantDraw(0.0, 1.0);
        // One generator per stream: a stream's draws do not depend on how
        // many jobs the streams before it made, so runs at different loads
        // see the same jobs, arriving faster or slower (common random numbers).
        std::mt19937_64 random(seed * 1000003u + streamIndex++);
        // A batch stream may take a published cluster's mix: the same
        // GPU-hours, as that mix's jobs (cluster_mix.h).
        std::optional<MixSampler> sampler;
        if (batchMix && !s.training)
            sampler.emplace(*batchMix, capacity);
        const double rate = jobsPerHour(s, sampler ? &*sampler : nullptr) * scale;
        if (rate <= 0)
            continue;
        std::exponential_distribution<double> gap(rate);
        std::exponential_distribution<double> duration(1.0 / s.meanHours);
        // A training run larger than a node is planned: evenly spaced at its
        // rate, from a phase drawn once, its nodes reserved ahead.
        const bool planned = planRuns && s.training && s.gpus > cluster.shape.gpusPerNode;
        const double spacing = 1.0 / rate;
        const auto next = [&](double now) { return planned ? now + spacing : now + gap(random); };
        const double first =
            planned ? std::uniform_real_distribution<double>(0.0, spacing)(random) : gap(random);
        for (double now = first; now < horizonHours; now = next(now)) {
            SimJob job;
            job.plannedLeadHours = planned ? kPlannedRunLeadHours : 0.0;
            job.arrivalHours = now;
            job.durationHours = sampler         ? sampler->hours(random)
                                : s.exponential ? duration(random)
                                                : s.meanHours;
            job.gpus = sampler ? sampler->gpus(random) : std::min(s.gpus, capacity);
            job.priority = s.priority;
            job.preemptible = s.preemptible;
            job.checkpointIntervalHours = s.checkpointHours;
            if (!tenants.empty())
                job.tenant = tenants.pick(s.segmentId, tenantDraw(*tenantDraws));
            jobs.push_back(job);
        }
    }
    std::stable_sort(jobs.begin(), jobs.end(), [](const SimJob& a, const SimJob& b) {
        return a.arrivalHours < b.arrivalHours;
    });
    return jobs;
}

std::vector<double> defaultProjectLoads()
{
    std::vector<double> loads;
    for (int i = 0; i <= 7; ++i) // as `--loads 0.3:1.0:0.1` parses: from + i × step
        loads.push_back(0.3 + i * 0.1);
    return loads;
}

Frontier projectFrontier(const Project& project, const Evaluation& evaluation,
                         const ProjectCluster& cluster, PlacementPolicy policy,
                         const std::vector<double>& loads, double days, std::uint64_t seed,
                         double maxJobs, bool planRuns, const ClusterMix* batchMix, bool untilKnee)
{
    // The scope follows the loads asked, all of them, even when only the
    // points up to the knee are simulated: the same slice whatever the seed.
    const double maxLoad = loads.empty() ? 0.0 : *std::max_element(loads.begin(), loads.end());
    const SimulationScope scope =
        simulationScope(project, evaluation, cluster, maxLoad, days, maxJobs, batchMix);
    ProjectCluster simulated = cluster;
    simulated.shape.nodes = scope.nodes;
    const JobSource source = [&](double load, std::uint64_t pointSeed) {
        return projectJobs(project, evaluation, simulated, load, scope.days, pointSeed,
                           kDefaultBatchJobHours, scope.share, planRuns, batchMix);
    };
    Frontier frontier = sweepFrontier(simulated.shape, policy, source, loads, seed, 1.0, 0,
                                      projectTenants(project).simTenants(), untilKnee);
    // Rates of the slice are the share's of the whole cluster's; utilization,
    // waits and their ratios are the slice's own.
    for (FrontierPoint& point : frontier.points) {
        point.result.throughputJobsPerWeek /= scope.share;
        point.result.meanQueueLength /= scope.share;
    }
    frontier.simulatedShare = scope.share;
    frontier.simulatedGpus = scope.nodes * simulated.shape.gpusPerNode;
    frontier.simulatedDays = scope.days;
    return frontier;
}

} // namespace fleet
