#pragma once

// Charts of a project's own tenants, from the evaluation's per-tenant totals
// (engine/tenant_totals.h): cost and GPU-hours held by tenant and month,
// stacked, with each quota's entitlement as a dashed line in its tenant's
// colour. docs/MODEL.md, "Tenants".

#include "compute/plan_results.h"
#include "engine/tenant_totals.h"

#include <QString>

#include <vector>

class QChart;

namespace fleet::gui {

/// The tenant row `id` of `project`, or null.
const Tenant* tenantRow(const Project& project, const std::string& id);

/// A line's name: the tenant's ("Startups (40 tenants)" for a row of many),
/// "Enterprise (no tenants)" for a segment without tenants, "Held centrally".
QString tenantLineName(const Project& project, const TenantTotal& line);

/// The lines' cost by month (workload cost and shared fleet cost), stacked.
QChart* createTenantCostChart(const PlanResults& results, const std::vector<TenantTotal>& lines);

/// The lines' GPU-hours held by month, stacked; a tenant with a quota gets its
/// entitlement per month (entitledGpuHoursPerMonth) as a dashed line standing
/// on the bottom of its band, so a band that crosses its line is over quota.
QChart* createTenantHoursChart(const PlanResults& results, const std::vector<TenantTotal>& lines);

} // namespace fleet::gui
