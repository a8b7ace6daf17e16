#include "pack/project_trace.h"

#include <algorithm>
#include <cmath>

namespace fleet::pack {

Trace projectTrace(const Project& project, const Evaluation& evaluation)
{
    Trace trace;
    double sharedGpus = 0;
    std::string model;
    int perNode = 8;
    for (std::size_t w = 0; w < evaluation.workloads.size(); ++w) {
        const OptionResult* option = evaluation.workloads[w].chosenOption();
        if (!option ||
            (option->regime != RegimeKind::Fractional &&
             option->regime != RegimeKind::TimeSliced) ||
            option->months.empty())
            continue;
        const MonthRequirement& month = option->months.front();
        if (month.units <= 0)
            continue;
        // The engine divides shared units' GPUs by the assumed packing
        // efficiency; a unit's own share of a GPU is without it.
        const double share =
            month.gpuEquivalents * project.assumptions.sharedPackingEfficiency / month.units;
        const int milli = std::clamp(int(std::lround(share * 1000)), 1, 1000);
        for (long u = 0; u < std::lround(std::ceil(month.units)); ++u)
            trace.pods.push_back(
                {evaluation.workloads[w].id + "-" + std::to_string(u), 0, 0, 1, milli, {}});
        sharedGpus += share * month.units;
        model = option->gpuId;
    }
    for (const FleetPool& pool : project.fleet.pools)
        if (pool.gpuId == model)
            perNode = pool.gpusPerNode;
    const long nodes = std::lround(std::ceil(sharedGpus / perNode));
    for (long n = 0; n < nodes && !trace.pods.empty(); ++n)
        trace.nodes.push_back(
            {"node-" + std::to_string(n), 1'000'000'000, 1'000'000'000, perNode, model});
    return trace;
}

PackingEfficiency packingEfficiency(const Trace& trace, Policy policy,
                                    const std::vector<std::uint64_t>& seeds, double load)
{
    PackingEfficiency result;
    if (trace.nodes.empty() || trace.pods.empty())
        return result;
    double sum = 0;
    for (std::uint64_t seed : seeds) {
        sum += replay(trace.nodes, trace.pods, policy, {load, seed}).allocatedPctAt100 / 100.0;
        ++result.runs;
    }
    result.efficiency = result.runs > 0 ? sum / result.runs : 0;
    return result;
}

} // namespace fleet::pack
