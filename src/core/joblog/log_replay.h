#pragma once

// A job log replayed in the cluster simulator on a project's fleet: each job
// arrives when it was submitted and runs as long as it ran, on the project's
// GPUs under a placement policy — and again with its arrivals compressed or
// stretched, for the frontier of that real mix (docs/MODEL.md).

#include "joblog/job_log.h"
#include "model/project.h"
#include "simulate/cluster_simulator.h"
#include "util/result.h"

#include <map>
#include <string>
#include <vector>

namespace fleet::joblog {

struct ReplayPoint
{
    double arrivalScale = 1; ///< arrivals this many times as frequent as logged
    double offeredLoad = 0;  ///< GPU-hours offered ÷ (fleet GPUs × logged span)
    SimulationResult result;
};

struct LogReplay
{
    ClusterShape cluster;
    PlacementPolicy policy = PlacementPolicy::TopologyAware;
    std::int64_t jobs = 0;     ///< replayed
    std::int64_t tooLarge = 0; ///< asked for more GPUs than the fleet has: left out
    SimulationResult asLogged; ///< arrivals as logged
    /// The log's tenants by SimJob::tenant index (sorted by name), and the
    /// weight each was given (weighted fair policy; 1 unless set).
    std::vector<std::string> tenants;
    std::vector<double> tenantWeights;
    std::vector<ReplayPoint> frontier;
};

/// The cluster the project's fleet makes: its GPUs in nodes of the size most
/// of them come in. Fails when the fleet has no GPUs.
Result<ClusterShape> clusterOf(const Project& project);

/// The log's jobs as the simulator takes them (sorted by arrival), leaving out
/// and counting in `tooLarge` those bigger than `cluster`. Each job's tenant
/// is its LoggedJob::tenant's index among the log's tenants sorted by name,
/// which `tenants` (if given) receives.
std::vector<SimJob> simJobsOf(const JobLog& log, const ClusterShape& cluster,
                              std::int64_t* tooLarge, std::vector<std::string>* tenants = nullptr);

/// Arrival-rate multipliers of a replay's frontier.
inline const std::vector<double> kReplayScales{0.5, 0.75, 1.0, 1.25, 1.5, 2.0};

/// Replays `log` on `project`'s fleet under `policy`, as logged and at each
/// of `scales` (arrival-rate multipliers). `tenantWeights` gives tenants of
/// the log a cost weight for the weighted fair policy (others weigh 1; no
/// quotas); a name the log lacks, or a weight not above 0, is an error.
Result<LogReplay> replayLog(const JobLog& log, const Project& project, PlacementPolicy policy,
                            const std::vector<double>& scales = kReplayScales,
                            const std::map<std::string, double>& tenantWeights = {});

} // namespace fleet::joblog
