#pragma once

// What the Packing view shows: a node and pod list replayed under the chosen
// policies over a few seeds (src/core/pack), averaged per policy.

#include "pack/replay.h"

#include <QString>

#include <atomic>
#include <vector>

namespace fleet::gui {

struct PolicyPacking
{
    pack::Policy policy = pack::Policy::Random;
    std::vector<double> allocatedPctByArrivedPct; ///< mean over the seeds
    double unallocatedPctAt100 = 0;
    double unallocatedPctAtTarget = 0;
    double failedPods = 0;
};

struct PackingReport
{
    QString source; ///< "pods.csv on nodes.csv"
    int nodes = 0;
    int totalGpus = 0;
    std::size_t pods = 0;
    double load = 1.3;
    int seeds = 0;
    std::vector<PolicyPacking> policies;
    QString refusal; ///< why the lists could not be replayed (pack::checkReplay); "" when they were
};

/// Replays `pods` on `nodes` for each policy and seeds 42, 43, …; stops early
/// (returning what it has) when `cancel` is raised.
PackingReport replayPolicies(const std::vector<pack::Node>& nodes,
                             const std::vector<pack::Pod>& pods,
                             const std::vector<pack::Policy>& policies, int seeds, double load,
                             const QString& source, const std::atomic<bool>* cancel = nullptr);

} // namespace fleet::gui
