#include "simulate/cluster_simulator.h"

#include "simulate/node_buckets.h"
#include "simulate/simulation_types.h"

#include <queue>

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>

namespace fleet {

namespace {

using namespace sim;

class Simulation
{
public:
    Simulation(const ClusterShape& cluster, PlacementPolicy policy, const std::vector<SimJob>& jobs,
               double warmup, const std::vector<SimTenant>& tenants)
        : m_cluster(cluster), m_policy(policy), m_jobs(jobs), m_tenants(tenants),
          m_slices(cluster.slicesPerGpu), m_free(std::size_t(cluster.nodes), cluster.gpusPerNode),
          m_fullMask(std::size_t(cluster.nodes),
                     cluster.gpusPerNode >= 64 ? ~std::uint64_t(0)
                                               : (std::uint64_t(1) << cluster.gpusPerNode) - 1),
          m_gpuFree(std::size_t(cluster.nodes) * std::size_t(cluster.gpusPerNode),
                    cluster.slicesPerGpu),
          m_partial(cluster.slicesPerGpu, cluster.nodes * cluster.gpusPerNode),
          m_held(std::size_t(cluster.nodes), false), m_nodeJobs(std::size_t(cluster.nodes)),
          m_open(cluster.gpusPerNode, cluster.nodes),
          m_heldBuckets(cluster.gpusPerNode, cluster.nodes), m_running(jobs.size()),
          m_remaining(jobs.size()), m_waitStart(jobs.size(), -1.0), m_started(jobs.size(), false)
    {
        assert(cluster.gpusPerNode <= 64 && cluster.slicesPerGpu >= 1);
        for (int node = 0; node < cluster.nodes; ++node)
            m_open.insert(node, cluster.gpusPerNode);
        m_fullyFreeGpus = totalGpus();
        std::size_t tenantCount = std::max<std::size_t>(1, tenants.size());
        for (const SimJob& job : jobs)
            tenantCount = std::max(tenantCount, std::size_t(std::max(0, job.tenant)) + 1);
        m_tenants.resize(tenantCount);
        m_tenantBusy.assign(tenantCount, 0.0);
        m_tenantGpuHours.assign(tenantCount, 0.0);
        m_tenantRunHours.assign(tenantCount, 0.0);
        m_tenantQueue.resize(tenantCount);
        m_tenantWaitSum.assign(tenantCount, 0.0);
        m_tenantWaitJobs.assign(tenantCount, 0);
        m_tenantPreemptions.assign(tenantCount, 0);
        m_tenantContendedPeak.assign(tenantCount, 0.0);
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            m_remaining[i] = jobs[i].durationHours;
            push({jobs[i].arrivalHours, 0, int(i), EventKind::Arrival});
        }
        const std::size_t skip = std::size_t(double(jobs.size()) * warmup);
        m_measureFrom = jobs.empty() ? 0.0 : jobs[std::min(skip, jobs.size() - 1)].arrivalHours;
        m_measureTo = jobs.empty() ? 0.0 : jobs.back().arrivalHours;
        m_firstMeasured = skip;
    }

    SimulationResult run()
    {
        const auto started = std::chrono::steady_clock::now();
        while (!m_events.empty()) {
            const Event event = m_events.top();
            m_events.pop();
            ++m_result.events;
            advanceTo(event.time);
            if (event.kind == EventKind::Arrival) {
                m_waitStart[std::size_t(event.job)] = event.time;
                enqueue(event.job);
                // An arrival frees nothing: the jobs already waiting still
                // cannot start, so only the newcomer is tried (as Slurm does
                // at submission). Plain FIFO lets nobody pass the head.
                if (m_policy != PlacementPolicy::Fifo || m_queue.size() == 1)
                    schedule(event.job);
                continue;
            } else if (event.kind == EventKind::Completion) {
                const Running& run = m_running[std::size_t(event.job)];
                if (!run.active || run.token != event.sequence)
                    continue; // the run was evicted before it ended
                finish(event.job);
            }
            schedule();
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const double measured = std::max(1e-9, m_measureTo - m_measureFrom);
        m_result.measuredHours = measured;
        m_result.utilization = m_busyGpuHours / (double(totalGpus()) * measured);
        m_result.usefulUtilization = m_usefulGpuHours / (double(totalGpus()) * measured);
        m_result.throughputJobsPerWeek = double(m_completedInWindow) / measured * 168.0;
        m_result.meanQueueLength = m_queueArea / measured;
        if (!m_waits.empty()) {
            double sum = 0;
            for (double wait : m_waits)
                sum += wait;
            m_result.meanWaitHours = sum / double(m_waits.size());
            std::vector<double> sorted = m_waits;
            const std::size_t at = std::min(
                sorted.size() - 1, std::size_t(std::ceil(0.95 * double(sorted.size()))) - 1);
            std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(at), sorted.end());
            m_result.p95WaitHours = sorted[at];
        }
        m_result.nodeJobs = waitClass(m_nodeJobSums);
        m_result.gangs = waitClass(m_gangSums);
        for (const WaitClass& c : {m_result.nodeJobs, m_result.gangs})
            if (c.jobs > 0 && c.meanRunHours > 0)
                m_result.waitToRun = std::max(m_result.waitToRun, c.meanWaitHours / c.meanRunHours);
        m_result.eventsPerSecond = seconds > 0 ? double(m_result.events) / seconds : 0.0;
        double allTenantHours = 0;
        for (double hours : m_tenantGpuHours)
            allTenantHours += hours;
        for (std::size_t t = 0; t < m_tenants.size(); ++t) {
            TenantResult tenant;
            tenant.gpuHours = m_tenantGpuHours[t];
            tenant.runGpuHours = m_tenantRunHours[t];
            tenant.share = allTenantHours > 0 ? m_tenantGpuHours[t] / allTenantHours : 0.0;
            tenant.jobs = m_tenantWaitJobs[t];
            tenant.meanWaitHours = tenant.jobs > 0 ? m_tenantWaitSum[t] / double(tenant.jobs) : 0.0;
            tenant.preemptions = m_tenantPreemptions[t];
            tenant.peakGpusStartedWhileOthersWait = m_tenantContendedPeak[t];
            m_result.tenants.push_back(tenant);
        }
        return m_result;
    }

private:
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
    std::vector<std::int64_t> m_tenantWaitJobs;
    std::vector<std::int64_t> m_tenantPreemptions;
    std::vector<double> m_tenantContendedPeak;
    int m_slices;                          ///< slices per GPU
    std::vector<int> m_free;               ///< fully free GPUs per node
    std::vector<std::uint64_t> m_fullMask; ///< which of a node's GPUs are fully free
    std::vector<int> m_gpuFree;            ///< free slices per GPU
    NodeBuckets m_partial;                 ///< GPUs some slices of which are taken, by free slices
    std::vector<bool> m_held;              ///< a node held by the reservation
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
    struct ClassSums
    {
        std::int64_t jobs = 0;
        double wait = 0, run = 0;
    } m_nodeJobSums, m_gangSums;
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
    /// Whether starting `job` would take its tenant beyond cap share × quota
    /// while another tenant waits.
    bool capped(int job) const
    {
        const int t = tenantOf(job);
        const SimTenant& tenant = m_tenants[std::size_t(t)];
        if (!fair() || tenant.quotaGpus <= 0 || !othersWaiting(t))
            return false;
        return m_tenantBusy[std::size_t(t)] + gpuShare(job) >
               tenant.capShare * tenant.quotaGpus + 1e-9;
    }

    void enqueue(int job)
    {
        const QueueKey key = queueKey(job);
        m_queue.insert(key);
        std::set<QueueKey>& own = m_tenantQueue[std::size_t(tenantOf(job))];
        if (own.empty())
            ++m_waitingTenants;
        own.insert(key);
    }

    void dequeue(std::set<QueueKey>::iterator it)
    {
        std::set<QueueKey>& own = m_tenantQueue[std::size_t(tenantOf(it->job))];
        own.erase(*it);
        if (own.empty())
            --m_waitingTenants;
        m_queue.erase(it);
    }

    QueueKey queueKey(int job) const
    {
        // Plain FIFO ignores priority: it is the M/M/c reference.
        const int priority = m_policy == PlacementPolicy::Fifo ? 0 : spec(job).priority;
        return {priority, spec(job).arrivalHours, job};
    }

    void push(Event event)
    {
        event.sequence = m_sequence++;
        m_events.push(event);
    }

    /// Accumulates busy GPU-hours and queue length inside the measured window.
    void advanceTo(double time)
    {
        const double from = std::max(m_now, m_measureFrom);
        const double to = std::min(time, m_measureTo);
        if (to > from) {
            m_busyGpuHours += double(m_busySlices) / m_slices * (to - from);
            m_usefulGpuHours += m_usefulGpus * (to - from);
            m_queueArea += double(m_queue.size()) * (to - from);
            for (std::size_t t = 0; t < m_tenants.size(); ++t)
                m_tenantGpuHours[t] += m_tenantBusy[t] * (to - from);
        }
        for (std::size_t t = 0; t < m_tenants.size(); ++t)
            m_tenantRunHours[t] += m_tenantBusy[t] * (time - m_now);
        m_now = time;
    }

    void setFree(int node, int free)
    {
        NodeBuckets& buckets = m_held[std::size_t(node)] ? m_heldBuckets : m_open;
        int& current = m_free[std::size_t(node)];
        buckets.erase(node, current);
        m_fullyFreeGpus += free - current;
        current = free;
        buckets.insert(node, free);
    }

    void occupy(int job, Placement& placement)
    {
        const int perNode = m_cluster.gpusPerNode;
        for (Placement::Share& share : placement.whole) {
            std::uint64_t& full = m_fullMask[std::size_t(share.node)];
            for (int i = 0; i < share.gpus; ++i) {
                const std::uint64_t bit = full & (~full + 1); // the lowest free GPU
                share.mask |= bit;
                full &= ~bit;
                m_gpuFree[std::size_t(share.node * perNode + std::countr_zero(bit))] = 0;
            }
            setFree(share.node, m_free[std::size_t(share.node)] - share.gpus);
            m_nodeJobs[std::size_t(share.node)].push_back(job);
            m_busySlices += std::int64_t(share.gpus) * m_slices;
        }
        if (placement.gpu >= 0) {
            const int gpu = placement.gpu, node = gpu / perNode;
            int& free = m_gpuFree[std::size_t(gpu)];
            if (free == m_slices) {
                m_fullMask[std::size_t(node)] &= ~(std::uint64_t(1) << (gpu % perNode));
                setFree(node, m_free[std::size_t(node)] - 1);
            } else {
                m_partial.erase(gpu, free);
            }
            free -= spec(job).slices;
            m_partial.insert(gpu, free);
            m_nodeJobs[std::size_t(node)].push_back(job);
            m_busySlices += spec(job).slices;
        }
        if (spec(job).preemptible)
            ++m_preemptibleRunning[spec(job).priority];
        m_tenantBusy[std::size_t(tenantOf(job))] += gpuShare(job);
    }

    void release(int job)
    {
        Running& run = m_running[std::size_t(job)];
        const int perNode = m_cluster.gpusPerNode;
        const auto leave = [&](int node) {
            auto& onNode = m_nodeJobs[std::size_t(node)];
            onNode.erase(std::find(onNode.begin(), onNode.end(), job));
        };
        for (const Placement::Share& share : run.placement.whole) {
            m_fullMask[std::size_t(share.node)] |= share.mask;
            for (std::uint64_t mask = share.mask; mask != 0; mask &= mask - 1)
                m_gpuFree[std::size_t(share.node * perNode + std::countr_zero(mask))] = m_slices;
            setFree(share.node, m_free[std::size_t(share.node)] + share.gpus);
            leave(share.node);
            m_busySlices -= std::int64_t(share.gpus) * m_slices;
        }
        if (run.placement.gpu >= 0) {
            const int gpu = run.placement.gpu, node = gpu / perNode;
            int& free = m_gpuFree[std::size_t(gpu)];
            m_partial.erase(gpu, free);
            free += spec(job).slices;
            if (free == m_slices) {
                m_fullMask[std::size_t(node)] |= std::uint64_t(1) << (gpu % perNode);
                setFree(node, m_free[std::size_t(node)] + 1);
            } else {
                m_partial.insert(gpu, free);
            }
            leave(node);
            m_busySlices -= spec(job).slices;
        }
        run.active = false;
        m_usefulGpus -= run.usefulGpus;
        m_tenantBusy[std::size_t(tenantOf(job))] -= gpuShare(job);
        if (spec(job).preemptible) {
            const auto it = m_preemptibleRunning.find(spec(job).priority);
            if (--it->second == 0)
                m_preemptibleRunning.erase(it);
        }
    }

    void finish(int job)
    {
        release(job);
        if (m_now >= m_measureFrom && m_now <= m_measureTo)
            ++m_completedInWindow;
        ++m_result.completedJobs;
    }

    /// Whether predictive preemption may evict `victim` for `job`.
    bool evictable(int victim, int job) const
    {
        // Fractional jobs are never evicted: they would free slivers, not GPUs.
        return m_policy == PlacementPolicy::PredictivePreemption && spec(victim).preemptible &&
               !fractional(victim) && spec(victim).priority < spec(job).priority;
    }

    /// Whether `job` may use nodes the reservation holds.
    bool mayUseHeld(int job) const
    {
        if (m_reservation.job < 0 || m_reservation.job == job)
            return true;
        return m_now + m_remaining[std::size_t(job)] <= m_reservation.shadowHours ||
               evictable(job, m_reservation.job);
    }

    /// GPUs for `job` under the policy, or an empty placement.
    Placement place(int job) const
    {
        if (fractional(job))
            return placeFraction(job);
        const int gpus = spec(job).gpus;
        const int perNode = m_cluster.gpusPerNode;
        Placement placement;
        if (m_fullyFreeGpus < gpus)
            return placement;
        if (m_policy == PlacementPolicy::Naive)
            return placePods(gpus);
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
    /// first fit, no best fit, no reservation.
    Placement placePods(int gpus) const
    {
        const int perNode = m_cluster.gpusPerNode;
        const int wholeNodes = gpus / perNode;
        const int rest = gpus % perNode;
        Placement placement;
        // No reservations under naive: every node is in m_open.
        if (m_open.count(perNode) < wholeNodes)
            return placement;
        if (rest > 0) {
            bool room = m_open.count(perNode) > wholeNodes;
            for (int free = rest; free < perNode && !room; ++free)
                room = m_open.count(free) > 0;
            if (!room)
                return placement;
        }
        int wholeLeft = wholeNodes;
        bool restLeft = rest > 0;
        for (int node = 0; node < m_cluster.nodes && (wholeLeft > 0 || restLeft); ++node) {
            const int free = m_free[std::size_t(node)];
            if (wholeLeft > 0 && free == perNode) {
                placement.whole.push_back({node, perNode});
                --wholeLeft;
            } else if (restLeft && free >= rest) {
                placement.whole.push_back({node, rest});
                restLeft = false;
            }
        }
        return placement;
    }

    /// A GPU with room for a fractional request: the first one (naive), or
    /// the fullest one that still has room, else a free GPU on the node with
    /// the fewest free GPUs, keeping empty nodes for gangs (topology-aware).
    Placement placeFraction(int job) const
    {
        const int slices = spec(job).slices;
        const int perNode = m_cluster.gpusPerNode;
        Placement placement;
        if (m_fullyFreeGpus == 0 && m_partial.bestFit(slices) < 0)
            return placement;
        if (m_policy == PlacementPolicy::Fifo || m_policy == PlacementPolicy::Naive) {
            for (std::size_t gpu = 0; gpu < m_gpuFree.size(); ++gpu)
                if (m_gpuFree[gpu] >= slices) {
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

    void start(int job, Placement placement)
    {
        const SimJob& s = spec(job);
        Running& run = m_running[std::size_t(job)];
        occupy(job, placement);
        run.placement = std::move(placement);
        const int perNode = m_cluster.gpusPerNode;
        const bool split = int(run.placement.whole.size()) > (s.gpus + perNode - 1) / perNode;
        if (split)
            ++m_result.splitGangs;
        const double slowdown =
            (m_policy == PlacementPolicy::Naive && split) ? m_cluster.crossNodeSlowdown : 1.0;
        run.start = m_now;
        run.end = m_now + m_remaining[std::size_t(job)] * slowdown;
        run.usefulGpus = gpuShare(job) / slowdown;
        m_usefulGpus += run.usefulGpus;
        run.active = true;
        if (!m_started[std::size_t(job)] && std::size_t(job) >= m_firstMeasured) {
            const double wait = m_now - m_waitStart[std::size_t(job)];
            m_waits.push_back(wait);
            ClassSums& sums = !fractional(job) && s.gpus > perNode ? m_gangSums : m_nodeJobSums;
            ++sums.jobs;
            sums.wait += wait;
            sums.run += s.durationHours;
            m_tenantWaitSum[std::size_t(tenantOf(job))] += wait;
            ++m_tenantWaitJobs[std::size_t(tenantOf(job))];
        }
        m_started[std::size_t(job)] = true;
        const int t = tenantOf(job);
        if (othersWaiting(t))
            m_tenantContendedPeak[std::size_t(t)] =
                std::max(m_tenantContendedPeak[std::size_t(t)], m_tenantBusy[std::size_t(t)]);
        run.token = m_sequence;
        push({run.end, 0, job, EventKind::Completion});
        if (m_reservation.job == job)
            releaseReservation();
    }

    /// Holds for `job` the nodes that can take it soonest (counting work
    /// that predictive preemption could evict as free), from the latest of
    /// their times: the shadow time.
    void makeReservation(int job)
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
        m_reservation = {job, (cut - 1)->first, {}};
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

    void releaseReservation()
    {
        for (int node : m_reservation.nodes) {
            m_heldBuckets.erase(node, m_free[std::size_t(node)]);
            m_held[std::size_t(node)] = false;
            m_open.insert(node, m_free[std::size_t(node)]);
        }
        m_reservation = {};
    }

    int gpusOn(int job, int node) const
    {
        for (const Placement::Share& share : m_running[std::size_t(job)].placement.whole)
            if (share.node == node)
                return share.gpus;
        return 0;
    }

    /// GPU-hours a running job would lose if evicted now: the work since its
    /// last checkpoint.
    double lossIfEvicted(int job) const
    {
        const SimJob& s = spec(job);
        const double ran = m_now - m_running[std::size_t(job)].start;
        const double kept =
            s.checkpointIntervalHours > 0
                ? std::floor(ran / s.checkpointIntervalHours) * s.checkpointIntervalHours
                : 0.0;
        return (ran - kept) * gpuShare(job);
    }

    void evict(int victim)
    {
        const double ran = m_now - m_running[std::size_t(victim)].start;
        const double lost = lossIfEvicted(victim);
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
    bool tryPreempt(int job)
    {
        if (m_policy != PlacementPolicy::PredictivePreemption || fractional(job) ||
            m_preemptibleRunning.empty() ||
            m_preemptibleRunning.begin()->first >= spec(job).priority)
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
        std::partial_sort(choices.begin(), cut, choices.end(),
                          [](const Choice& a, const Choice& b) {
                              return a.loss != b.loss ? a.loss < b.loss : a.node < b.node;
                          });
        for (auto it = choices.begin(); it != cut; ++it)
            for (int victim : it->victims)
                if (m_running[std::size_t(victim)].active) // a gang may sit on two chosen nodes
                    evict(victim);
        return true;
    }

    /// Weighted fair sharing: frees room for `job` by evicting work its
    /// tenant's rivals borrowed — whole-GPU jobs of tenants that, even
    /// without the evicted work, hold strictly more GPUs per unit of weight
    /// than the job's tenant holds now (so two tenants cannot evict each
    /// other in turn: the reverse would need the opposite inequality). Victims are
    /// chosen as predictive preemption chooses them: the nodes whose victims
    /// lose the least work since their last checkpoint.
    bool tryReclaim(int job)
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
        const bool held = mayUseHeld(job);
        struct Choice
        {
            double loss;
            int node;
            std::vector<int> victims;
        };
        std::vector<Choice> choices;
        std::vector<std::pair<double, int>> candidates;
        std::vector<double> taken(m_tenants.size(), 0.0);
        for (int node = 0; node < m_cluster.nodes; ++node) {
            if (m_held[std::size_t(node)] && !held)
                continue;
            int free = m_free[std::size_t(node)];
            Choice choice{0, node, {}};
            if (free < need) {
                candidates.clear();
                for (int other : m_nodeJobs[std::size_t(node)])
                    if (mayReclaim(other, 0.0))
                        candidates.emplace_back(lossIfEvicted(other), other);
                std::sort(candidates.begin(), candidates.end());
                std::fill(taken.begin(), taken.end(), 0.0);
                for (std::size_t i = 0; i < candidates.size() && free < need; ++i) {
                    const int victim = candidates[i].second;
                    if (!mayReclaim(victim, taken[std::size_t(tenantOf(victim))]))
                        continue;
                    taken[std::size_t(tenantOf(victim))] += gpuShare(victim);
                    free += gpusOn(victim, node);
                    choice.loss += candidates[i].first;
                    choice.victims.push_back(victim);
                }
                if (free < need)
                    continue;
            }
            choices.push_back(std::move(choice));
        }
        if (int(choices.size()) < nodesNeeded)
            return false;
        const auto cut = choices.begin() + nodesNeeded;
        std::partial_sort(choices.begin(), cut, choices.end(),
                          [](const Choice& a, const Choice& b) {
                              return a.loss != b.loss ? a.loss < b.loss : a.node < b.node;
                          });
        bool evicted = false;
        for (auto it = choices.begin(); it != cut; ++it)
            for (int victim : it->victims)
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
    void scanFair()
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
            auto it =
                from[std::size_t(best)] ? own.lower_bound(*from[std::size_t(best)]) : own.begin();
            bool started = false;
            while (it != own.end()) {
                const auto next = std::next(it);
                if (capped(it->job))
                    break; // at its cap while others wait: the next tenant's turn
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

    /// Starts what can start: every waiting job (up to the queue depth), or
    /// only `newcomer`.
    void schedule(int newcomer = -1)
    {
        scan(newcomer);
        // Evicted jobs queue again; a second pass may start them elsewhere.
        while (!m_evicted.empty()) {
            for (int job : m_evicted)
                enqueue(job);
            m_evicted.clear();
            scan(-1);
        }
    }

    /// What decides whether a job can start now: two jobs alike in these
    /// fare alike within one pass, so a pass tries each kind once.
    struct Kind
    {
        int gpus, slices, priority;
        bool held;
        int tenant; ///< weighted fair: what may be reclaimed depends on the tenant
        bool operator==(const Kind&) const = default;
    };

    void scan(int newcomer)
    {
        std::vector<Kind> failed;
        if (newcomer >= 0) {
            attempt(m_queue.find(queueKey(newcomer)), failed);
            return;
        }
        if (fair()) {
            scanFair();
            return;
        }
        int blocked = 0;
        for (auto it = m_queue.begin(); it != m_queue.end();) {
            if (freeSlices() == 0 &&
                (m_policy != PlacementPolicy::PredictivePreemption || m_preemptibleRunning.empty()))
                return; // nothing can start until something ends
            const auto next = std::next(it);
            if (attempt(it, failed))
                it = next;
            else if (m_policy == PlacementPolicy::Fifo || ++blocked >= kQueueDepth)
                return; // FIFO: nobody overtakes the head
            else
                ++it;
        }
    }

    /// Starts the waiting job at `it` if it can start (erasing it from the
    /// queue); else notes its kind as failed for this pass and, if it is a
    /// multi-node gang, gives it the reservation.
    bool attempt(std::set<QueueKey>::iterator it, std::vector<Kind>& failed)
    {
        const int job = it->job;
        if (capped(job))
            return false;
        const Kind kind{spec(job).gpus, spec(job).slices, spec(job).priority, mayUseHeld(job),
                        fair() ? tenantOf(job) : 0};
        const bool holder = m_reservation.job == job;
        if (!holder && std::find(failed.begin(), failed.end(), kind) != failed.end())
            return false;
        Placement placement = place(job);
        if (placement.empty() && (fair() ? tryReclaim(job) : tryPreempt(job))) {
            placement = place(job);
            failed.clear(); // evictions freed room some other kind may fit
        }
        if (!placement.empty()) {
            dequeue(it);
            start(job, std::move(placement));
            return true;
        }
        if (!holder)
            failed.push_back(kind);
        if (reserves() && spec(job).gpus > m_cluster.gpusPerNode && !fractional(job)) {
            if (m_reservation.job < 0) {
                makeReservation(job);
            } else if (holder && m_now >= m_reservation.shadowHours) {
                releaseReservation(); // fell due but could not start: look again
                makeReservation(job);
            }
        }
        return false;
    }
};

} // namespace

std::string_view placementPolicyKey(PlacementPolicy policy)
{
    switch (policy) {
    case PlacementPolicy::Fifo: return "fifo";
    case PlacementPolicy::Naive: return "naive";
    case PlacementPolicy::TopologyAware: return "topology_aware";
    case PlacementPolicy::PredictivePreemption: return "predictive_preemption";
    case PlacementPolicy::WeightedFair: return "weighted_fair";
    }
    return "fifo";
}

std::optional<PlacementPolicy> placementPolicyFromKey(std::string_view key)
{
    for (PlacementPolicy policy :
         {PlacementPolicy::Fifo, PlacementPolicy::Naive, PlacementPolicy::TopologyAware,
          PlacementPolicy::PredictivePreemption, PlacementPolicy::WeightedFair})
        if (placementPolicyKey(policy) == key)
            return policy;
    return std::nullopt;
}

SimulationResult simulateCluster(const ClusterShape& cluster, PlacementPolicy policy,
                                 const std::vector<SimJob>& jobs, double warmupFraction,
                                 const std::vector<SimTenant>& tenants)
{
    return Simulation(cluster, policy, jobs, warmupFraction, tenants).run();
}

} // namespace fleet
