#include "optimize/plan_gpu_counts.h"

#include "model/pricing.h"

#include <algorithm>
#include <map>

namespace fleet {

namespace {

const OptionResult* assignedOption(const WorkloadEvaluation& workload, const Assignment& a)
{
    for (const OptionResult& option : workload.options)
        if (option.gpuId == a.gpuId && option.regime == a.regime && option.profile == a.profile)
            return &option;
    return nullptr;
}

} // namespace

GpuCounts planGpuCounts(const Project& project, const Evaluation& evaluation,
                        const RegimeMixResult& plan)
{
    std::map<std::string, const WorkloadEvaluation*> byId;
    for (const WorkloadEvaluation& w : evaluation.workloads)
        byId[w.id] = &w;
    std::map<std::pair<std::string, int>, PlanGpus> entries;
    auto entry = [&](const std::string& gpuId, int month) -> PlanGpus& {
        PlanGpus& e = entries[{gpuId, month}];
        e.gpuId = gpuId;
        e.month = month;
        return e;
    };
    for (const Assignment& a : plan.assignments) {
        const auto found = byId.find(a.workloadId);
        const OptionResult* option =
            found == byId.end() ? nullptr : assignedOption(*found->second, a);
        if (!option)
            continue;
        for (int m = 1; m <= project.horizonMonths; ++m) {
            PlanGpus& e = entry(a.gpuId, m);
            (a.onSpot ? e.spotOptions : e.options).push_back(option);
        }
    }
    for (const PoolCount& pool : plan.pools) {
        PlanGpus& e = entry(pool.gpuId, pool.month);
        // On demand and spot paid by the hour: the GPUs used, to the fraction.
        if (pool.plan == Plan::Spot)
            e.spotGpus += pool.gpus;
        else if (isCommitted(pool.plan))
            e.committedGpus += pool.count;
        else
            e.flexibleGpus += pool.gpus;
    }
    for (const LayoutCount& layout : plan.layouts) {
        PlanGpus& e = entry(layout.gpuId, layout.month);
        e.partitionGpus = std::max(0.0, e.partitionGpus) + layout.count;
    }
    std::vector<PlanGpus> gpus;
    for (auto& [key, e] : entries)
        gpus.push_back(std::move(e));
    return gpuCountsOfPlan(project.horizonMonths, gpus);
}

} // namespace fleet
