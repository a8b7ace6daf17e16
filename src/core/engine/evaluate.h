#pragma once

// The engine's entry point: a pure function of a project snapshot.

#include "engine/evaluation.h"

namespace fleet {

/// Evaluates every workload's options, chooses one per workload (the user's
/// pinned choice where set, else the cheapest), and computes the KPIs against
/// the all-bare-metal, all-on-demand baseline. Same project, same result.
Evaluation evaluate(const Project& project);

/// Sets `option.planCosts`, the option's cost under each plan of the
/// project's active price book on `gpu`, in place (a repriced option keeps
/// its buffers).
void pricePlans(const Project& project, const GpuModel& gpu, OptionResult& option, bool allowSpot);

/// Fixed fleet: the fleet's blended USD per GPU-hour for `gpuId` (its pools'
/// prices weighted by GPU count, spot pools left out: only preemptible work
/// runs on them, engine/fleet_spot.h); nullopt if the fleet has none or a
/// pool's plan is not priced.
std::optional<double> fleetBlendedUsdPerGpuHour(const Project& project, const std::string& gpuId);

} // namespace fleet
