#include "simulate/tenant_run.h"

#include <limits>

namespace fleet {

TenantRun tenantRun(const Project& project, const Evaluation& evaluation,
                    const ProjectCluster& cluster, PlacementPolicy policy, double days,
                    std::uint64_t seed, bool planRuns, const ClusterMix* batchMix)
{
    TenantRun run;
    run.load = cluster.nominalLoad;
    run.scope =
        simulationScope(project, evaluation, cluster, run.load, days, kMaxSimulatedJobs, batchMix);
    ProjectCluster simulated = cluster;
    simulated.shape.nodes = run.scope.nodes;
    run.shape = simulated.shape;
    run.tenants = projectTenants(project);
    run.jobs = projectJobs(project, evaluation, simulated, run.load, run.scope.days, seed,
                           kDefaultBatchJobHours, run.scope.share, planRuns, batchMix);
    run.overloaded = run.load > 1.0;
    const double stopHours =
        run.overloaded ? run.scope.days * 24.0 : std::numeric_limits<double>::infinity();
    run.result = simulateCluster(run.shape, policy, run.jobs, kDefaultWarmupFraction,
                                 run.tenants.simTenants(), true, stopHours);
    if (run.overloaded && run.scope.days > 0)
        run.backlogGrowthGpuHoursPerDay = run.result.backlogGpuHours / run.scope.days;
    return run;
}

} // namespace fleet
