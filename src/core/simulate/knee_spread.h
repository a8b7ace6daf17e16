#pragma once

// How firm a frontier's knee is: the knee measured on several seeds, their
// median (what `simulate --apply` writes) and their spread (docs/MODEL.md,
// "A knee over several seeds").

#include "simulate/frontier.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace fleet {

/// Seeds a project's knee is measured over by default: five, ours (an
/// assumption): enough for a median that one unlucky seed cannot move, at
/// five times one frontier's cost (a few seconds for the sample).
inline constexpr int kDefaultKneeSeeds = 5;

struct SeedKnee
{
    std::uint64_t seed = 0;
    std::optional<double> load;        ///< Frontier::kneeLoad
    std::optional<double> utilization; ///< Frontier::kneeUtilization
};

struct KneeSpread
{
    std::vector<SeedKnee> knees; ///< in seed order
    /// The median knee: the middle seed's by useful utilization (the mean of
    /// the middle two for an even count), load and utilization as a pair; a
    /// seed without a knee counts as above every load swept, so none when
    /// half or more of the seeds have no knee.
    std::optional<double> medianLoad, medianUtilization;
    /// The lowest and highest knee utilization among seeds with a knee.
    std::optional<double> lowUtilization, highUtilization;
    int seedsWithoutKnee = 0;
};

/// The spread of the knees of `frontiers`, one per seed of `seeds`.
KneeSpread kneeSpread(const std::vector<Frontier>& frontiers,
                      const std::vector<std::uint64_t>& seeds);

/// `frontier` with its knee replaced by the median of `spread`: what the
/// ceiling rule (measuredCeiling) reads when several seeds were run.
Frontier withMedianKnee(Frontier frontier, const KneeSpread& spread);

} // namespace fleet
