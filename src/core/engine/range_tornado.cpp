#include "engine/range_tornado.h"

#include "engine/evaluate.h"
#include "model/range_target.h"

#include <algorithm>
#include <cmath>

namespace fleet {

Tornado rangeTornado(const Project& project, Kpi kpi, const RangeOptions& options)
{
    Tornado result;
    result.kpi = kpi;
    result.fraction = 0;
    result.base = kpiValue(evaluate(project).kpis, kpi);
    auto run = runRanges(project, options);
    if (!run || run.value().cancelled)
        return result;
    const KpiRange* ranged = run.value().of(kpi);
    std::vector<std::pair<double, TornadoBar>> bars;
    for (const InputRange& range : project.ranges) {
        auto target = rangeTarget(project, range.path);
        if (!target)
            continue;
        const auto at = [&](double value) {
            Project moved = project;
            target.value().set(moved, target.value().integer ? std::round(value) : value);
            return kpiValue(evaluate(moved).kpis, kpi);
        };
        double share = 0;
        if (ranged)
            for (const InputShare& s : ranged->shares)
                if (s.path == range.path)
                    share = s.share;
        const std::string label = target.value().label + ": " +
                                  std::to_string(int(std::lround(share * 100))) +
                                  " % of the variance";
        bars.push_back({share, TornadoBar{range.path, label, at(range.low), at(range.high)}});
    }
    std::stable_sort(bars.begin(), bars.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (auto& [share, bar] : bars)
        result.bars.push_back(std::move(bar));
    return result;
}

} // namespace fleet
