#include "charts/chart_inputs.h"

#include "charts/chart_style.h"

#include <tuple>

namespace fleet::gui {

namespace {

// Each comparison binds every member of its struct: a member added later
// stops the build here until it is compared too (a missed one would keep a
// chart whose data changed).

bool same(const CostPerTokenData& a, const CostPerTokenData& b)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8, a9] = a;
    const auto& [b1, b2, b3, b4, b5, b6, b7, b8, b9] = b;
    return std::tie(a1, a2, a3, a4, a5, a6, a7, a8, a9) ==
           std::tie(b1, b2, b3, b4, b5, b6, b7, b8, b9);
}

bool same(const RegimeMixData& a, const RegimeMixData& b)
{
    const auto& [a1, a2, a3, a4] = a;
    const auto& [b1, b2, b3, b4] = b;
    return std::tie(a1, a2, a3, a4) == std::tie(b1, b2, b3, b4);
}

/// Cost per token: the data, and the names its GPUs are shown by.
bool sameCostPerToken(const PlanResults& drawn, const CostPerTokenData& a, const PlanResults& now,
                      const CostPerTokenData& b)
{
    if (!same(a, b) || drawn.currentBands() != now.currentBands() ||
        drawn.project.ranges.empty() != now.project.ranges.empty())
        return false; // the fan (or its "being computed" line) changed
    for (const std::string& id : a.gpuIds)
        if (gpuShortName(drawn.project.catalog(), id) != gpuShortName(now.project.catalog(), id))
            return false;
    return true;
}

} // namespace

bool sameChartInputs(ChartKind kind, const PlanResults& drawn, const PlanResults& now)
{
    switch (kind) {
    case ChartKind::CostPerToken:
        return sameCostPerToken(drawn, drawn.costPerOutputToken, now, now.costPerOutputToken);
    case ChartKind::CostPerTrainingToken:
        return sameCostPerToken(drawn, drawn.costPerTrainingToken, now, now.costPerTrainingToken);
    case ChartKind::RegimeMix: return same(drawn.regimeMix, now.regimeMix); // the engine's choice
    default: return false;
    }
}

} // namespace fleet::gui
