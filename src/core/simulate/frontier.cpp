#include "simulate/frontier.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace fleet {

Frontier sweepFrontier(const ClusterShape& cluster, PlacementPolicy policy, const JobSource& jobs,
                       const std::vector<double>& loads, std::uint64_t seed, double meanRunHours,
                       double kneeWaitMultiple, unsigned threads)
{
    Frontier frontier;
    frontier.policy = policy;
    frontier.points.resize(loads.size());
    // Each point has its own seed and its own slot: the threads only decide
    // who computes it, never what it is.
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < loads.size(); i = next++) {
            const std::uint64_t pointSeed = seed * 1000003u + i;
            frontier.points[i] = {loads[i],
                                  simulateCluster(cluster, policy, jobs(loads[i], pointSeed))};
        }
    };
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::min<std::size_t>(threads, loads.size()); ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& thread : pool)
        thread.join();

    const double threshold = kneeWaitMultiple * meanRunHours;
    for (std::size_t i = 0; i < frontier.points.size(); ++i) {
        const double wait = frontier.points[i].result.meanWaitHours;
        if (wait <= threshold)
            continue;
        if (i == 0) {
            frontier.kneeLoad = frontier.points[0].load;
            frontier.kneeUtilization = frontier.points[0].result.utilization;
        } else {
            const FrontierPoint& a = frontier.points[i - 1];
            const FrontierPoint& b = frontier.points[i];
            const double t = (threshold - a.result.meanWaitHours) / (wait - a.result.meanWaitHours);
            frontier.kneeLoad = a.load + t * (b.load - a.load);
            frontier.kneeUtilization =
                a.result.utilization + t * (b.result.utilization - a.result.utilization);
        }
        break;
    }
    return frontier;
}

} // namespace fleet
