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

boost::json::object evaluationToJson(const Project& project, const Evaluation& evaluation,
                                     const std::string& scenario);

} // namespace fleet
