#include "optimize/apply_plan.h"

#include "engine/fleet_spot.h"

#include <algorithm>
#include <map>

namespace fleet {

namespace {

/// Pools of a fleet the optimizer sized: per (GPU model, plan), committed
/// plans at their (constant) count, flexible plans at their busiest month.
std::map<std::pair<std::string, Plan>, int> plannedPools(const RegimeMixResult& plan)
{
    std::map<std::tuple<std::string, Plan, int>, int> perMonth;
    for (const PoolCount& p : plan.pools)
        perMonth[{p.gpuId, p.plan, p.month}] += p.count;
    std::map<std::pair<std::string, Plan>, int> pools;
    for (const auto& [key, count] : perMonth) {
        int& pool = pools[{std::get<0>(key), std::get<1>(key)}];
        pool = std::max(pool, count);
    }
    return pools;
}

} // namespace

Project applyPlan(const Project& project, const RegimeMixResult& plan)
{
    Project applied = project;
    if (project.fleet.mode == FleetMode::Size) {
        applied.fleet.mode = FleetMode::Fixed;
        auto pools = plannedPools(plan);
        // Existing pools keep their ids (scenarios name them): they take the
        // plan's count for their GPU model and plan, or none.
        for (FleetPool& pool : applied.fleet.pools) {
            const auto it = pools.find({pool.gpuId, pool.plan});
            pool.count = it == pools.end() ? 0 : it->second;
            if (it != pools.end())
                pools.erase(it);
        }
        for (const auto& [key, count] : pools) {
            if (count <= 0)
                continue;
            FleetPool pool;
            pool.gpuId = key.first;
            pool.plan = key.second;
            pool.count = count;
            pool.id = key.first + "-" + std::string(planKey(key.second));
            pool.note = "Sized by the regime-mix optimizer (fleetplanner-cli solve --apply).";
            applied.fleet.pools.push_back(std::move(pool));
        }
    }
    // Choices after the pools: a workload the plan keeps off spot is pinned
    // to the fleet's other pools where a spot pool of its GPU could take it
    // (the engine would otherwise move preemptible work there: one generated
    // project's plan, applied, put every workload on an 8,509-GPU spot pool
    // and evaluated at $3.49 B against the $719 M solve said).
    for (const Assignment& a : plan.assignments)
        for (Workload& workload : applied.workloads)
            if (workload.id == a.workloadId) {
                WorkloadChoice choice;
                choice.gpuId = a.gpuId;
                choice.regime = a.regime;
                if (!a.profile.empty())
                    choice.profile = a.profile;
                if (a.onSpot)
                    choice.plan = Plan::Spot;
                else if (applied.fleet.mode == FleetMode::Fixed &&
                         fleetSpotGpus(applied, a.gpuId) > 0)
                    choice.plan = Plan::OnDemand; // the fleet's pools but spot
                workload.choice = std::move(choice);
            }
    return applied;
}

} // namespace fleet
