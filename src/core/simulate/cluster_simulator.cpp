#include "simulate/cluster_simulator.h"

#include "simulate/simulation.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <cmath>

// The simulator's run loop, queue and bookkeeping; placement, preemption and
// weighted fair sharing are in files of their own (simulate/simulation.h).

namespace fleet::sim {

namespace {

/// The 95th percentile of `waits` (not empty), nearest rank.
double p95(std::vector<double> waits)
{
    const std::size_t at =
        std::min(waits.size() - 1, std::size_t(std::ceil(0.95 * double(waits.size()))) - 1);
    std::nth_element(waits.begin(), waits.begin() + std::ptrdiff_t(at), waits.end());
    return waits[at];
}

} // namespace

Simulation::Simulation(const ClusterShape& cluster, PlacementPolicy policy,
                       const std::vector<SimJob>& jobs, double warmup,
                       const std::vector<SimTenant>& tenants, bool recordRuns, double stopHours)
    : m_cluster(cluster), m_policy(policy), m_jobs(jobs), m_tenants(tenants),
      m_recordRuns(recordRuns), m_stopHours(stopHours), m_slices(cluster.slicesPerGpu),
      m_free(std::size_t(cluster.nodes), cluster.gpusPerNode),
      m_fullMask(std::size_t(cluster.nodes), cluster.gpusPerNode >= 64
                                                 ? ~std::uint64_t(0)
                                                 : (std::uint64_t(1) << cluster.gpusPerNode) - 1),
      m_gpuFree(std::size_t(cluster.nodes) * std::size_t(cluster.gpusPerNode),
                cluster.slicesPerGpu),
      m_partial(cluster.slicesPerGpu, cluster.nodes * cluster.gpusPerNode),
      m_held(std::size_t(cluster.nodes), false), m_nodeJobs(std::size_t(cluster.nodes)),
      m_open(cluster.gpusPerNode, cluster.nodes), m_heldBuckets(cluster.gpusPerNode, cluster.nodes),
      m_running(jobs.size()), m_remaining(jobs.size()), m_waitStart(jobs.size(), -1.0),
      m_started(jobs.size(), false)
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
    m_tenantWaits.resize(tenantCount);
    m_tenantWaitJobs.assign(tenantCount, 0);
    m_tenantPreemptions.assign(tenantCount, 0);
    m_tenantContendedPeak.assign(tenantCount, 0.0);
    m_tenantCappedPeak.assign(tenantCount, 0.0);
    m_initial.reserve(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        m_remaining[i] = jobs[i].durationHours;
        m_initial.push_back({jobs[i].arrivalHours, m_sequence++, int(i), EventKind::Arrival});
        if (planned(int(i)))
            m_initial.push_back({std::max(0.0, jobs[i].arrivalHours - jobs[i].plannedLeadHours),
                                 m_sequence++, int(i), EventKind::Announce});
    }
    // In the order a heap of them would give (time, then creation).
    const auto due = [](const Event& a, const Event& b) { return b > a; };
    if (!std::is_sorted(m_initial.begin(), m_initial.end(), due))
        std::sort(m_initial.begin(), m_initial.end(), due);
    const std::size_t skip = std::size_t(double(jobs.size()) * warmup);
    m_measureFrom = jobs.empty() ? 0.0 : jobs[std::min(skip, jobs.size() - 1)].arrivalHours;
    m_measureTo = jobs.empty() ? 0.0 : jobs.back().arrivalHours;
    m_firstMeasured = skip;
}

SimulationResult Simulation::run()
{
    const auto started = std::chrono::steady_clock::now();
    Event event{};
    while (nextEvent(event)) {
        if (event.time > m_stopHours) {
            stop();
            break;
        }
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
        } else if (event.kind == EventKind::Announce) {
            announce(event.job);
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
        m_result.p95WaitHours = p95(m_waits);
    }
    if (m_result.planned.jobs > 0)
        m_result.planned.meanStartDelayHours /= double(m_result.planned.jobs);
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
        if (!m_tenantWaits[t].empty())
            tenant.p95WaitHours = p95(m_tenantWaits[t]);
        tenant.preemptions = m_tenantPreemptions[t];
        tenant.peakGpusStartedWhileOthersWait = m_tenantContendedPeak[t];
        tenant.peakGpusStartedWhileOthersBelowCap = m_tenantCappedPeak[t];
        m_result.tenants.push_back(tenant);
    }
    return m_result;
}

void Simulation::enqueue(int job)
{
    const QueueKey key = queueKey(job);
    m_queue.insert(key);
    // One tenant: no other waits, ever (othersWaiting() is false with the
    // per-tenant queue left empty), so it is not kept.
    if (m_tenants.size() == 1)
        return;
    std::set<QueueKey>& own = m_tenantQueue[std::size_t(tenantOf(job))];
    if (own.empty())
        ++m_waitingTenants;
    own.insert(key);
}

void Simulation::dequeue(std::set<QueueKey>::iterator it)
{
    if (m_tenants.size() == 1) {
        m_queue.erase(it);
        return;
    }
    std::set<QueueKey>& own = m_tenantQueue[std::size_t(tenantOf(it->job))];
    own.erase(*it);
    if (own.empty())
        --m_waitingTenants;
    m_queue.erase(it);
}

/// Accumulates busy GPU-hours and queue length inside the measured window.
void Simulation::advanceTo(double time)
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

void Simulation::setFree(int node, int free)
{
    NodeBuckets& buckets = m_held[std::size_t(node)] ? m_heldBuckets : m_open;
    int& current = m_free[std::size_t(node)];
    buckets.erase(node, current);
    m_fullyFreeGpus += free - current;
    current = free;
    buckets.insert(node, free);
}

void Simulation::occupy(int job, Placement& placement)
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

void Simulation::release(int job)
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

void Simulation::finish(int job)
{
    recordRun(job);
    release(job);
    if (m_now >= m_measureFrom && m_now <= m_measureTo)
        ++m_completedInWindow;
    ++m_result.completedJobs;
}

void Simulation::stop()
{
    advanceTo(m_stopHours);
    m_result.stoppedAtHours = m_now;
    for (std::size_t job = 0; job < m_running.size(); ++job) {
        const Running& run = m_running[job];
        if (run.active) {
            if (m_recordRuns)
                m_result.runs.push_back({int(job), run.start, m_now, true});
            m_result.backlogGpuHours += (run.end - m_now) * gpuShare(int(job));
        }
    }
    for (const QueueKey& waiting : m_queue)
        m_result.backlogGpuHours += m_remaining[std::size_t(waiting.job)] * gpuShare(waiting.job);
    m_result.backlogJobs = std::int64_t(m_queue.size());
}

void Simulation::start(int job, Placement placement)
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
        m_tenantWaits[std::size_t(tenantOf(job))].push_back(wait);
        ++m_tenantWaitJobs[std::size_t(tenantOf(job))];
    }
    if (planned(job) && !m_started[std::size_t(job)]) {
        const double delay = m_now - s.arrivalHours;
        PlannedRuns& p = m_result.planned;
        p.meanStartDelayHours += delay; // a sum until run() ends
        p.maxStartDelayHours = std::max(p.maxStartDelayHours, delay);
        ++p.jobs;
    }
    m_started[std::size_t(job)] = true;
    const int t = tenantOf(job);
    if (othersWaiting(t))
        m_tenantContendedPeak[std::size_t(t)] =
            std::max(m_tenantContendedPeak[std::size_t(t)], m_tenantBusy[std::size_t(t)]);
    if (othersBelowCap(t))
        m_tenantCappedPeak[std::size_t(t)] =
            std::max(m_tenantCappedPeak[std::size_t(t)], m_tenantBusy[std::size_t(t)]);
    run.token = m_sequence;
    push({run.end, 0, job, EventKind::Completion});
    if (m_reservation.job == job)
        releaseReservation();
}

/// Starts what can start: every waiting job (up to the queue depth), or
/// only `newcomer`.
void Simulation::schedule(int newcomer)
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

void Simulation::scan(int newcomer)
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
bool Simulation::attempt(std::set<QueueKey>::iterator it, std::vector<Kind>& failed)
{
    const int job = it->job;
    releaseRefusedReservation();
    if (capped(job))
        return false;
    const bool holder = m_reservation.job == job;
    if (!holder && kindFailed(*it, failed))
        return false;
    const Kind kind{spec(job).gpus, spec(job).slices, spec(job).priority, mayUseHeld(job),
                    fair() ? tenantOf(job) : 0};
    Placement placement = place(job);
    if (placement.empty() && (fair() ? !lent(job) && tryReclaim(job) : tryPreempt(job))) {
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
    // Multi-node gangs get the reservation under the policies that reserve;
    // planned runs under every policy but fifo (their nodes are drained by
    // plan, not by the scheduler's choice), and before any other gang.
    // Lent work (beyond its tenant's cap) takes idle GPUs only: it holds none.
    const bool reservable =
        !fractional(job) && !lent(job) &&
        (planned(job) || (reserves() && spec(job).gpus > m_cluster.gpusPerNode));
    if (reservable) {
        if (m_reservation.job < 0) {
            makeReservation(job);
        } else if (holder && m_now >= m_reservation.shadowHours) {
            releaseReservation(); // fell due but could not start: look again
            makeReservation(job);
        } else if (planned(job) && !planned(m_reservation.job)) {
            releaseReservation(); // the waiting gang reserves again when its turn comes
            makeReservation(job);
        }
    }
    return false;
}

/// A planned run's nodes are reserved ahead of its start: the nodes that can
/// take it soonest, held from now, so that from now on only work that ends
/// by the planned start (or, under predictive preemption, work it may
/// evict) is placed on them — the drain. An earlier planned run that has
/// not started yet keeps the one reservation; this run reserves when it
/// arrives.
void Simulation::announce(int job)
{
    if (m_started[std::size_t(job)] || fractional(job))
        return;
    if (m_reservation.job >= 0) {
        if (planned(m_reservation.job))
            return;
        releaseReservation();
    }
    makeReservation(job, spec(job).arrivalHours);
}
} // namespace fleet::sim

namespace fleet {

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
                                 const std::vector<SimTenant>& tenants, bool recordRuns,
                                 double stopHours)
{
    return sim::Simulation(cluster, policy, jobs, warmupFraction, tenants, recordRuns, stopHours)
        .run();
}

} // namespace fleet
