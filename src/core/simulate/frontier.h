#pragma once

// The utilization frontier: the simulator swept over offered load, one point
// per load, run in parallel; and the knee, where waiting explodes.

#include "simulate/cluster_simulator.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

struct FrontierPoint
{
    double load = 0;
    SimulationResult result;
};

struct Frontier
{
    PlacementPolicy policy = PlacementPolicy::Fifo;
    std::vector<FrontierPoint> points;
    /// The knee: the first offered load at which a class of jobs (those that
    /// fit a node, or multi-node gangs) waits on average more than
    /// `kneeWaitMultiple` × its mean run time (SimulationResult::waitToRun),
    /// linearly interpolated between the points around it; and the useful
    /// utilization (SimulationResult::usefulUtilization) reached there.
    std::optional<double> kneeLoad;
    std::optional<double> kneeUtilization;
    /// Of a project's cluster, the share of nodes simulated and the days of
    /// arrivals (1 and the days asked for, unless the project is too large
    /// to simulate whole: simulate/project_jobs.h).
    double simulatedShare = 1.0;
    int simulatedGpus = 0;
    double simulatedDays = 0;
};

/// Where a frontier's knee lies against the loads swept. A knee found at the
/// first point is a bound, not a measurement: the knee is at that load or
/// below it (its utilization at most the first point's); no knee means it
/// lies above the last load, if anywhere.
enum class KneeBound
{
    Inside,     ///< interpolated between two points swept
    BelowSweep, ///< at the first load swept: the knee is there or lower
    AboveSweep, ///< none within the loads swept
    NotSwept    ///< no points
};
KneeBound kneeBound(const Frontier& frontier);

/// The knee's load in words: "0.62", or a bound: "below 0.30", "above 0.95"
/// (the first and last loads swept); "not swept" without points.
std::string kneeLoadText(const Frontier& frontier);

/// Jobs for one offered load; called with the load and the sweep's seed (the
/// same for every point), so that every point is the same whatever the number
/// of threads.
using JobSource = std::function<std::vector<SimJob>(double load, std::uint64_t seed)>;

/// `tenants` weigh and cap the jobs' tenants (SimJob::tenant) at every point.
/// With `untilKnee`, only the points up to the first one past the knee are
/// simulated (and kept): the same knee, without the loads above it, the
/// costliest (their queues grow). For a knee alone, as the extra seeds of a
/// knee's spread (simulate/project_knee.h) need.
Frontier sweepFrontier(const ClusterShape& cluster, PlacementPolicy policy, const JobSource& jobs,
                       const std::vector<double>& loads, std::uint64_t seed,
                       double kneeWaitMultiple = 1.0, unsigned threads = 0,
                       const std::vector<SimTenant>& tenants = {}, bool untilKnee = false);

} // namespace fleet
