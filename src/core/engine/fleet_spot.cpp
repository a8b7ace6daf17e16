#include "engine/fleet_spot.h"

#include "engine/options.h"
#include "model/spot.h"
#include "util/vector_sum.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace fleet {

int fleetSpotGpus(const Project& project, const std::string& gpuId)
{
    int count = 0;
    for (const FleetPool& pool : project.fleet.pools)
        if (pool.gpuId == gpuId && pool.plan == Plan::Spot)
            count += pool.count;
    return count;
}

std::optional<std::string> spotRefusal(const Project& project, const Workload& workload,
                                       const OptionResult& option)
{
    if (!isPreemptible(project, workload))
        return "not preemptible (segment `" + workload.segmentId + "`" +
               (workload.kind() == WorkloadKind::Batch ? ", batch not marked preemptible" : "") +
               ")";
    const PriceBook* book = project.activePriceBook();
    const GpuModel* gpu = project.catalog().gpu(option.gpuId);
    if (!book || !gpu)
        return "no active price book";
    if (!book->usdPerGpuHour(*gpu, Plan::Spot))
        return "price book `" + book->id + "` has no spot price for " + option.gpuId;
    if (!isWholeGpu(option.regime))
        return std::string("spot takes whole GPUs, not ") + std::string(regimeKey(option.regime));
    if (!spotWorkable(option.lostWorkFractionOnSpot))
        return "a gang would lose " +
               std::to_string(int(std::lround(option.lostWorkFractionOnSpot * 100))) +
               " % of its work to interruptions on " + option.gpuId + " (refused from " +
               std::to_string(int(std::lround(kSpotMaxLostWorkFraction * 100))) + " %)";
    if (project.fleet.mode == FleetMode::Fixed && fleetSpotGpus(project, gpu->id) <= 0)
        return "the fleet has no spot pool of " + option.gpuId;
    return std::nullopt;
}

bool spotAllowedFor(const Project& project, const Workload& workload, const OptionResult& option)
{
    return !spotRefusal(project, workload, option);
}

double spotGpusSetUp(const std::vector<const OptionResult*>& options, std::size_t m)
{
    std::vector<double> hours; // summed in a canonical order (util/vector_sum.h)
    for (const OptionResult* option : options)
        if (m < option->months.size())
            hours.push_back(
                spotGpuHoursHeld(option->spotGpuHoursPaid(m), option->lostWorkFractionOnSpot));
    return std::max(0.0, canonicalSum(std::move(hours)) / kHoursPerMonth);
}

std::vector<FleetSpotCash> fixedFleetSpotCash(const Project& project,
                                              const std::vector<WorkloadEvaluation>& workloads)
{
    std::map<std::string, std::vector<const OptionResult*>> onSpot;
    for (const WorkloadEvaluation& w : workloads)
        if (const OptionResult* option = w.chosenOption(); option && w.chosenPlan == Plan::Spot)
            onSpot[option->gpuId].push_back(option);
    std::vector<FleetSpotCash> models;
    const PriceBook* book = project.activePriceBook();
    const auto months = std::size_t(std::max(0, project.horizonMonths));
    for (const auto& [gpuId, options] : onSpot) {
        const GpuModel* gpu = project.catalog().gpu(gpuId);
        FleetSpotCash model;
        model.gpuId = gpuId;
        model.spotGpus = fleetSpotGpus(project, gpuId);
        // The engine chooses spot only where the book prices it (spotAllowedFor).
        model.spotUsdPerGpuHour =
            book && gpu ? book->usdPerGpuHour(*gpu, Plan::Spot).value_or(0.0) : 0.0;
        // Above the spot pools GPUs are rented on demand, as above any pool
        // (at the spot price where the book has no on-demand one).
        model.beyondUsdPerGpuHour =
            book && gpu
                ? book->usdPerGpuHour(*gpu, Plan::OnDemand).value_or(model.spotUsdPerGpuHour)
                : model.spotUsdPerGpuHour;
        for (std::size_t m = 0; m < months; ++m) {
            const double used = spotGpusSetUp(options, m);
            const double beyond = std::max(0.0, used - model.spotGpus);
            model.gpusUsed.push_back(used);
            model.beyondFleetGpus.push_back(beyond);
            model.monthlyUsd.push_back(
                ((used - beyond) * model.spotUsdPerGpuHour + beyond * model.beyondUsdPerGpuHour) *
                kHoursPerMonth);
        }
        models.push_back(std::move(model));
    }
    return models;
}

void addFixedFleetSpotCash(const Project& project, Evaluation& evaluation,
                           std::vector<double>& beyondFleetGpus)
{
    Kpis& k = evaluation.kpis;
    const auto months = std::size_t(std::max(0, project.horizonMonths));
    std::map<std::string, double> spotPools; // every spot pool is fleet, used or not
    for (const FleetPool& pool : project.fleet.pools)
        if (pool.plan == Plan::Spot)
            spotPools[pool.gpuId] += pool.count;
    for (const auto& [gpuId, count] : spotPools)
        k.fleetGpuHours += count * kHoursPerMonth * double(months);
    const std::vector<FleetSpotCash> models = fixedFleetSpotCash(project, evaluation.workloads);
    std::map<std::string, const FleetSpotCash*> byGpu;
    for (const FleetSpotCash& model : models) {
        byGpu[model.gpuId] = &model;
        for (std::size_t m = 0; m < months && m < k.monthlyCostUsd.size(); ++m) {
            k.monthlyCostUsd[m] += model.monthlyUsd[m];
            if (m < beyondFleetGpus.size())
                beyondFleetGpus[m] += model.beyondFleetGpus[m];
        }
    }
    // Each spot workload pays its spot GPU-hours at the month's rate of the
    // spot GPUs set up (added to what it already pays: a service's overflow);
    // the rounding to whole GPUs is no workload's.
    for (WorkloadEvaluation& w : evaluation.workloads) {
        const OptionResult* option = w.chosenOption();
        if (!option || w.chosenPlan != Plan::Spot)
            continue;
        const FleetSpotCash& model = *byGpu.at(option->gpuId);
        w.monthlyCostUsd.resize(months, 0.0);
        for (std::size_t m = 0; m < months && m < option->months.size(); ++m)
            if (model.gpusUsed[m] > 0)
                w.monthlyCostUsd[m] += spotGpuHoursHeld(option->months[m].gpuHoursHeld,
                                                        option->lostWorkFractionOnSpot) *
                                       model.monthlyUsd[m] / (model.gpusUsed[m] * kHoursPerMonth);
    }
}

} // namespace fleet
