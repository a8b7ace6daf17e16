#include "simulate/frontier.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <thread>

namespace fleet {

Frontier sweepFrontier(const ClusterShape& cluster, PlacementPolicy policy, const JobSource& jobs,
                       const std::vector<double>& loads, std::uint64_t seed,
                       double kneeWaitMultiple, unsigned threads,
                       const std::vector<SimTenant>& tenants, bool untilKnee)
{
    Frontier frontier;
    frontier.policy = policy;
    frontier.points.resize(loads.size());
    // Every point draws from the same seed (common random numbers: the
    // difference between two points is the load's, not the noise's) and has
    // its own slot: the threads only decide who computes a point, never what
    // it is. Points are handed out in order, so the points computed are
    // always the first ones; `untilKnee` hands out none after the first
    // point found past the knee.
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> firstPastKnee{loads.size()};
    std::vector<char> computed(loads.size(), 0);
    const auto work = [&] {
        for (std::size_t i = next++; i < loads.size() && !(untilKnee && i > firstPastKnee);
             i = next++) {
            frontier.points[i] = {loads[i], simulateCluster(cluster, policy, jobs(loads[i], seed),
                                                            kDefaultWarmupFraction, tenants)};
            computed[i] = 1;
            if (frontier.points[i].result.waitToRun > kneeWaitMultiple) {
                std::size_t past = firstPastKnee;
                while (i < past && !firstPastKnee.compare_exchange_weak(past, i)) {
                }
            }
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
    frontier.points.resize(
        std::size_t(std::find(computed.begin(), computed.end(), 0) - computed.begin()));

    const double threshold = kneeWaitMultiple;
    for (std::size_t i = 0; i < frontier.points.size(); ++i) {
        const double ratio = frontier.points[i].result.waitToRun;
        if (ratio <= threshold)
            continue;
        if (i == 0) {
            frontier.kneeLoad = frontier.points[0].load;
            frontier.kneeUtilization = frontier.points[0].result.usefulUtilization;
        } else {
            const FrontierPoint& a = frontier.points[i - 1];
            const FrontierPoint& b = frontier.points[i];
            const double t = (threshold - a.result.waitToRun) / (ratio - a.result.waitToRun);
            frontier.kneeLoad = a.load + t * (b.load - a.load);
            frontier.kneeUtilization =
                a.result.usefulUtilization +
                t * (b.result.usefulUtilization - a.result.usefulUtilization);
        }
        break;
    }
    return frontier;
}

KneeBound kneeBound(const Frontier& frontier)
{
    if (frontier.points.empty())
        return KneeBound::NotSwept;
    if (!frontier.kneeLoad)
        return KneeBound::AboveSweep;
    // An interpolated knee lies strictly above the first load; one at (or,
    // a median of seeds, below) it was found at the first point.
    return *frontier.kneeLoad <= frontier.points.front().load + 1e-9 ? KneeBound::BelowSweep
                                                                     : KneeBound::Inside;
}

std::string kneeLoadText(const Frontier& frontier)
{
    char text[48];
    switch (kneeBound(frontier)) {
    case KneeBound::NotSwept: return "not swept";
    case KneeBound::AboveSweep:
        std::snprintf(text, sizeof text, "above %.2f", frontier.points.back().load);
        return text;
    case KneeBound::BelowSweep:
        std::snprintf(text, sizeof text, "below %.2f", frontier.points.front().load);
        return text;
    case KneeBound::Inside: break;
    }
    std::snprintf(text, sizeof text, "%.2f", *frontier.kneeLoad);
    return text;
}

} // namespace fleet
