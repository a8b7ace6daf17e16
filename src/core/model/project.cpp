#include "model/project.h"

#include <algorithm>

namespace fleet {

Catalog& Project::mutableCatalog()
{
    if (m_catalog.use_count() > 1)
        m_catalog = std::make_shared<Catalog>(*m_catalog);
    return *m_catalog;
}

void Project::setCatalog(Catalog catalog)
{
    m_catalog = std::make_shared<Catalog>(std::move(catalog));
}

bool Segment::allows(RegimeKind kind) const
{
    return std::find(allowedRegimes.begin(), allowedRegimes.end(), kind) != allowedRegimes.end();
}

std::string_view policyKey(SchedulerPolicy policy)
{
    switch (policy) {
    case SchedulerPolicy::Naive: return "naive";
    case SchedulerPolicy::TopologyAware: return "topology_aware";
    case SchedulerPolicy::PredictivePreemption: return "predictive_preemption";
    }
    return "naive";
}

std::optional<SchedulerPolicy> policyFromKey(std::string_view key)
{
    for (SchedulerPolicy policy : kAllPolicies)
        if (policyKey(policy) == key)
            return policy;
    return std::nullopt;
}

const Segment* Project::segment(const std::string& id) const
{
    for (const Segment& candidate : segments)
        if (candidate.id == id)
            return &candidate;
    return nullptr;
}

double Project::tenantCount(const std::string& segmentId) const
{
    double count = 0;
    for (const Tenant& tenant : tenants)
        if (tenant.segmentId == segmentId)
            count += tenant.count;
    return count;
}

const Scenario* Project::scenario(const std::string& idOrName) const
{
    for (const Scenario& candidate : scenarios)
        if (candidate.id == idOrName || candidate.name == idOrName)
            return &candidate;
    return nullptr;
}

} // namespace fleet
