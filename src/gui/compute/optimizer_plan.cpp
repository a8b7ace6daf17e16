#include "compute/optimizer_plan.h"

#include "optimize/regime_mix.h"

#include <map>

namespace fleet::gui {

void solveOptimizerPlan(PlanResults& results, const OptimizeOptions& options)
{
    results.optimizer.reset();
    results.optimizerRefusal.clear();
    auto solved = optimizeRegimeMix(results.project, options);
    if (solved)
        results.optimizer = std::move(solved).value();
    else
        results.optimizerRefusal = solved.error().toString();
    results.optimizerCurrent = true;
}

bool hasOptimizerAnswer(const PlanResults& results)
{
    return results.optimizer.has_value() || !results.optimizerRefusal.empty();
}

OptimizerMix optimizerMix(const PlanResults& results)
{
    OptimizerMix mix;
    mix.months = results.regimeMix.months;
    if (!results.optimizer)
        return mix;
    // Keyed by the regime's place in the enum; GPUs not set up after every regime.
    constexpr int kNotSetUp = 1000;
    std::map<int, std::vector<double>> byRegime;
    for (const PoolCount& pool : results.optimizer->pools) {
        auto& values = byRegime[pool.regime ? int(*pool.regime) : kNotSetUp];
        values.resize(mix.months.size(), 0.0);
        if (pool.month >= 1 && std::size_t(pool.month) <= mix.months.size())
            values[std::size_t(pool.month - 1)] += pool.count;
    }
    for (auto& [regime, values] : byRegime) {
        mix.series.push_back(regime == kNotSetUp ? std::string("Held, not set up")
                                                 : std::string(regimeLabel(RegimeKind(regime))));
        mix.gpus.push_back(std::move(values));
    }
    return mix;
}

} // namespace fleet::gui
