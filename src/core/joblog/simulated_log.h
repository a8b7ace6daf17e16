#pragma once

// A simulated run as a job log, so that the simulator's jobs are metered by
// the one per-tenant metering (joblog/tenant_metering.h) a real log is.
// docs/MODEL.md, "A project's tenants in the simulator".

#include "joblog/job_log.h"
#include "simulate/cluster_simulator.h"

#include <string>
#include <vector>

namespace fleet::joblog {

/// The runs of `result` (simulated with recordRuns) of `jobs` as a job log:
/// every run a LoggedJob of its job's tenant (`tenantNames[SimJob::tenant]`),
/// submitted at the job's arrival, on the log's clock in seconds with
/// simulated hour 0 at `epochS`. A job evicted and started again has one
/// LoggedJob per run; the later ones are `resumed`. A fractional job holds
/// its slices ÷ `slicesPerGpu` of one GPU.
JobLog simulatedLog(const std::vector<SimJob>& jobs, const SimulationResult& result,
                    const std::vector<std::string>& tenantNames, int slicesPerGpu, double epochS);

} // namespace fleet::joblog
