#pragma once

// One simulation of a project's job-like work at its own load, with its
// tenants and every run recorded: what `simulate PROJECT` reports per tenant
// and meters (docs/MODEL.md, "A project's tenants in the simulator").

#include "simulate/project_jobs.h"
#include "simulate/project_tenants.h"

#include <cstdint>
#include <vector>

namespace fleet {

struct TenantRun
{
    double load = 0;       ///< the project's own job load (ProjectCluster::nominalLoad)
    SimulationScope scope; ///< of the cluster and days simulated (project_jobs.h)
    ClusterShape shape;    ///< the cluster simulated
    ProjectTenants tenants;
    std::vector<SimJob> jobs;
    SimulationResult result; ///< with every run (SimulationResult::runs)
    /// The own load is above 1: more GPU-hours arrive than the job GPUs
    /// serve, so the queue grows without bound. The run then stops at the
    /// end of the arrivals (result.stoppedAtHours) instead of draining a
    /// backlog that would take about load × the days to serve; what is left
    /// is result.backlogJobs and backlogGpuHours.
    bool overloaded = false;
    /// The backlog's growth over the days simulated, GPU-hours a day
    /// (backlogGpuHours ÷ days): what the arrivals add beyond the job GPUs.
    double backlogGrowthGpuHoursPerDay = 0;
};

/// The project's jobs at its own load under `policy`, from `seed`, over
/// `days` (or the part of them and of the cluster simulationScope() allows);
/// an overloaded run stops at the end of the arrivals (TenantRun::overloaded).
TenantRun tenantRun(const Project& project, const Evaluation& evaluation,
                    const ProjectCluster& cluster, PlacementPolicy policy, double days,
                    std::uint64_t seed, bool planRuns = true, const ClusterMix* batchMix = nullptr);

} // namespace fleet
