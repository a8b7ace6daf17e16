#pragma once

// A GPU's power between idle and its maximum (the catalog's TDP): the idle
// share of TDP, read from data/perf/gpu_power.json, where its source is stated
// (a FleetPlanner assumption; docs/MODEL.md, "Per-tenant metering").

#include "util/result.h"

#include <string_view>

namespace fleet {

/// Watts drawn at a utilization `u` (0–1) between `idleW` and `maxW`:
/// idle + u × (max − idle).
inline double wattsAt(double u, double idleW, double maxW)
{
    return idleW + u * (maxW - idleW);
}

/// Parses a gpu_power.json document; `file` names it in messages.
Result<double> parseIdleFractionOfTdp(std::string_view text, std::string_view file);

/// The built-in idle fraction of TDP (data/perf/gpu_power.json).
Result<double> idleFractionOfTdp();

} // namespace fleet
