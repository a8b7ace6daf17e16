#pragma once

// A project: the fleet, its prices, the segments it serves and their workloads,
// the regimes and assumptions the engine uses, and named scenarios.

#include "model/assumptions.h"
#include "model/catalog.h"
#include "model/input_range.h"
#include "model/regime.h"
#include "model/workload.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

/// A customer's maturity stage (../shared/DESIGN.md): early teams take whole
/// GPUs, simply; mid-stage teams fractional GPUs with memory guarantees;
/// enterprises provable isolation (dedicated or MIG).
enum class SegmentStage
{
    Early,
    Mid,
    Enterprise
};
std::string_view stageKey(SegmentStage stage); ///< "early", "mid", "enterprise"
std::optional<SegmentStage> stageFromKey(std::string_view key);

/// What a stage sets when its segment does not say otherwise.
struct StageDefaults
{
    IsolationLevel isolationFloor = IsolationLevel::None;
    std::vector<RegimeKind> allowedRegimes;
};
const StageDefaults& stageDefaults(SegmentStage stage);

/// A customer maturity segment.
struct Segment
{
    std::string id;
    std::string name;
    /// Sets the isolation floor and allowed regimes a file leaves out; a
    /// stated one wins (docs/MODEL.md, "Segments by stage").
    std::optional<SegmentStage> stage;
    IsolationLevel isolationFloor = IsolationLevel::None;
    std::vector<RegimeKind> allowedRegimes;
    bool preemptible = false;        ///< its work may be interrupted (spot, eviction)
    double priceUsdPerGpuHour = 0.0; ///< charged per GPU-hour (GPU-equivalent hour when shared)
    std::string note;

    bool allows(RegimeKind kind) const;
    /// Whether the isolation floor (the allowed regimes) is the stage's
    /// default, so that files leave it out; false without a stage.
    bool floorFromStage() const;
    bool regimesFromStage() const;
    /// Sets the stage; a floor and regimes that were the old stage's defaults
    /// follow to the new one's, stated ones stay.
    void setStage(std::optional<SegmentStage> next);
};

/// A tenant of a segment, or a class of `count` alike tenants (a tenant
/// count without naming each; several rows give a size distribution): its
/// quota, its weight in chargeback and its priority tier (docs/MODEL.md,
/// "Tenants").
struct Tenant
{
    std::string id;
    std::string name;
    std::string segmentId;
    int count = 1;                               ///< alike tenants this row stands for
    std::optional<double> quotaGpus;             ///< GPUs it may hold at once; unset: no quota
    std::optional<double> quotaGpuHoursPerMonth; ///< GPU-hours per month; unset: no quota
    double costWeight = 1.0;                     ///< premium tiers weigh more in chargeback (> 0)
    int priorityTier = 0; ///< 0 is the highest tier; larger numbers yield to smaller
    std::string note;
};

enum class FleetMode
{
    Fixed,
    Size
};

struct FleetPool
{
    std::string id;
    std::string gpuId;
    int count = 0;
    Plan plan = Plan::OnDemand;
    int gpusPerNode = 8;
    std::string note;
};

struct Fleet
{
    FleetMode mode = FleetMode::Fixed;
    std::vector<FleetPool> pools;
};

/// A named set of overrides (JSON pointer → value) applied to the baseline.
struct ScenarioOverride
{
    std::string path;
    std::string valueJson; ///< the value, as JSON text
};

struct Scenario
{
    std::string id;
    std::string name;
    std::string description;
    std::vector<ScenarioOverride> overrides;
};

/// One engine default a project overrides, as the project states it:
/// section "assumptions", "regimes/time_sliced", "scheduler/utilization_ceiling",
/// "scheduler/checkpoint_reclaim_fraction", "scheduler/measured_utilization_ceiling"
/// or "scheduler/ceiling_source" (a string: "measured" or "assumed");
/// key within it; value as JSON text.
struct SettingOverride
{
    std::string section;
    std::string key;
    std::string valueJson;
};

struct Project
{
    std::string name;
    std::string description;
    std::string note;
    int horizonMonths = 12;
    std::string startMonth; ///< calendar month of horizon month 1, "YYYY-MM"
    std::string activePriceBookId;
    /// The built-in catalog merged with the project's own sources and books.
    /// Shared, not copied, by the project's snapshots (undo steps, recompute
    /// requests, results): it is 62 of the sample's 70 KB.
    const Catalog& catalog() const { return *m_catalog; }
    /// The catalog to change; copied first when another snapshot shares it.
    Catalog& mutableCatalog();
    void setCatalog(Catalog catalog);
    std::vector<SourceInfo> ownSources;   ///< the sources the project file itself defines
    std::vector<PriceBook> ownPriceBooks; ///< the price books the project file itself defines
    Fleet fleet;
    Scheduler scheduler;
    std::vector<Regime> regimes = std::vector<Regime>(regimeCount()); ///< indexed by RegimeKind
    Assumptions assumptions;
    std::vector<Segment> segments;
    std::vector<Workload> workloads;
    std::vector<Tenant> tenants; ///< the segments' tenants, by segment id
    std::vector<Scenario> scenarios;
    /// Uncertain inputs: each a range over one numeric field (model/input_range.h).
    std::vector<InputRange> ranges;
    /// The defaults this project overrides, in the order it states them.
    /// `scheduler`, `regimes` and `assumptions` above are the defaults with
    /// these applied; they are what the engine reads.
    std::vector<SettingOverride> settingOverrides;

    const Regime& regime(RegimeKind kind) const { return regimes[static_cast<std::size_t>(kind)]; }
    const Segment* segment(const std::string& id) const;
    /// Tenants of segment `segmentId`: the sum of its tenant rows' counts (0: none stated).
    double tenantCount(const std::string& segmentId) const;
    const PriceBook* activePriceBook() const { return catalog().priceBook(activePriceBookId); }
    const Scenario* scenario(const std::string& idOrName) const;

private:
    std::shared_ptr<Catalog> m_catalog = std::make_shared<Catalog>();
};

} // namespace fleet
