#include "simulate/simulation.h"

// Where a job goes under each policy, and the reservation that keeps nodes
// for a waiting gang (docs/MODEL.md, "The cluster simulator").

#include <algorithm>
#include <bit>

namespace fleet::sim {

/// Whether `job` may use nodes the reservation holds.
bool Simulation::mayUseHeld(int job) const
{
    if (m_reservation.job < 0 || m_reservation.job == job)
        return true;
    return m_now + m_remaining[std::size_t(job)] <= m_reservation.shadowHours ||
           evictable(job, m_reservation.job);
}

/// GPUs for `job` under the policy, or an empty placement.
Placement Simulation::place(int job) const
{
    if (fractional(job))
        return placeFraction(job);
    const int gpus = spec(job).gpus;
    const int perNode = m_cluster.gpusPerNode;
    Placement placement;
    if (m_fullyFreeGpus < gpus)
        return placement;
    if (m_policy == PlacementPolicy::Naive)
        return placePods(job);
    if (m_policy == PlacementPolicy::Fifo) {
        // First free GPUs anywhere, node by node.
        int needed = gpus;
        for (int node = 0; node < m_cluster.nodes && needed > 0; ++node) {
            const int take = std::min(needed, m_free[std::size_t(node)]);
            if (take > 0) {
                placement.whole.push_back({node, take});
                needed -= take;
            }
        }
        return placement;
    }
    const bool holder = m_reservation.job == job;
    const bool held = mayUseHeld(job);
    if (gpus <= perNode) {
        // Best fit: the node with the fewest free GPUs that still holds
        // the gang; the holder takes the nodes kept for it first.
        int node = holder ? m_heldBuckets.bestFit(gpus) : -1;
        if (node < 0)
            node = m_open.bestFit(gpus);
        if (node < 0 && held)
            node = m_heldBuckets.bestFit(gpus);
        if (node >= 0)
            placement.whole.push_back({node, gpus});
        return placement;
    }
    // Larger gangs take whole empty nodes.
    const int nodesNeeded = (gpus + perNode - 1) / perNode;
    if (m_open.count(perNode) + (held ? m_heldBuckets.count(perNode) : 0) < nodesNeeded)
        return placement;
    int left = gpus;
    const auto take = [&](const std::vector<int>& nodes) {
        for (std::size_t i = 0; i < nodes.size() && left > 0; ++i) {
            placement.whole.push_back({nodes[i], std::min(perNode, left)});
            left -= perNode;
        }
    };
    if (held)
        take(m_heldBuckets.nodes(perNode));
    take(m_open.nodes(perNode));
    return placement;
}

/// Naive placement as Kubernetes places pods: a job is pods, and a pod
/// runs on one node — it cannot be split. A job that fits a node is one
/// pod; a larger gang is one pod of a whole node per node, and one pod
/// for the rest. Each pod takes the first node (by index) with room:
/// first fit, no best fit. Naive reserves nothing for waiting gangs; the
/// only nodes held are a planned run's (cordoned for it), which the run
/// takes first and others use only if they end before it starts.
Placement Simulation::placePods(int job) const
{
    const int gpus = spec(job).gpus;
    const int perNode = m_cluster.gpusPerNode;
    const int wholeNodes = gpus / perNode;
    const int rest = gpus % perNode;
    const bool holder = m_reservation.job == job;
    const bool held = mayUseHeld(job);
    const auto count = [&](int free) {
        return m_open.count(free) + (held ? m_heldBuckets.count(free) : 0);
    };
    Placement placement;
    if (count(perNode) < wholeNodes)
        return placement;
    if (rest > 0) {
        bool room = count(perNode) > wholeNodes;
        for (int free = rest; free < perNode && !room; ++free)
            room = count(free) > 0;
        if (!room)
            return placement;
    }
    int wholeLeft = wholeNodes;
    bool restLeft = rest > 0;
    // The holder first on its own nodes, then anywhere; others skip the
    // held nodes they may not use.
    for (int pass = holder ? 0 : 1; pass < 2; ++pass)
        for (int node = 0; node < m_cluster.nodes && (wholeLeft > 0 || restLeft); ++node) {
            const bool isHeld = m_held[std::size_t(node)];
            if ((pass == 0 && !isHeld) || (pass == 1 && holder && isHeld) || (isHeld && !held))
                continue;
            const int free = m_free[std::size_t(node)];
            if (wholeLeft > 0 && free == perNode) {
                placement.whole.push_back({node, perNode});
                --wholeLeft;
            } else if (restLeft && free >= rest) {
                placement.whole.push_back({node, rest});
                restLeft = false;
            }
        }
    if (wholeLeft > 0 || restLeft)
        placement = {};
    return placement;
}

/// A GPU with room for a fractional request: the first one (naive), or
/// the fullest one that still has room, else a free GPU on the node with
/// the fewest free GPUs, keeping empty nodes for gangs (topology-aware).
Placement Simulation::placeFraction(int job) const
{
    const int slices = spec(job).slices;
    const int perNode = m_cluster.gpusPerNode;
    Placement placement;
    if (m_fullyFreeGpus == 0 && m_partial.bestFit(slices) < 0)
        return placement;
    if (m_policy == PlacementPolicy::Fifo || m_policy == PlacementPolicy::Naive) {
        const bool held = mayUseHeld(job);
        for (std::size_t gpu = 0; gpu < m_gpuFree.size(); ++gpu)
            if (m_gpuFree[gpu] >= slices && (held || !m_held[gpu / std::size_t(perNode)])) {
                placement.gpu = int(gpu);
                break;
            }
        return placement;
    }
    const bool held = mayUseHeld(job);
    for (int free = slices; free < m_slices && placement.gpu < 0; ++free)
        for (int gpu : m_partial.nodes(free))
            if (held || !m_held[std::size_t(gpu / perNode)]) {
                placement.gpu = gpu;
                break;
            }
    if (placement.gpu >= 0)
        return placement;
    int node = m_open.bestFit(1);
    if (node < 0 && held)
        node = m_heldBuckets.bestFit(1);
    if (node >= 0) {
        const std::uint64_t full = m_fullMask[std::size_t(node)];
        placement.gpu = node * perNode + std::countr_zero(full);
    }
    return placement;
}

/// Holds for `job` the nodes that can take it soonest (counting work
/// that predictive preemption could evict as free), from the latest of
/// their times: the shadow time.
void Simulation::makeReservation(int job, double notBefore)
{
    const int perNode = m_cluster.gpusPerNode;
    const int gpus = spec(job).gpus;
    const int need = std::min(gpus, perNode);
    const int nodesNeeded = (gpus + perNode - 1) / perNode;
    if (nodesNeeded > m_cluster.nodes)
        return;
    std::vector<std::pair<double, int>> ready; // (time the node can take its share, node)
    std::vector<std::pair<double, int>> ends, partialEnds;
    for (int node = 0; node < m_cluster.nodes; ++node) {
        int free = m_free[std::size_t(node)];
        ends.clear();
        partialEnds.clear();
        for (int other : m_nodeJobs[std::size_t(node)]) {
            const double otherEnd = m_running[std::size_t(other)].end;
            if (fractional(other)) {
                // A GPU shared by fractions is free when its last one ends.
                const int gpu = m_running[std::size_t(other)].placement.gpu;
                auto it = std::find_if(partialEnds.begin(), partialEnds.end(),
                                       [&](const auto& e) { return e.second == gpu; });
                if (it == partialEnds.end())
                    partialEnds.emplace_back(otherEnd, gpu);
                else
                    it->first = std::max(it->first, otherEnd);
            } else if (evictable(other, job)) {
                free += gpusOn(other, node);
            } else {
                ends.emplace_back(otherEnd, gpusOn(other, node));
            }
        }
        for (const auto& partial : partialEnds)
            ends.emplace_back(partial.first, 1);
        std::sort(ends.begin(), ends.end());
        double time = m_now;
        for (std::size_t i = 0; i < ends.size() && free < need; ++i) {
            time = ends[i].first;
            free += ends[i].second;
        }
        ready.emplace_back(time, node);
    }
    const auto cut = ready.begin() + nodesNeeded;
    std::nth_element(ready.begin(), cut - 1, ready.end());
    m_reservation = {job, std::max((cut - 1)->first, notBefore), {}};
    for (auto it = ready.begin(); it != cut; ++it) {
        const int node = it->second;
        m_reservation.shadowHours = std::max(m_reservation.shadowHours, it->first);
        m_open.erase(node, m_free[std::size_t(node)]);
        m_held[std::size_t(node)] = true;
        m_heldBuckets.insert(node, m_free[std::size_t(node)]);
        m_reservation.nodes.push_back(node);
    }
    if (m_reservation.shadowHours > m_now)
        push({m_reservation.shadowHours, 0, job, EventKind::Wakeup});
}

void Simulation::releaseReservation()
{
    for (int node : m_reservation.nodes) {
        m_heldBuckets.erase(node, m_free[std::size_t(node)]);
        m_held[std::size_t(node)] = false;
        m_open.insert(node, m_free[std::size_t(node)]);
    }
    m_reservation = {};
}

} // namespace fleet::sim
