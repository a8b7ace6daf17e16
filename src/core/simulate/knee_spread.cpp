#include "simulate/knee_spread.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace fleet {

KneeSpread kneeSpread(const std::vector<Frontier>& frontiers,
                      const std::vector<std::uint64_t>& seeds)
{
    assert(frontiers.size() == seeds.size());
    constexpr double kAbove = std::numeric_limits<double>::infinity();
    KneeSpread spread;
    // (utilization, load) per seed; a seed without a knee sorts above all.
    std::vector<std::pair<double, double>> byUtilization;
    for (std::size_t i = 0; i < frontiers.size(); ++i) {
        const Frontier& f = frontiers[i];
        spread.knees.push_back({seeds[i], f.kneeLoad, f.kneeUtilization});
        if (!f.kneeLoad || !f.kneeUtilization) {
            ++spread.seedsWithoutKnee;
            byUtilization.emplace_back(kAbove, kAbove);
            continue;
        }
        byUtilization.emplace_back(*f.kneeUtilization, *f.kneeLoad);
        spread.lowUtilization =
            std::min(spread.lowUtilization.value_or(kAbove), *f.kneeUtilization);
        spread.highUtilization =
            std::max(spread.highUtilization.value_or(-kAbove), *f.kneeUtilization);
    }
    if (byUtilization.empty())
        return spread;
    // The median knee is a seed's knee (the middle one by utilization), or
    // the mean of the middle two: its load and utilization stay a pair.
    std::sort(byUtilization.begin(), byUtilization.end());
    const std::size_t n = byUtilization.size();
    const auto& upper = byUtilization[n / 2];
    const auto& lower = n % 2 == 1 ? upper : byUtilization[n / 2 - 1];
    if (std::isfinite(upper.first)) {
        spread.medianUtilization = (lower.first + upper.first) / 2;
        spread.medianLoad = (lower.second + upper.second) / 2;
    }
    return spread;
}

Frontier withMedianKnee(Frontier frontier, const KneeSpread& spread)
{
    frontier.kneeLoad = spread.medianLoad;
    frontier.kneeUtilization = spread.medianUtilization;
    return frontier;
}

} // namespace fleet
