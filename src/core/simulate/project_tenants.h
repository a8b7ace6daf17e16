#pragma once

// A project's tenants as the simulator's (docs/MODEL.md, "A project's tenants
// in the simulator"): one simulated tenant per tenant row — a row of `count`
// alike tenants is one tenant of count × the row's cost weight and quota —
// and one per segment with job-like work but no tenant rows. A workload's
// jobs are spread over its segment's tenants by the share rule the
// evaluation's per-tenant totals use (engine/tenant_totals.h).

#include "model/project.h"
#include "simulate/cluster_simulator.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace fleet {

struct ProjectTenant
{
    std::string id; ///< the tenant row's id; a segment without tenant rows: the segment's id
    std::string segmentId;
    int count = 1;             ///< alike tenants the row stands for (1 for a segment)
    bool wholeSegment = false; ///< a segment without tenant rows
    /// How its segment's jobs are spread: "quota_gpu_hours", "quota_gpus",
    /// "count" (tenantShareRule()) or "segment" (a segment without tenants).
    std::string rule;
    double jobShare = 1.0; ///< its share of its segment's jobs
    int priorityTier = 0;  ///< as stated; the simulator does not use it (docs/MODEL.md)
    SimTenant sim;         ///< weight count × cost_weight; quota count × quota_gpus (0: none)
};

struct ProjectTenants
{
    std::vector<ProjectTenant> tenants; ///< empty when the project states no tenants
    /// Per segment id, its tenants' indices with their cumulative job shares.
    std::map<std::string, std::vector<std::pair<double, int>>> bySegment;

    bool empty() const { return tenants.empty(); }
    std::vector<SimTenant> simTenants() const;
    /// The tenant of segment `segmentId` a job drawn `u` (in [0, 1)) goes to.
    int pick(const std::string& segmentId, double u) const;
};

/// The simulator's tenants of `project`; none when it states no tenants, so a
/// project without tenants simulates as before.
ProjectTenants projectTenants(const Project& project);

} // namespace fleet
