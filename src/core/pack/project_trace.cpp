#include "pack/project_trace.h"

#include "model/regime_descriptor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fleet::pack {

Trace projectTrace(const Project& project, const Evaluation& evaluation)
{
    Trace trace;
    double sharedGpus = 0;
    std::string model;
    int perNode = 8;
    for (std::size_t w = 0; w < evaluation.workloads.size(); ++w) {
        const OptionResult* option = evaluation.workloads[w].chosenOption();
        if (!option || regimeDescriptor(option->regime).packedAsFractions != RegimeFlag::Yes ||
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

std::optional<MeasuredEfficiency> measuredEfficiency(const std::vector<PolicyAllocation>& policies)
{
    const auto best = std::max_element(policies.begin(), policies.end(),
                                       [](const PolicyAllocation& a, const PolicyAllocation& b) {
                                           return a.meanAllocatedPctAt100 < b.meanAllocatedPctAt100;
                                       });
    if (best == policies.end())
        return std::nullopt;
    return MeasuredEfficiency{best->meanAllocatedPctAt100 / 100.0, best->policy};
}

std::string noteWithMeasuredEfficiency(const std::string& note, double efficiency, Policy policy,
                                       const std::string& how, const std::string& source,
                                       double load, int seeds)
{
    char figures[64];
    std::snprintf(figures, sizeof figures, "%.3f", efficiency);
    char loadText[16];
    std::snprintf(loadText, sizeof loadText, "%.2f", load);
    return (note.empty() ? std::string() : note + " ") + "Shared-GPU packing efficiency " +
           figures + " measured " + how + " (" + std::string(policyKey(policy)) + ", " + source +
           ", load " + loadText + ", " + std::to_string(seeds) + (seeds == 1 ? " seed" : " seeds") +
           "), not assumed.";
}

} // namespace fleet::pack
