#include "engine/range_curve.h"

#include "engine/sensitivity.h"

namespace fleet {

Result<CostCurveBand> costCurveBand(const Project& project, const CostCurveData& curve,
                                    const RangeOptions& options)
{
    CostCurveBand band;
    band.draws = options.draws;
    band.seed = options.seed;
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

} // namespace fleet
