#include "engine/tenant_totals.h"

#include "model/pricing.h"
#include "util/vector_sum.h"

#include <map>

namespace fleet {

namespace {

/// A segment's workloads' GPU-hours held and cost, month by month.
struct SegmentUse
{
    std::vector<double> gpuHoursHeld;
    std::vector<double> costUsd;
    double memoryUsedGbMonths = 0;      ///< Σ over months of GPU memory in use
    double memoryAllocatedGbMonths = 0; ///< Σ over months of the memory of the GPUs held
};

/// Each segment's workloads' GPU-hours held and cost over `months` months, by segment id.
std::map<std::string, SegmentUse> useBySegment(const Project& project, const Evaluation& evaluation,
                                               std::size_t months)
{
    std::map<std::string, std::string> segmentOf;
    for (const Workload& workload : project.workloads)
        segmentOf[workload.id] = workload.segmentId;
    std::map<std::string, SegmentUse> use;
    for (const WorkloadEvaluation& w : evaluation.workloads) {
        SegmentUse& segment = use[segmentOf[w.id]];
        segment.gpuHoursHeld.resize(months, 0.0);
        segment.costUsd.resize(months, 0.0);
        if (const OptionResult* chosen = w.chosenOption()) {
            const GpuModel* gpu = project.catalog().gpu(chosen->gpuId);
            for (std::size_t m = 0; m < chosen->months.size() && m < months; ++m) {
                const MonthRequirement& month = chosen->months[m];
                segment.gpuHoursHeld[m] += month.gpuHoursHeld;
                // Training is left out: the engine counts a run's state, not
                // its activations, which by design fill the rest of the GPU.
                if (gpu && w.kind != WorkloadKind::Training) {
                    segment.memoryUsedGbMonths += month.memoryGb;
                    segment.memoryAllocatedGbMonths += month.gpuEquivalents * gpu->memoryGb.value;
                }
            }
        }
        for (std::size_t m = 0; m < w.monthlyCostUsd.size() && m < months; ++m)
            segment.costUsd[m] += w.monthlyCostUsd[m];
    }
    return use;
}

} // namespace

std::string tenantShareRule(const std::vector<const Tenant*>& tenants)
{
    bool allHours = true, allGpus = true;
    for (const Tenant* tenant : tenants) {
        allHours = allHours && tenant->quotaGpuHoursPerMonth.has_value();
        allGpus = allGpus && tenant->quotaGpus.has_value();
    }
    return allHours ? "quota_gpu_hours" : allGpus ? "quota_gpus" : "count";
}

double tenantShareBasis(const Tenant& tenant, const std::string& rule)
{
    if (rule == "quota_gpu_hours")
        return tenant.count * *tenant.quotaGpuHoursPerMonth;
    if (rule == "quota_gpus")
        return tenant.count * *tenant.quotaGpus;
    return tenant.count;
}

namespace {

/// A line holding `hoursShare` of a segment's GPU-hours and `costShare` of
/// its cost, in every month and over the horizon.
TenantTotal lineOf(const SegmentUse& use, double hoursShare, double costShare)
{
    TenantTotal line;
    line.months.resize(use.costUsd.size());
    for (std::size_t m = 0; m < use.costUsd.size(); ++m) {
        line.months[m].gpuHoursHeld = use.gpuHoursHeld[m] * hoursShare;
        line.months[m].workloadCostUsd = use.costUsd[m] * costShare;
    }
    line.gpuHoursHeld = sum(use.gpuHoursHeld) * hoursShare;
    line.workloadCostUsd = sum(use.costUsd) * costShare;
    if (use.memoryAllocatedGbMonths > 0)
        line.memoryEfficiency = use.memoryUsedGbMonths / use.memoryAllocatedGbMonths;
    return line;
}

} // namespace

std::vector<TenantTotal> tenantTotals(const Project& project, const Evaluation& evaluation)
{
    const std::vector<double>& fleetMonths = evaluation.kpis.monthlyCostUsd;
    const std::size_t months = fleetMonths.size();
    const std::map<std::string, SegmentUse> use = useBySegment(project, evaluation, months);
    const SegmentUse unused{std::vector<double>(months, 0.0), std::vector<double>(months, 0.0)};
    std::vector<TenantTotal> lines;
    // Tenants: their segment's use, shared by quota (or alike) × cost weight.
    for (const Segment& segment : project.segments) {
        std::vector<const Tenant*> tenants;
        for (const Tenant& tenant : project.tenants)
            if (tenant.segmentId == segment.id)
                tenants.push_back(&tenant);
        const auto found = use.find(segment.id);
        const SegmentUse& segmentUse = found == use.end() ? unused : found->second;
        if (tenants.empty()) {
            lines.push_back(lineOf(segmentUse, 1.0, 1.0));
            lines.back().segmentId = segment.id;
            continue;
        }
        const std::string rule = tenantShareRule(tenants);
        double basisSum = 0, weightedSum = 0;
        for (const Tenant* tenant : tenants) {
            basisSum += tenantShareBasis(*tenant, rule);
            weightedSum += tenantShareBasis(*tenant, rule) * tenant->costWeight;
        }
        for (const Tenant* tenant : tenants) {
            const double basis = tenantShareBasis(*tenant, rule);
            lines.push_back(
                lineOf(segmentUse, basis / basisSum, basis * tenant->costWeight / weightedSum));
            TenantTotal& line = lines.back();
            line.tenantId = tenant->id;
            line.segmentId = segment.id;
            line.tenants = double(tenant->count);
            line.rule = rule;
        }
    }
    // The rest of the fleet's cost (idle commitment), in proportion to use
    // over the horizon; each month's rest with the same shares.
    double workloadCost = 0;
    std::vector<double> restMonths = fleetMonths;
    for (const TenantTotal& line : lines) {
        workloadCost += line.workloadCostUsd;
        for (std::size_t m = 0; m < months; ++m)
            restMonths[m] -= line.months[m].workloadCostUsd;
    }
    const double rest = evaluation.kpis.totalCostUsd - workloadCost;
    if (workloadCost > 0) {
        for (TenantTotal& line : lines) {
            const double share = line.workloadCostUsd / workloadCost;
            line.sharedFleetCostUsd = rest * share;
            for (std::size_t m = 0; m < months; ++m)
                line.months[m].sharedFleetCostUsd = restMonths[m] * share;
        }
    } else if (rest != 0) {
        TenantTotal central;
        central.sharedFleetCostUsd = rest;
        central.months.resize(months);
        for (std::size_t m = 0; m < months; ++m)
            central.months[m].sharedFleetCostUsd = restMonths[m];
        lines.push_back(std::move(central));
    }
    return lines;
}

std::optional<double> entitledGpuHoursPerMonth(const Tenant& tenant)
{
    if (tenant.quotaGpuHoursPerMonth)
        return tenant.count * *tenant.quotaGpuHoursPerMonth;
    if (tenant.quotaGpus)
        return tenant.count * *tenant.quotaGpus * kHoursPerMonth;
    return std::nullopt;
}

} // namespace fleet
