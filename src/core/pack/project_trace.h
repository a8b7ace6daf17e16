#pragma once

// From replay to planner: a project's own shared-GPU work as a node and pod
// list, and the packing efficiency a policy reaches on a trace — which then
// stands in for the assumed usable capacity of the fractional and
// time-sliced regimes (assumptions/shared_packing_efficiency).

#include "engine/evaluation.h"
#include "pack/replay.h"

#include <optional>
#include <vector>

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

/// What one policy reached on a trace: the share of GPU capacity allocated
/// when the arrived load equals the capacity, in percent, mean over the seeds.
struct PolicyAllocation
{
    Policy policy = Policy::Random;
    double meanAllocatedPctAt100 = 0;
};

struct MeasuredEfficiency
{
    double efficiency = 0; ///< share of a shared GPU's capacity that work can use
    Policy policy = Policy::Random;
};

/// The one rule by which replays become the project's packing efficiency,
/// used by `fleetplanner-cli pack --apply` and the app's Packing view alike:
/// of the policies replayed, the one that allocates most at 100 % arrived load
/// (a cluster would run the policy that packs best; a user who wants another
/// replays that policy alone), its mean over the seeds. Empty when nothing
/// was replayed.
std::optional<MeasuredEfficiency> measuredEfficiency(const std::vector<PolicyAllocation>& policies);

/// The project's note once its shared-GPU packing efficiency was measured:
/// `note`, then one sentence on how (`how`: "by fleetplanner-cli pack", …).
std::string noteWithMeasuredEfficiency(const std::string& note, double efficiency, Policy policy,
                                       const std::string& how, const std::string& source,
                                       double load, int seeds);

} // namespace fleet::pack
