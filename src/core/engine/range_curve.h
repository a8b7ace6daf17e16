#pragma once

// The cost curve's fan (issue 31, item 6): at each point of the cost curve
// (engine/chart_data.h: the fleet scaled, or the utilization ceiling), the
// Monte Carlo over the project's input ranges, so that the curve is drawn
// with its P10–P90 band. Every point uses the same seed, hence the same
// draws of the inputs (common random numbers): the band's shape follows the
// curve, not the noise of independent samples.

#include "engine/chart_data.h"
#include "engine/monte_carlo.h"

namespace fleet {

/// Draws per point of the curve (21 points: 2,100 evaluations).
inline constexpr int kCurveBandDraws = 100;

struct CostCurveBand
{
    int draws = 0;
    std::uint64_t seed = 0;
    /// The mean monthly cost's P10 / P50 / P90 at each of the curve's x.
    std::vector<std::optional<Percentiles>> monthlyCostUsd;
};

/// The band of `curve` (costCurve(project)); fails as runRanges does.
Result<CostCurveBand> costCurveBand(const Project& project, const CostCurveData& curve,
                                    const RangeOptions& options);

} // namespace fleet
