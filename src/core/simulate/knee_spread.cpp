#include "simulate/knee_spread.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace fleet {

namespace {

/// The median, a missing value counting as +∞; none if the median is +∞.
std::optional<double> medianOf(std::vector<double> values)
{
    if (values.empty())
        return std::nullopt;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    const double median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
    if (!std::isfinite(median))
        return std::nullopt;
    return median;
}

} // namespace

KneeSpread kneeSpread(const std::vector<Frontier>& frontiers,
                      const std::vector<std::uint64_t>& seeds)
{
    assert(frontiers.size() == seeds.size());
    constexpr double kAbove = std::numeric_limits<double>::infinity();
    KneeSpread spread;
    std::vector<double> loads, utilizations;
    for (std::size_t i = 0; i < frontiers.size(); ++i) {
        const Frontier& f = frontiers[i];
        spread.knees.push_back({seeds[i], f.kneeLoad, f.kneeUtilization});
        const bool knee = f.kneeLoad && f.kneeUtilization;
        loads.push_back(knee ? *f.kneeLoad : kAbove);
        utilizations.push_back(knee ? *f.kneeUtilization : kAbove);
        if (!knee) {
            ++spread.seedsWithoutKnee;
            continue;
        }
        spread.lowUtilization =
            std::min(spread.lowUtilization.value_or(kAbove), *f.kneeUtilization);
        spread.highUtilization =
            std::max(spread.highUtilization.value_or(-kAbove), *f.kneeUtilization);
    }
    spread.medianLoad = medianOf(loads);
    spread.medianUtilization = medianOf(utilizations);
    if (!spread.medianLoad || !spread.medianUtilization)
        spread.medianLoad = spread.medianUtilization = std::nullopt;
    return spread;
}

Frontier withMedianKnee(Frontier frontier, const KneeSpread& spread)
{
    frontier.kneeLoad = spread.medianLoad;
    frontier.kneeUtilization = spread.medianUtilization;
    return frontier;
}

} // namespace fleet
