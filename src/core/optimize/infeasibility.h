#pragma once

// Plain-language reasons why a plan cannot exist, found by analysing the
// project and the engine's options — not by reading a solver's status code.

#include "engine/evaluation.h"

#include <string>
#include <vector>

namespace fleet {

/// Why `workload` has no option at all: its segment's rules against the GPUs
/// and regimes at hand, and what each candidate ran into.
std::string explainNoOption(const Project& project, const Workload& workload,
                            const std::vector<RejectedOption>& rejected);

/// Why every workload has options but the fleet cannot hold them together:
/// the months and GPU models where even the cheapest placements exceed it.
std::vector<std::string> explainInfeasibleFleet(const Project& project,
                                                const Evaluation& evaluation);

} // namespace fleet
