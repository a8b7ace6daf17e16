#pragma once

// `simulate PROJECT` per tenant, for a project that states tenants: one run at
// the project's own load under a policy, each tenant's GPU-hours, share,
// waits and quota cap, and the run metered per tenant by the job-log
// metering. docs/MODEL.md, "A project's tenants in the simulator".

#include "engine/evaluation.h"
#include "joblog/tenant_metering.h"
#include "simulate/project_jobs.h"

#include <QString>

#include <boost/json/object.hpp>

#include <cstdint>

namespace fleet::cli {

struct TenantReport
{
    boost::json::object json; ///< the policy's "tenants" object
    QString text;             ///< the per-tenant table and the metering
    Result<joblog::Metering> metering;
};

TenantReport tenantReport(const Project& project, const Evaluation& evaluation,
                          const ProjectCluster& cluster, PlacementPolicy policy, double days,
                          std::uint64_t seed, bool planRuns, const ClusterMix* batchMix,
                          const joblog::MeteringOptions& options);

} // namespace fleet::cli
