#include "simulate/simulation.h"

// Weighted fair sharing between tenants (docs/MODEL.md, "Weighted fair
// sharing"): the order of the scan, the cap, and reclaiming borrowed GPUs.

#include <algorithm>
#include <optional>
#include <tuple>

namespace fleet::sim {

/// Whether starting `job` would take its tenant beyond cap share × quota.
bool Simulation::beyondCap(int job) const
{
    const SimTenant& tenant = m_tenants[std::size_t(tenantOf(job))];
    return tenant.quotaGpus > 0 && m_tenantBusy[std::size_t(tenantOf(job))] + gpuShare(job) >
                                       tenant.capShare * tenant.quotaGpus + 1e-9;
}

/// Whether a tenant other than `tenant` waits and is below its cap for its
/// next job (the head of its queue): one that could use room the cap keeps.
bool Simulation::othersBelowCap(int tenant) const
{
    if (!othersWaiting(tenant))
        return false;
    for (std::size_t u = 0; u < m_tenants.size(); ++u)
        if (int(u) != tenant && !m_tenantQueue[u].empty() &&
            !beyondCap(m_tenantQueue[u].begin()->job))
            return true;
    return false;
}

/// The cap binds only while another waiting tenant could use the room: is
/// below its own cap for its next job. When every waiting tenant is at its
/// cap, idle GPUs are lent beyond the caps (lent()).
bool Simulation::capped(int job) const
{
    return fair() && beyondCap(job) && othersBelowCap(tenantOf(job));
}

/// A start beyond the cap while others wait, all of them at their caps: it
/// may take idle GPUs only, never reclaim.
bool Simulation::lent(int job) const
{
    return fair() && beyondCap(job) && othersWaiting(tenantOf(job));
}

/// A reservation held by a waiting job whose start its cap refuses
/// (capped()) or would be lent (lent()) is released: the held nodes would
/// otherwise idle for a job that may not take them. A planned run not yet
/// arrived keeps its reservation (its drain is by plan).
void Simulation::releaseRefusedReservation()
{
    const int holder = m_reservation.job;
    if (fair() && holder >= 0 && m_queue.count(queueKey(holder)) > 0 &&
        (capped(holder) || lent(holder)))
        releaseReservation();
}

/// Weighted fair sharing: frees room for `job` by evicting work its
/// tenant's rivals borrowed — whole-GPU jobs of tenants that, even
/// without the evicted work, hold strictly more GPUs per unit of weight
/// than the job's tenant holds now (so two tenants cannot evict each
/// other in turn: the reverse would need the opposite inequality). A reclaim
/// evicts at most the GPUs of the whole nodes the job needs (a 2-GPU job
/// never evicts a 1,024-GPU run); it takes the nodes whose victims hold the
/// fewest GPUs, then lose the least work since their last checkpoint, and
/// on each node keeps back every victim not needed (the reprieve).
bool Simulation::tryReclaim(int job)
{
    if (fractional(job))
        return false;
    const int t = tenantOf(job);
    const double use = m_tenantBusy[std::size_t(t)] / weight(t);
    const auto mayReclaim = [&](int victim, double alreadyTaken) {
        const int u = tenantOf(victim);
        return u != t && !fractional(victim) && m_running[std::size_t(victim)].active &&
               (m_tenantBusy[std::size_t(u)] - alreadyTaken - gpuShare(victim)) / weight(u) >
                   use + 1e-9;
    };
    const int perNode = m_cluster.gpusPerNode;
    const int gpus = spec(job).gpus;
    const int need = std::min(gpus, perNode);
    const int nodesNeeded = (gpus + perNode - 1) / perNode;
    const double most = double(nodesNeeded) * perNode; // GPUs a reclaim may evict
    const bool held = mayUseHeld(job);
    struct Choice
    {
        double gpus; ///< GPUs its victims hold (their whole gangs)
        double loss;
        int node;
        std::vector<int> victims;
    };
    std::vector<Choice> choices;
    std::vector<std::tuple<double, double, int>> candidates; // (GPUs, loss, job)
    std::vector<double> taken(m_tenants.size(), 0.0);
    for (int node = 0; node < m_cluster.nodes; ++node) {
        if (m_held[std::size_t(node)] && !held)
            continue;
        int free = m_free[std::size_t(node)];
        Choice choice{0, 0, node, {}};
        if (free < need) {
            candidates.clear();
            for (int other : m_nodeJobs[std::size_t(node)])
                if (gpuShare(other) <= most + 1e-9 && mayReclaim(other, 0.0))
                    candidates.emplace_back(gpuShare(other), lossIfEvicted(other), other);
            std::sort(candidates.begin(), candidates.end());
            std::fill(taken.begin(), taken.end(), 0.0);
            for (std::size_t i = 0; i < candidates.size() && free < need; ++i) {
                const int victim = std::get<2>(candidates[i]);
                if (!mayReclaim(victim, taken[std::size_t(tenantOf(victim))]))
                    continue;
                taken[std::size_t(tenantOf(victim))] += gpuShare(victim);
                free += gpusOn(victim, node);
                choice.victims.push_back(victim);
            }
            if (free < need)
                continue;
            // Reprieve: the largest victims first, keep back any not needed.
            for (std::size_t i = choice.victims.size(); i-- > 0;)
                if (free - gpusOn(choice.victims[i], node) >= need) {
                    free -= gpusOn(choice.victims[i], node);
                    choice.victims.erase(choice.victims.begin() + std::ptrdiff_t(i));
                }
            for (int victim : choice.victims) {
                choice.gpus += gpuShare(victim);
                choice.loss += lossIfEvicted(victim);
            }
        }
        choices.push_back(std::move(choice));
    }
    if (int(choices.size()) < nodesNeeded)
        return false;
    const auto cut = choices.begin() + nodesNeeded;
    std::partial_sort(choices.begin(), cut, choices.end(), [](const Choice& a, const Choice& b) {
        return std::tie(a.gpus, a.loss, a.node) < std::tie(b.gpus, b.loss, b.node);
    });
    std::vector<int> victims; // distinct: a gang may sit on several chosen nodes
    for (auto it = choices.begin(); it != cut; ++it)
        victims.insert(victims.end(), it->victims.begin(), it->victims.end());
    std::sort(victims.begin(), victims.end());
    victims.erase(std::unique(victims.begin(), victims.end()), victims.end());
    double evictedGpus = 0;
    for (int victim : victims)
        evictedGpus += gpuShare(victim);
    if (evictedGpus > most + 1e-9)
        return false; // frees far more than the job needs
    bool evicted = false;
    for (int victim : victims)
        if (mayReclaim(victim, 0.0)) { // still borrowed after the evictions before it
            evict(victim);
            evicted = true;
        }
    return evicted;
}

/// Weighted fair queuing: the next job to start is from the waiting
/// tenant furthest below its weighted share of the busy GPUs (the lowest
/// GPUs held per unit of weight); when none of its jobs can start, the
/// next tenant's may (work conserving: idle GPUs are lent).
void Simulation::scanFair()
{
    std::vector<Kind> failed;
    const std::size_t tenants = m_tenants.size();
    std::vector<bool> done(tenants, false);
    std::vector<std::optional<QueueKey>> from(tenants);
    int blocked = 0;
    while (true) {
        int best = -1;
        double bestTag = 0;
        for (std::size_t t = 0; t < tenants; ++t) {
            if (done[t])
                continue;
            const std::set<QueueKey>& own = m_tenantQueue[t];
            const auto head = from[t] ? own.lower_bound(*from[t]) : own.begin();
            if (head == own.end()) {
                done[t] = true;
                continue;
            }
            // GPUs held per unit of weight: the same measure reclaiming
            // uses, so that a job started is not one reclaimed at once.
            const double tag = m_tenantBusy[t] / weight(int(t));
            if (best < 0 || tag < bestTag) {
                best = int(t);
                bestTag = tag;
            }
        }
        if (best < 0)
            return;
        std::set<QueueKey>& own = m_tenantQueue[std::size_t(best)];
        auto it = from[std::size_t(best)] ? own.lower_bound(*from[std::size_t(best)]) : own.begin();
        bool started = false;
        while (it != own.end()) {
            const auto next = std::next(it);
            if (capped(it->job)) {
                releaseRefusedReservation();
                break; // its cap binds (others below theirs wait): the next tenant's turn
            }
            if (attempt(m_queue.find(*it), failed)) {
                started = true;
                failed.clear(); // use changed: what may be reclaimed changed too
                if (next == own.end())
                    done[std::size_t(best)] = true;
                else
                    from[std::size_t(best)] = *next;
                break;
            }
            if (++blocked >= kQueueDepth)
                return;
            it = next;
        }
        if (!started)
            done[std::size_t(best)] = true;
    }
}

} // namespace fleet::sim
