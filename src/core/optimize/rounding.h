#pragma once

// The optimizer's fast path: from the LP relaxation to a feasible integer
// plan by rounding, for slider drags; also the exact solve's starting point.

#include "optimize/regime_mix_model.h"

#include <optional>
#include <vector>

namespace fleet {

/// Each workload takes the option the LP weights most; set-ups, layouts and
/// GPUs are sized by rounding up; plans are filled cheapest first (a committed
/// plan at the count that costs least against the flexible plan taking the
/// rest). Nullopt when a fixed fleet cannot hold the result.
std::optional<std::vector<double>> roundLpSolution(const Project& project, const Model& model,
                                                   const std::vector<double>& lp,
                                                   Objective objective);

/// The engine's own choices (each workload's chosen option, on spot where
/// the engine put it) completed to a plan of the model as the rounding
/// completes one: the plan the optimizer must never lose to. Nullopt when a
/// workload's choice has no column or a fixed fleet cannot hold it.
std::optional<std::vector<double>> planOfEngineChoices(const Project& project, const Model& model,
                                                       const Evaluation& evaluation,
                                                       Objective objective);

/// True when `values` meets every row and bound of `milp` (within 1e-6).
bool satisfies(const Milp& milp, const std::vector<double>& values);

double objectiveOf(const Milp& milp, const std::vector<double>& values);

} // namespace fleet
