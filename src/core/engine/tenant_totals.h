#pragma once

// Per-tenant totals of an evaluation (evaluate --json): each segment's
// workloads' GPU-hours and cost shared among its tenants, and the rest of the
// fleet's cost (committed GPUs no workload holds) shared in proportion to
// use, so that the lines sum to the fleet's total cost. docs/MODEL.md,
// "Tenants".

#include "engine/evaluation.h"
#include "model/project.h"

#include <optional>
#include <string>
#include <vector>

namespace fleet {

/// One month of a line: the line's shares of the month's figures.
struct TenantMonthTotal
{
    double gpuHoursHeld = 0;
    double workloadCostUsd = 0;
    double sharedFleetCostUsd = 0;
    double totalCostUsd() const { return workloadCostUsd + sharedFleetCostUsd; }
};

/// One line: a tenant row, a segment without tenants, or the central line
/// (the fleet's cost when no workload holds anything).
struct TenantTotal
{
    std::string tenantId;  ///< "" for a segment line or the central line
    std::string segmentId; ///< "" for the central line
    double tenants = 0;    ///< the row's count (0 for a segment or central line)
    /// How the segment's cost was shared among its tenants: "quota_gpu_hours",
    /// "quota_gpus" (every tenant of the segment states that quota) or "count"
    /// (each tenant alike); all weighted by cost_weight. "" for other lines.
    std::string rule;
    double gpuHoursHeld = 0;
    double workloadCostUsd = 0;    ///< its share of its segment's workloads' cost
    double sharedFleetCostUsd = 0; ///< its share of the rest of the fleet's cost
    double totalCostUsd() const { return workloadCostUsd + sharedFleetCostUsd; }
    /// Memory used ÷ memory allocated over the horizon: the GPU memory the
    /// segment's workloads use on average (weights, KV cache, optimizer
    /// state, sessions) ÷ the memory of the GPU equivalents they hold (a
    /// share's memory for shared regimes, whole GPUs' for partitions). The
    /// segment's figure for each of its tenants: the engine does not tell
    /// one tenant's work from another's. Training runs are left out: the
    /// engine counts a run's weights, gradients and optimizer state, not its
    /// activations, which fill the rest of the GPU by design. nullopt when
    /// no other work holds anything (and for the central line).
    std::optional<double> memoryEfficiency;
    /// Month by month over the horizon, with the same shares as the totals:
    /// they sum to the figures above, and a month's lines to the month's cost.
    std::vector<TenantMonthTotal> months;
};

/// How a segment's tenant rows share its use: "quota_gpu_hours" when every
/// one states quota_gpu_hours_per_month, else "quota_gpus" when every one
/// states quota_gpus, else "count".
std::string tenantShareRule(const std::vector<const Tenant*>& tenants);

/// A tenant row's share key under `rule` (count × that quota, or count),
/// before its cost weight.
double tenantShareBasis(const Tenant& tenant, const std::string& rule);

/// The lines of `evaluation` of `project`, segment by segment in the
/// project's order (a segment's tenants in the project's order, or the
/// segment's own line when it has none), then (only when needed) the central
/// line.
/// Their totalCostUsd() sum to evaluation.kpis.totalCostUsd.
std::vector<TenantTotal> tenantTotals(const Project& project, const Evaluation& evaluation);

/// The GPU-hours a tenant row may use in a month (its entitlement): count ×
/// quota_gpu_hours_per_month, else count × quota_gpus × the hours of a month;
/// nullopt when it states no quota.
std::optional<double> entitledGpuHoursPerMonth(const Tenant& tenant);

} // namespace fleet
