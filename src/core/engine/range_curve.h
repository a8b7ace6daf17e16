#pragma once

// The fans of the charts over the input ranges (issue 31, item 6).
//
// The cost curve's (engine/chart_data.h: the fleet scaled, or the utilization
// ceiling): at each point of the curve, the Monte Carlo over the project's
// input ranges, so that the curve is drawn with its P10–P90 band. Every point
// uses the same seed, hence the same draws of the inputs (common random
// numbers): the band's shape follows the curve, not the noise of
// independent samples.
//
// The cost per token's: each bar's P10 / P50 / P90 over the draws of one run
// (RangeOptions::extra), the bar looked up in each draw by its workload, GPU
// and regime, whatever the draw's own ranking of workloads.

#include "engine/chart_data.h"
#include "engine/monte_carlo.h"

namespace fleet {

/// Draws per point of the curve (21 points: 2,100 evaluations).
inline constexpr int kCurveBandDraws = 100;

struct CostCurveBand
{
    int draws = 0;
    std::uint64_t seed = 0;
    std::vector<double> x; ///< the curve's x the band is of (CostCurveData::x)
    /// The mean monthly cost's P10 / P50 / P90 at each of the curve's x.
    std::vector<std::optional<Percentiles>> monthlyCostUsd;
};

/// The band of `curve` (costCurve(project)); fails as runRanges does.
Result<CostCurveBand> costCurveBand(const Project& project, const CostCurveData& curve,
                                    const RangeOptions& options);

/// The bars of a cost-per-token chart (CostPerTokenData) with their spread.
struct CostPerTokenBand
{
    int draws = 0;
    std::uint64_t seed = 0;
    std::vector<std::size_t> workloadIndices;                 ///< per category, as the chart's
    std::vector<std::string> gpuIds;                          ///< per category
    std::vector<RegimeKind> regimes;                          ///< per series
    std::vector<std::vector<std::optional<Percentiles>>> usd; ///< [regime][category]
    /// The band of the bar (workload, GPU, regime); null when it has none.
    const Percentiles* of(std::size_t workloadIndex, const std::string& gpuId,
                          RegimeKind regime) const;
};

/// The bars of `layout` in one draw, [regime][category] flattened regime by
/// regime: the draw's cost per unit of work of the same workload, GPU and
/// regime (NaN where that draw cannot serve it). For RangeOptions::extra.
std::vector<double> costPerTokenCells(const CostPerTokenData& layout, const Evaluation& drawn);

/// The band of `layout` from a run whose extra figures, from `offset` on,
/// are costPerTokenCells(layout, …).
CostPerTokenBand costPerTokenBandOf(const CostPerTokenData& layout, const RangeRun& run,
                                    std::size_t offset = 0);

/// Both charts' fans of a project: the cost curve's (kCurveBandDraws a
/// point) and both cost-per-token charts' (one run of `options.draws`).
struct ChartBands
{
    CostCurveBand costCurve;
    CostPerTokenBand outputTokens;   ///< per million output tokens
    CostPerTokenBand trainingTokens; ///< per trillion training tokens
};

/// RangeOptions whose extra figures are both cost-per-token charts' bars of
/// `project` (output tokens', then training tokens'); `output` and `training`
/// get the layouts (the charts of the project as it stands).
RangeOptions withCostPerTokenCells(RangeOptions options, const Project& project,
                                   CostPerTokenData* output, CostPerTokenData* training);

/// Every fan of `project`: one run with the bars' extras, then the curve's.
Result<ChartBands> chartBands(const Project& project, const RangeOptions& options = {});

} // namespace fleet
