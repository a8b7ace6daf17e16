#include "simulate/project_knee.h"

#include <utility>

namespace fleet {

std::vector<std::uint64_t> kneeSeeds(std::uint64_t first, int count)
{
    std::vector<std::uint64_t> seeds;
    for (int i = 0; i < count; ++i)
        seeds.push_back(first + std::uint64_t(i));
    return seeds;
}

SeededFrontier seededProjectFrontier(const Project& project, const Evaluation& evaluation,
                                     const ProjectCluster& cluster, PlacementPolicy policy,
                                     const std::vector<double>& loads, double days,
                                     std::uint64_t firstSeed, int seeds, double maxJobs,
                                     bool planRuns, const ClusterMix* batchMix,
                                     const std::function<bool(int done)>& keepGoing)
{
    std::vector<std::uint64_t> run;
    std::vector<Frontier> perSeed;
    for (std::uint64_t seed : kneeSeeds(firstSeed, seeds)) {
        // The first seed's frontier is shown whole; of the others only the
        // knee is used, so their loads past it are not simulated.
        const bool kneeOnly = !perSeed.empty();
        perSeed.push_back(projectFrontier(project, evaluation, cluster, policy, loads, days, seed,
                                          maxJobs, planRuns, batchMix, kneeOnly));
        run.push_back(seed);
        if (keepGoing && !keepGoing(int(run.size())))
            break;
    }
    SeededFrontier measured;
    measured.spread = kneeSpread(perSeed, run);
    if (!perSeed.empty())
        measured.frontier = withMedianKnee(std::move(perSeed.front()), measured.spread);
    else
        measured.frontier.policy = policy;
    return measured;
}

CeilingProvenance seededProvenance(std::string how, std::string date,
                                   const std::vector<double>& loads, double days,
                                   const SeededFrontier& measured)
{
    const Frontier& frontier = measured.frontier;
    const KneeSpread& spread = measured.spread;
    return CeilingProvenance{std::move(how),
                             std::move(date),
                             loads.empty() ? 0.0 : loads.front(),
                             loads.empty() ? 0.0 : loads.back(),
                             frontier.simulatedDays > 0 ? frontier.simulatedDays : days,
                             spread.knees.empty() ? 0 : spread.knees.front().seed,
                             frontier.simulatedShare,
                             int(spread.knees.size()),
                             spread.lowUtilization.value_or(0),
                             spread.highUtilization.value_or(0)};
}

} // namespace fleet
