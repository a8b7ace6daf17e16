#include "engine/tenant_totals.h"

#include <map>
#include <numeric>

namespace fleet {

namespace {

struct SegmentUse
{
    double gpuHoursHeld = 0;
    double costUsd = 0;
};

/// Each segment's workloads' GPU-hours held and cost, by segment id.
std::map<std::string, SegmentUse> useBySegment(const Project& project, const Evaluation& evaluation)
{
    std::map<std::string, std::string> segmentOf;
    for (const Workload& workload : project.workloads)
        segmentOf[workload.id] = workload.segmentId;
    std::map<std::string, SegmentUse> use;
    for (const WorkloadEvaluation& w : evaluation.workloads) {
        SegmentUse& segment = use[segmentOf[w.id]];
        if (const OptionResult* chosen = w.chosenOption())
            segment.gpuHoursHeld += chosen->totalGpuHoursHeld();
        segment.costUsd += std::accumulate(w.monthlyCostUsd.begin(), w.monthlyCostUsd.end(), 0.0);
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

std::vector<TenantTotal> tenantTotals(const Project& project, const Evaluation& evaluation)
{
    const std::map<std::string, SegmentUse> use = useBySegment(project, evaluation);
    std::vector<TenantTotal> lines;
    // Tenants: their segment's use, shared by quota (or alike) × cost weight.
    for (const Segment& segment : project.segments) {
        std::vector<const Tenant*> tenants;
        for (const Tenant& tenant : project.tenants)
            if (tenant.segmentId == segment.id)
                tenants.push_back(&tenant);
        const auto found = use.find(segment.id);
        const SegmentUse segmentUse = found == use.end() ? SegmentUse{} : found->second;
        if (tenants.empty()) {
            lines.push_back(
                {"", segment.id, 0, "", segmentUse.gpuHoursHeld, segmentUse.costUsd, 0});
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
            lines.push_back({tenant->id, segment.id, double(tenant->count), rule,
                             segmentUse.gpuHoursHeld * basis / basisSum,
                             segmentUse.costUsd * basis * tenant->costWeight / weightedSum, 0});
        }
    }
    // The rest of the fleet's cost (idle commitment), in proportion to use.
    double workloadCost = 0;
    for (const TenantTotal& line : lines)
        workloadCost += line.workloadCostUsd;
    const double rest = evaluation.kpis.totalCostUsd - workloadCost;
    if (workloadCost > 0) {
        for (TenantTotal& line : lines)
            line.sharedFleetCostUsd = rest * line.workloadCostUsd / workloadCost;
    } else if (rest != 0) {
        lines.push_back({"", "", 0, "", 0, 0, rest});
    }
    return lines;
}

} // namespace fleet
