#include "optimize/spot_eligibility.h"

#include "engine/options.h"
#include "model/spot.h"

#include <cmath>

namespace fleet {

int spotFleetLimit(const Project& project, const std::string& gpuId)
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
    if (project.fleet.mode == FleetMode::Fixed && spotFleetLimit(project, gpu->id) <= 0)
        return "the fleet has no spot pool of " + option.gpuId;
    return std::nullopt;
}

} // namespace fleet
