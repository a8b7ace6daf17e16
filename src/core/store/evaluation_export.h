#pragma once

// The engine's evaluation as JSON (fleetplanner-cli evaluate --json): plain
// numbers in the units their names state.

#include "engine/evaluation.h"
#include "engine/tenant_totals.h"

#include <boost/json.hpp>

namespace fleet {

/// Per-tenant totals (engine/tenant_totals.h), one object a line; the
/// evaluation's JSON has them under "tenants" when the project has tenants.
boost::json::array tenantTotalsToJson(const std::vector<TenantTotal>& lines);

/// The same lines as CSV, one row per line per month of the horizon, with
/// OpenCost's allocation field names for the GPU fields (name, start, end,
/// minutes, gpuCount, gpuHours, gpuCost, sharedCost, totalCost), then month,
/// segment, tenants, rule and memoryEfficiency. The central line is "__idle__" (OpenCost's name
/// for unallocated idle cost); every row's totalCost sums to the evaluation's
/// total cost. start and end are the calendar month's bounds (from the
/// project's start month; empty without one); minutes and gpuCount use the
/// engine's month of 730 h (8,760 h / 12), as every monthly figure does.
std::string tenantTotalsCsv(const Project& project, const std::vector<TenantTotal>& lines);

/// GPUs held, busy and paid per month (engine/gpu_counts.h), in all and per
/// GPU model, and held per regime: `evaluate --json`'s and `solve --json`'s
/// "gpu_counts".
boost::json::object gpuCountsToJson(const GpuCounts& counts);

boost::json::object evaluationToJson(const Project& project, const Evaluation& evaluation,
                                     const std::string& scenario);

} // namespace fleet
