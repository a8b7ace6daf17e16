#pragma once

// What a job log shows by itself, before any simulation: the GPU-hours that
// ran, how busy the fleet was, how long jobs waited, and each tenant's share.

#include "joblog/job_log.h"

#include <string>
#include <vector>

namespace fleet::joblog {

struct TenantUse
{
    std::string tenant;
    std::int64_t jobs = 0;
    double gpuHours = 0;      ///< GPU-equivalent hours held (a 0.5 share counts half)
    double share = 0;         ///< of all GPU-hours in the log
    double meanWaitHours = 0; ///< start − submit
    double peakGpus = 0;      ///< GPUs held at once, at most
};

struct LogMeasures
{
    double spanHours = 0; ///< first submission to last end
    double gpuHours = 0;
    double meanBusyGpus = 0; ///< gpuHours ÷ spanHours
    double peakBusyGpus = 0;
    /// meanBusyGpus ÷ `fleetGpus` (0 when no fleet size is given).
    double utilization = 0;
    double meanWaitHours = 0;
    double p95WaitHours = 0;
    double meanRunHours = 0;
    std::vector<TenantUse> tenants; ///< largest GPU-hours first
};

/// Measures `log`; `fleetGpus` > 0 gives the utilization of a fleet that size.
LogMeasures measureLog(const JobLog& log, int fleetGpus);

/// The p-th quantile (0–1) of `values` by the nearest-rank rule; 0 when empty.
double nearestRankQuantile(std::vector<double> values, double p);

} // namespace fleet::joblog
