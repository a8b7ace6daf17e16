#include "model/project.h"

#include "model/regime_descriptor.h"

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

std::string_view stageKey(SegmentStage stage)
{
    switch (stage) {
    case SegmentStage::Early: return "early";
    case SegmentStage::Mid: return "mid";
    case SegmentStage::Enterprise: return "enterprise";
    }
    return "early";
}

std::optional<SegmentStage> stageFromKey(std::string_view key)
{
    for (SegmentStage stage : {SegmentStage::Early, SegmentStage::Mid, SegmentStage::Enterprise})
        if (stageKey(stage) == key)
            return stage;
    return std::nullopt;
}

namespace {

/// A stage's default regimes: those whose descriptor names the stage, in the
/// registry's order.
std::vector<RegimeKind> stageRegimes(std::uint8_t stageBit)
{
    std::vector<RegimeKind> kinds;
    for (RegimeKind kind : allRegimes())
        if (regimeDescriptor(kind).defaultStages & stageBit)
            kinds.push_back(kind);
    return kinds;
}

} // namespace

const StageDefaults& stageDefaults(SegmentStage stage)
{
    // DESIGN.md's three stages, as the sample's segments state them: early →
    // whole GPUs in VMs (time-slicing for development); mid → fractional GPUs
    // or MIG with memory guarantees; enterprise → dedicated GPUs or MIG. The
    // regimes say which stages they serve (RegimeDescriptor::defaultStages).
    static const StageDefaults early{IsolationLevel::None, stageRegimes(kStageEarly)};
    static const StageDefaults mid{IsolationLevel::Memory, stageRegimes(kStageMid)};
    static const StageDefaults enterprise{IsolationLevel::Hardware, stageRegimes(kStageEnterprise)};
    switch (stage) {
    case SegmentStage::Early: return early;
    case SegmentStage::Mid: return mid;
    case SegmentStage::Enterprise: return enterprise;
    }
    return early;
}

bool Segment::floorFromStage() const
{
    return stage && isolationFloor == stageDefaults(*stage).isolationFloor;
}

bool Segment::regimesFromStage() const
{
    return stage && allowedRegimes == stageDefaults(*stage).allowedRegimes;
}

void Segment::setStage(std::optional<SegmentStage> next)
{
    // A record being read (or made) has no floor or regimes yet: they are the
    // stage's until the file states its own.
    const bool fresh = !stage && allowedRegimes.empty();
    const bool floorFollows = fresh || floorFromStage();
    const bool regimesFollow = fresh || regimesFromStage();
    stage = next;
    if (!next)
        return;
    if (floorFollows)
        isolationFloor = stageDefaults(*next).isolationFloor;
    if (regimesFollow)
        allowedRegimes = stageDefaults(*next).allowedRegimes;
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

std::string_view ceilingSourceKey(CeilingSource source)
{
    return source == CeilingSource::Assumed ? "assumed" : "measured";
}

std::optional<CeilingSource> ceilingSourceFromKey(std::string_view key)
{
    for (CeilingSource source : {CeilingSource::Measured, CeilingSource::Assumed})
        if (ceilingSourceKey(source) == key)
            return source;
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
