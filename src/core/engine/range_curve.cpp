#include "engine/range_curve.h"

#include "engine/evaluate.h"
#include "engine/sensitivity.h"

#include <limits>

namespace fleet {

Result<CostCurveBand> costCurveBand(const Project& project, const CostCurveData& curve,
                                    const RangeOptions& options)
{
    CostCurveBand band;
    band.draws = options.draws;
    band.seed = options.seed;
    band.x = curve.x;
    const SensitivityInput* input = sensitivityInput(curve.inputKey);
    if (!input)
        return band;
    // The curve's own factors (engine/chart_data.cpp: 0.5 to 1.5 in steps of 0.05).
    for (std::size_t i = 0; i < curve.x.size(); ++i) {
        Project scaled = project;
        input->scale(scaled, 0.5 + 0.05 * double(i));
        auto run = runRanges(scaled, options);
        if (!run)
            return run.error();
        if (run.value().cancelled)
            return Error("cancelled");
        const KpiRange* cost = run.value().of(Kpi::MeanMonthlyCost);
        band.monthlyCostUsd.push_back(cost ? cost->band : std::nullopt);
    }
    return band;
}

const Percentiles* CostPerTokenBand::of(std::size_t workloadIndex, const std::string& gpuId,
                                        RegimeKind regime) const
{
    for (std::size_t r = 0; r < regimes.size(); ++r) {
        if (regimes[r] != regime)
            continue;
        for (std::size_t c = 0; c < workloadIndices.size(); ++c)
            if (workloadIndices[c] == workloadIndex && gpuIds[c] == gpuId && usd[r][c])
                return &*usd[r][c];
    }
    return nullptr;
}

std::vector<double> costPerTokenCells(const CostPerTokenData& layout, const Evaluation& drawn)
{
    const std::size_t categories = layout.workloadIndices.size();
    std::vector<double> cells(layout.regimes.size() * categories,
                              std::numeric_limits<double>::quiet_NaN());
    for (std::size_t c = 0; c < categories; ++c) {
        if (layout.workloadIndices[c] >= drawn.workloads.size())
            continue;
        const auto byRegime = costPerUnitByRegime(drawn.workloads[layout.workloadIndices[c]],
                                                  layout.gpuIds[c], layout.plan);
        for (std::size_t r = 0; r < layout.regimes.size(); ++r)
            if (const auto found = byRegime.find(layout.regimes[r]); found != byRegime.end())
                cells[r * categories + c] = found->second;
    }
    return cells;
}

CostPerTokenBand costPerTokenBandOf(const CostPerTokenData& layout, const RangeRun& run,
                                    std::size_t offset)
{
    CostPerTokenBand band;
    band.draws = run.draws;
    band.seed = run.seed;
    band.workloadIndices = layout.workloadIndices;
    band.gpuIds = layout.gpuIds;
    band.regimes = layout.regimes;
    const std::size_t categories = layout.workloadIndices.size();
    band.usd.assign(layout.regimes.size(), std::vector<std::optional<Percentiles>>(categories));
    for (std::size_t r = 0; r < layout.regimes.size(); ++r)
        for (std::size_t c = 0; c < categories; ++c)
            if (const std::size_t at = offset + r * categories + c; at < run.extra.size())
                band.usd[r][c] = run.extra[at];
    return band;
}

RangeOptions withCostPerTokenCells(RangeOptions options, const Project& project,
                                   CostPerTokenData* output, CostPerTokenData* training)
{
    const Evaluation point = evaluate(project);
    *output = costPerToken(project, point, WorkloadKind::Inference);
    *training = costPerToken(project, point, WorkloadKind::Training);
    options.extra = [output = *output, training = *training](const Project&,
                                                             const Evaluation& drawn) {
        std::vector<double> cells = costPerTokenCells(output, drawn);
        const std::vector<double> more = costPerTokenCells(training, drawn);
        cells.insert(cells.end(), more.begin(), more.end());
        return cells;
    };
    return options;
}

Result<ChartBands> chartBands(const Project& project, const RangeOptions& options)
{
    ChartBands bands;
    CostPerTokenData output, training;
    auto run = runRanges(project, withCostPerTokenCells(options, project, &output, &training));
    if (!run)
        return run.error();
    if (run.value().cancelled)
        return Error("cancelled");
    bands.outputTokens = costPerTokenBandOf(output, run.value());
    bands.trainingTokens = costPerTokenBandOf(
        training, run.value(), output.regimes.size() * output.workloadIndices.size());
    RangeOptions curveOptions = options;
    curveOptions.draws = kCurveBandDraws;
    auto curve = costCurveBand(project, costCurve(project), curveOptions);
    if (!curve)
        return curve.error();
    bands.costCurve = std::move(curve).value();
    return bands;
}

} // namespace fleet
