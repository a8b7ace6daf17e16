#pragma once

// From replay to planner: a project's own shared-GPU work as a node and pod
// list, and the packing efficiency a policy reaches on a trace — which then
// stands in for the assumed usable capacity of the fractional and
// time-sliced regimes (assumptions/shared_packing_efficiency).

#include "engine/evaluation.h"
#include "pack/replay.h"

namespace fleet::pack {

struct Trace
{
    std::vector<Node> nodes;
    std::vector<Pod> pods;
};

/// One pod per month-1 allocation unit of every workload whose chosen option
/// runs fractional or time-sliced (its share of one GPU, in milli), on nodes
/// of the fleet's GPU model holding the GPUs those options hold (CPU and
/// memory are not what such work runs short of: they are left unbounded).
/// Empty when the project shares no GPU.
Trace projectTrace(const Project& project, const Evaluation& evaluation);

/// The project's note once its shared-GPU packing efficiency was measured:
/// `note`, then one sentence on how (`how`: "by fleetplanner-cli pack", …).
std::string noteWithMeasuredEfficiency(const std::string& note, double efficiency, Policy policy,
                                       const std::string& how, const std::string& source,
                                       double load, int seeds);

} // namespace fleet::pack
