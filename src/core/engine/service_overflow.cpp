#include "engine/service_overflow.h"

#include "engine/option_month_total.h"

#include <cmath>

namespace fleet {

bool overflowApplies(const Project& project, const Workload& workload, const GpuModel& gpu)
{
    if (workload.kind() != WorkloadKind::Inference)
        return false;
    const Segment* segment = project.segment(workload.segmentId);
    if (!segment || !segment->preemptible)
        return false;
    if (project.assumptions.overflowUtilizationThreshold >= 1.0)
        return false;
    const PriceBook* book = project.activePriceBook();
    return book && book->usdPerGpuHour(gpu, Plan::OnDemand).has_value();
}

double overflowPreemptionRate(const Assumptions& assumptions, double gpusPerReplica)
{
    return assumptions.preemptionsPerGpuHour * gpusPerReplica * assumptions.restartMin / 60.0;
}

OverflowSplit splitOverflow(double replicas, double gpusPerReplica, const Assumptions& assumptions)
{
    OverflowSplit split;
    split.dedicatedReplicas = replicas;
    split.preemptionRate = overflowPreemptionRate(assumptions, gpusPerReplica);
    if (replicas <= 0)
        return split;
    if (split.preemptionRate > assumptions.overflowAcceptedPreemptionRate) {
        split.refused = true;
        return split;
    }
    // The 1e-9 keeps 0.68 × 25 = 17 from rounding up to 18 through binary noise.
    split.dedicatedReplicas =
        std::min(replicas, std::ceil(assumptions.overflowUtilizationThreshold * replicas - 1e-9));
    split.overflowReplicas = replicas - split.dedicatedReplicas;
    return split;
}

std::optional<double> overflowUsdPerGpuHour(const Project& project, const GpuModel& gpu,
                                            double preemptionRate)
{
    const PriceBook* book = project.activePriceBook();
    if (!book || preemptionRate >= 1.0)
        return std::nullopt;
    const auto onDemand = book->usdPerGpuHour(gpu, Plan::OnDemand);
    if (!onDemand)
        return std::nullopt;
    return project.assumptions.overflowPriceFactor * *onDemand / (1.0 - preemptionRate);
}

double overflowCostUsd(const Project& project, const OptionResult& option, std::size_t monthIndex)
{
    if (monthIndex >= option.months.size())
        return 0.0;
    const double hours = option.months[monthIndex].overflowGpuHoursHeld;
    if (hours <= 0)
        return 0.0;
    const double rate = option.months[monthIndex].overflowPreemptionRate > 0
                            ? option.months[monthIndex].overflowPreemptionRate
                            : option.overflowPreemptionRate;
    const GpuModel* gpu = project.catalog().gpu(option.gpuId);
    const auto price = gpu ? overflowUsdPerGpuHour(project, *gpu, rate) : std::nullopt;
    // overflowApplies checked the price before any overflow hours were set.
    return price ? hours * *price : 0.0;
}

double overflowTotalCostUsd(const Project& project, const OptionResult& option)
{
    return horizonTotalUsd(project, option, overflowCostUsd);
}

} // namespace fleet
