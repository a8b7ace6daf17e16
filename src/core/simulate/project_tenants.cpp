#include "simulate/project_tenants.h"

#include "engine/tenant_totals.h"

#include <variant>

namespace fleet {

std::vector<SimTenant> ProjectTenants::simTenants() const
{
    std::vector<SimTenant> out;
    out.reserve(tenants.size());
    for (const ProjectTenant& tenant : tenants)
        out.push_back(tenant.sim);
    return out;
}

int ProjectTenants::pick(const std::string& segmentId, double u) const
{
    const auto it = bySegment.find(segmentId);
    if (it == bySegment.end() || it->second.empty())
        return 0;
    for (const auto& [cumulative, index] : it->second)
        if (u < cumulative)
            return index;
    return it->second.back().second; // u rounds up to the last share
}

ProjectTenants projectTenants(const Project& project)
{
    ProjectTenants out;
    if (project.tenants.empty())
        return out;
    for (const Segment& segment : project.segments) {
        std::vector<const Tenant*> rows;
        for (const Tenant& tenant : project.tenants)
            if (tenant.segmentId == segment.id)
                rows.push_back(&tenant);
        auto& spread = out.bySegment[segment.id];
        if (rows.empty()) {
            bool jobs = false; // only segments whose work the simulator runs
            for (const Workload& w : project.workloads)
                jobs = jobs || (w.segmentId == segment.id &&
                                (std::holds_alternative<TrainingSpec>(w.spec) ||
                                 std::holds_alternative<BatchSpec>(w.spec)));
            if (!jobs)
                continue;
            ProjectTenant line;
            line.id = segment.id;
            line.segmentId = segment.id;
            line.wholeSegment = true;
            line.rule = "segment";
            spread.emplace_back(1.0, int(out.tenants.size()));
            out.tenants.push_back(line);
            continue;
        }
        const std::string rule = tenantShareRule(rows);
        double basisSum = 0;
        for (const Tenant* row : rows)
            basisSum += tenantShareBasis(*row, rule);
        double cumulative = 0;
        for (const Tenant* row : rows) {
            ProjectTenant line;
            line.id = row->id;
            line.segmentId = segment.id;
            line.count = row->count;
            line.rule = rule;
            line.jobShare =
                basisSum > 0 ? tenantShareBasis(*row, rule) / basisSum : 1.0 / double(rows.size());
            line.priorityTier = row->priorityTier;
            line.sim.weight = row->count * row->costWeight;
            line.sim.quotaGpus = row->quotaGpus ? row->count * *row->quotaGpus : 0.0;
            cumulative += line.jobShare;
            spread.emplace_back(cumulative, int(out.tenants.size()));
            out.tenants.push_back(line);
        }
    }
    return out;
}

} // namespace fleet
