#pragma once

// The simulator's engine (cluster_simulator.h is its interface): one run of
// a job stream on a cluster under a policy. Its members are defined in
// cluster_simulator.cpp (events, queue, bookkeeping), placement.cpp (where a
// job goes, reservations), preemption.cpp (evictions for priority work) and
// weighted_fair.cpp (tenants sharing by weight). Internal to src/core/simulate.

#include "simulate/cluster_simulator.h"
#include "simulate/node_buckets.h"
#include "simulate/simulation_types.h"

#include <queue>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <vector>

namespace fleet::sim {

class Simulation
{
public:
    Simulation(const ClusterShape& cluster, PlacementPolicy policy, const std::vector<SimJob>& jobs,
               double warmup, const std::vector<SimTenant>& tenants, bool recordRuns = false,
               double stopHours = std::numeric_limits<double>::infinity());
    SimulationResult run();

private:
    struct ClassSums
    {
        std::int64_t jobs = 0;
        double wait = 0, run = 0;
    };

    /// What decides whether a job can start now: two jobs alike in these
    /// fare alike within one pass, so a pass tries each kind once.
    struct Kind
    {
        int gpus, slices, priority;
        bool held;
        int tenant; ///< weighted fair: what may be reclaimed depends on the tenant
        bool operator==(const Kind&) const = default;
    };

    const ClusterShape& m_cluster;
    PlacementPolicy m_policy;
    const std::vector<SimJob>& m_jobs;
    std::vector<SimTenant> m_tenants;
    std::vector<double> m_tenantBusy;     ///< GPUs each tenant holds
    std::vector<double> m_tenantGpuHours; ///< in the measured window
    std::vector<double> m_tenantRunHours; ///< over the whole run
    std::vector<std::set<QueueKey>> m_tenantQueue;
    int m_waitingTenants = 0; ///< tenants with a job waiting
    std::vector<double> m_tenantWaitSum;
    std::vector<std::vector<double>> m_tenantWaits; ///< measured jobs' waits, per tenant
    bool m_recordRuns = false;
    double m_stopHours; ///< the run stops at the first event after this
    std::vector<std::int64_t> m_tenantWaitJobs;
    std::vector<std::int64_t> m_tenantPreemptions;
    std::vector<double> m_tenantContendedPeak;
    std::vector<double> m_tenantCappedPeak; ///< while others below their caps waited
    int m_slices;                           ///< slices per GPU
    std::vector<int> m_free;                ///< fully free GPUs per node
    std::vector<std::uint64_t> m_fullMask;  ///< which of a node's GPUs are fully free
    std::vector<int> m_gpuFree;             ///< free slices per GPU
    NodeBuckets m_partial;                  ///< GPUs some slices of which are taken, by free slices
    std::vector<bool> m_held;               ///< a node held by the reservation
    std::vector<std::vector<int>> m_nodeJobs;
    NodeBuckets m_open;        ///< nodes not held, by free GPUs
    NodeBuckets m_heldBuckets; ///< nodes held, by free GPUs
    std::vector<Running> m_running;
    std::vector<double> m_remaining; ///< work left, in hours on one node's GPUs
    std::vector<double> m_waitStart;
    std::vector<bool> m_started; ///< waits count from arrival to the first start
    std::set<QueueKey> m_queue;
    std::vector<int> m_evicted;
    std::map<int, int> m_preemptibleRunning; ///< running preemptible jobs by priority
    Reservation m_reservation;
    /// Events known before the run starts (arrivals, planned runs'
    /// announcements), in the order they fall due: read in turn, not kept in
    /// the heap, so the heap holds only what the run creates (completions,
    /// wake-ups) — about the running jobs, not every job of the stream.
    std::vector<Event> m_initial;
    std::size_t m_nextInitial = 0;
    std::priority_queue<Event, std::vector<Event>, std::greater<Event>> m_events;
    std::uint64_t m_sequence = 0;
    double m_now = 0;
    int m_fullyFreeGpus = 0;
    std::int64_t m_busySlices = 0;
    double m_usefulGpus = 0; ///< busy GPUs less the share a split gang's slowdown wastes
    double m_usefulGpuHours = 0;
    double m_busyGpuHours = 0;
    double m_queueArea = 0;
    double m_measureFrom = 0, m_measureTo = 0;
    std::size_t m_firstMeasured = 0;
    std::int64_t m_completedInWindow = 0;
    std::vector<double> m_waits;
    ClassSums m_nodeJobSums, m_gangSums;
    SimulationResult m_result;

    static WaitClass waitClass(const ClassSums& sums)
    {
        if (sums.jobs == 0)
            return {};
        return {sums.jobs, sums.wait / double(sums.jobs), sums.run / double(sums.jobs)};
    }
    int totalGpus() const { return m_cluster.nodes * m_cluster.gpusPerNode; }
    std::int64_t freeSlices() const { return std::int64_t(totalGpus()) * m_slices - m_busySlices; }
    bool fractional(int job) const { return spec(job).slices > 0; }
    /// GPUs a job holds: its gang, or its share of one GPU.
    double gpuShare(int job) const
    {
        return fractional(job) ? double(spec(job).slices) / m_slices : double(spec(job).gpus);
    }
    const SimJob& spec(int job) const { return m_jobs[std::size_t(job)]; }
    bool reserves() const
    {
        return m_policy == PlacementPolicy::TopologyAware ||
               m_policy == PlacementPolicy::PredictivePreemption ||
               m_policy == PlacementPolicy::WeightedFair;
    }
    /// Weighted fair sharing between several tenants; with one tenant the
    /// policy is topology-aware placement exactly.
    /// A planned run (SimJob::plannedLeadHours): reserved ahead, under every
    /// policy but fifo, the M/M/c reference.
    bool planned(int job) const
    {
        return spec(job).plannedLeadHours > 0 && m_policy != PlacementPolicy::Fifo;
    }
    bool fair() const { return m_policy == PlacementPolicy::WeightedFair && m_tenants.size() > 1; }
    int tenantOf(int job) const
    {
        return std::clamp(spec(job).tenant, 0, int(m_tenants.size()) - 1);
    }
    double weight(int tenant) const
    {
        const double w = m_tenants[std::size_t(tenant)].weight;
        return w > 0 ? w : 1.0;
    }
    bool othersWaiting(int tenant) const
    {
        return m_waitingTenants - (m_tenantQueue[std::size_t(tenant)].empty() ? 0 : 1) > 0;
    }
    QueueKey queueKey(int job) const
    {
        // Plain FIFO ignores priority: it is the M/M/c reference.
        const SimJob& s = spec(job);
        const int priority = m_policy == PlacementPolicy::Fifo ? 0 : s.priority;
        return {priority, s.arrivalHours, job, s.gpus, s.slices, s.priority, tenantOf(job)};
    }
    void push(Event event)
    {
        event.sequence = m_sequence++;
        m_events.push(event);
    }
    /// The next event due (the earlier of the next initial one and the
    /// heap's top; ties by creation), taken off; false when none is left.
    bool nextEvent(Event& event)
    {
        const bool initial = m_nextInitial < m_initial.size();
        if (!initial && m_events.empty())
            return false;
        if (initial && (m_events.empty() || m_events.top() > m_initial[m_nextInitial])) {
            event = m_initial[m_nextInitial++];
        } else {
            event = m_events.top();
            m_events.pop();
        }
        return true;
    }

    /// Whether starting `job` would take its tenant beyond cap share × quota.
    bool beyondCap(int job) const;
    /// Whether a tenant other than `tenant` waits and is below its cap for
    /// its next job: one that could use the room a cap keeps.
    bool othersBelowCap(int tenant) const;
    /// Weighted fair: whether the cap refuses `job` — beyond its tenant's
    /// cap while another waiting tenant is below its own.
    bool capped(int job) const;
    /// Weighted fair: whether starting `job` is lent — beyond its tenant's
    /// cap while others wait, all at their caps (checked after capped());
    /// lent work takes idle GPUs only.
    bool lent(int job) const;

    void enqueue(int job);

    void dequeue(std::set<QueueKey>::iterator it);

    /// Accumulates busy GPU-hours and queue length inside the measured window.
    void advanceTo(double time);

    void setFree(int node, int free);

    void occupy(int job, Placement& placement);

    void release(int job);

    void finish(int job);

    /// Stops the run at m_stopHours: cuts the runs still going and counts
    /// the backlog (SimulationResult::backlogJobs, backlogGpuHours).
    void stop();

    /// Notes the run of `job` ending now (its end or its eviction), when
    /// runs are recorded.
    void recordRun(int job)
    {
        if (m_recordRuns)
            m_result.runs.push_back({job, m_running[std::size_t(job)].start, m_now});
    }

    /// Whether predictive preemption may evict `victim` for `job`.
    bool evictable(int victim, int job) const;

    /// Whether `job` may use nodes the reservation holds.
    bool mayUseHeld(int job) const;

    /// GPUs for `job` under the policy, or an empty placement.
    Placement place(int job) const;

    /// Naive placement as Kubernetes places pods: a job is pods, and a pod
    /// runs on one node — it cannot be split. A job that fits a node is one
    /// pod; a larger gang is one pod of a whole node per node, and one pod
    /// for the rest. Each pod takes the first node (by index) with room:
    /// first fit, no best fit; only a planned run's nodes are held.
    Placement placePods(int job) const;

    /// A GPU with room for a fractional request: the first one (naive), or
    /// the fullest one that still has room, else a free GPU on the node with
    /// the fewest free GPUs, keeping empty nodes for gangs (topology-aware).
    Placement placeFraction(int job) const;

    void start(int job, Placement placement);

    /// Holds for `job` the nodes that can take it soonest (counting work
    /// that predictive preemption could evict as free), from the latest of
    /// their times: the shadow time.
    /// Holds for `job` the nodes that can take it soonest, from the latest
    /// of their times (the shadow time), and not before `notBefore`.
    void makeReservation(int job, double notBefore = 0);
    void announce(int job);

    void releaseReservation();

    int gpusOn(int job, int node) const;

    /// GPU-hours a running job would lose if evicted now: the work since its
    /// last checkpoint.
    double lossIfEvicted(int job) const;

    void evict(int victim);

    /// Predictive preemption: frees room for `job` by evicting preemptible,
    /// lower-priority work, choosing the nodes whose victims lose the least
    /// work since their last checkpoint. False (and nothing evicted) if even
    /// evicting everything allowed would not make room.
    bool tryPreempt(int job);

    /// Weighted fair sharing: frees room for `job` by evicting work its
    /// tenant's rivals borrowed — whole-GPU jobs of tenants that, even
    /// without the evicted work, hold strictly more GPUs per unit of weight
    /// than the job's tenant holds now (so two tenants cannot evict each
    /// other in turn: the reverse would need the opposite inequality). At
    /// most the GPUs of the whole nodes the job needs are evicted: the nodes
    /// whose victims hold the fewest GPUs, then lose the least work.
    bool tryReclaim(int job);

    /// Weighted fair sharing: releases the reservation of a waiting job its
    /// cap refuses or whose start would be lent (neither may hold nodes).
    void releaseRefusedReservation();

    /// Weighted fair queuing: the next job to start is from the waiting
    /// tenant furthest below its weighted share of the busy GPUs (the lowest
    /// GPUs held per unit of weight); when none of its jobs can start, the
    /// next tenant's may (work conserving: idle GPUs are lent).
    void scanFair();

    /// Starts what can start: every waiting job (up to the queue depth), or
    /// only `newcomer`.
    void schedule(int newcomer = -1);

    void scan(int newcomer);

    /// Starts the waiting job at `it` if it can start (erasing it from the
    /// queue); else notes its kind as failed for this pass and, if it is a
    /// multi-node gang, gives it the reservation.
    bool attempt(std::set<QueueKey>::iterator it, std::vector<Kind>& failed);

    /// Whether the waiting job `key` is of a kind that failed in this pass:
    /// the kind read from the queue entry, mayUseHeld() asked only when a
    /// failed kind matches the rest of it.
    bool kindFailed(const QueueKey& key, const std::vector<Kind>& failed) const
    {
        const int tenant = fair() ? key.tenant : 0;
        int held = -1; // not asked yet
        for (const Kind& kind : failed) {
            if (kind.gpus != key.gpus || kind.slices != key.slices ||
                kind.priority != key.kindPriority || kind.tenant != tenant)
                continue;
            if (held < 0)
                held = mayUseHeld(key.job) ? 1 : 0;
            if (kind.held == (held == 1))
                return true;
        }
        return false;
    }
};

} // namespace fleet::sim
