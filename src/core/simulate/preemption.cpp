#include "simulate/simulation.h"

// Predictive preemption: which running preemptible work to evict for a
// priority job, and what an eviction costs.

#include <algorithm>
#include <cmath>

namespace fleet::sim {

/// Whether predictive preemption may evict `victim` for `job`.
bool Simulation::evictable(int victim, int job) const
{
    // Fractional jobs are never evicted: they would free slivers, not GPUs.
    return m_policy == PlacementPolicy::PredictivePreemption && spec(victim).preemptible &&
           !fractional(victim) && spec(victim).priority < spec(job).priority;
}

int Simulation::gpusOn(int job, int node) const
{
    for (const Placement::Share& share : m_running[std::size_t(job)].placement.whole)
        if (share.node == node)
            return share.gpus;
    return 0;
}

/// GPU-hours a running job would lose if evicted now: the work since its
/// last checkpoint.
double Simulation::lossIfEvicted(int job) const
{
    const SimJob& s = spec(job);
    const double ran = m_now - m_running[std::size_t(job)].start;
    const double kept =
        s.checkpointIntervalHours > 0
            ? std::floor(ran / s.checkpointIntervalHours) * s.checkpointIntervalHours
            : 0.0;
    return (ran - kept) * gpuShare(job);
}

void Simulation::evict(int victim)
{
    const double ran = m_now - m_running[std::size_t(victim)].start;
    const double lost = lossIfEvicted(victim);
    recordRun(victim);
    release(victim);
    m_remaining[std::size_t(victim)] -= ran - lost / gpuShare(victim);
    m_result.gpuHoursLost += lost;
    ++m_result.preemptions;
    ++m_tenantPreemptions[std::size_t(tenantOf(victim))];
    m_waitStart[std::size_t(victim)] = m_now;
    m_evicted.push_back(victim); // queued after the scan: the queue is being iterated
}

/// Predictive preemption: frees room for `job` by evicting preemptible,
/// lower-priority work, choosing the nodes whose victims lose the least
/// work since their last checkpoint. False (and nothing evicted) if even
/// evicting everything allowed would not make room.
bool Simulation::tryPreempt(int job)
{
    if (m_policy != PlacementPolicy::PredictivePreemption || fractional(job) ||
        m_preemptibleRunning.empty() || m_preemptibleRunning.begin()->first >= spec(job).priority)
        return false;
    const int perNode = m_cluster.gpusPerNode;
    const int gpus = spec(job).gpus;
    const int need = std::min(gpus, perNode);
    const int nodesNeeded = (gpus + perNode - 1) / perNode;
    const bool held = mayUseHeld(job);
    struct Choice
    {
        double loss;
        int node;
        std::vector<int> victims;
    };
    std::vector<Choice> choices;
    std::vector<std::pair<double, int>> candidates;
    for (int node = 0; node < m_cluster.nodes; ++node) {
        if (m_held[std::size_t(node)] && !held)
            continue;
        int free = m_free[std::size_t(node)];
        Choice choice{0, node, {}};
        if (free < need) {
            candidates.clear();
            for (int other : m_nodeJobs[std::size_t(node)])
                if (evictable(other, job))
                    candidates.emplace_back(lossIfEvicted(other), other);
            std::sort(candidates.begin(), candidates.end());
            for (std::size_t i = 0; i < candidates.size() && free < need; ++i) {
                free += gpusOn(candidates[i].second, node);
                choice.loss += candidates[i].first;
                choice.victims.push_back(candidates[i].second);
            }
            if (free < need)
                continue;
        }
        choices.push_back(std::move(choice));
    }
    if (int(choices.size()) < nodesNeeded)
        return false;
    const auto cut = choices.begin() + nodesNeeded;
    std::partial_sort(choices.begin(), cut, choices.end(), [](const Choice& a, const Choice& b) {
        return a.loss != b.loss ? a.loss < b.loss : a.node < b.node;
    });
    for (auto it = choices.begin(); it != cut; ++it)
        for (int victim : it->victims)
            if (m_running[std::size_t(victim)].active) // a gang may sit on two chosen nodes
                evict(victim);
    return true;
}

} // namespace fleet::sim
