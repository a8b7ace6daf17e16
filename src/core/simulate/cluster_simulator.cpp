#include "simulate/cluster_simulator.h"

#include <queue>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <limits>
#include <random>

namespace fleet {

namespace {

struct Event
{
    double time;
    std::uint64_t sequence; ///< ties broken by order of creation: deterministic
    int job;
    bool arrival;
    bool operator>(const Event& other) const
    {
        return time != other.time ? time > other.time : sequence > other.sequence;
    }
};

struct Running
{
    std::vector<std::pair<int, int>> placement; ///< (node, GPUs)
    double start = 0;
    double end = 0;
    std::uint64_t token = 0; ///< invalidates the completion event of an evicted run
    bool active = false;
};

class Simulation
{
public:
    Simulation(const ClusterShape& cluster, PlacementPolicy policy, const std::vector<SimJob>& jobs,
               double warmup)
        : m_cluster(cluster), m_policy(policy), m_jobs(jobs),
          m_free(std::size_t(cluster.nodes), cluster.gpusPerNode), m_running(jobs.size()),
          m_remaining(jobs.size()), m_waitStart(jobs.size(), -1.0), m_started(jobs.size(), false),
          m_activeSlot(jobs.size(), -1)
    {
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            m_remaining[i] = jobs[i].durationHours;
            push({jobs[i].arrivalHours, 0, int(i), true});
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
            if (event.arrival) {
                m_waitStart[std::size_t(event.job)] = event.time;
                m_queue.push_back(event.job);
            } else {
                Running& run = m_running[std::size_t(event.job)];
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
        m_result.eventsPerSecond = seconds > 0 ? double(m_result.events) / seconds : 0.0;
        return m_result;
    }

private:
    const ClusterShape& m_cluster;
    PlacementPolicy m_policy;
    const std::vector<SimJob>& m_jobs;
    std::vector<int> m_free;
    std::vector<Running> m_running;
    std::vector<double> m_remaining; ///< work left, in hours on one node's GPUs
    std::vector<double> m_waitStart;
    std::vector<bool> m_started; ///< waits count from arrival to the first start
    std::deque<int> m_queue;
    std::vector<int> m_evicted;
    std::vector<int> m_active;     ///< jobs running now (for eviction)
    std::vector<int> m_activeSlot; ///< a job's place in m_active, or -1
    std::priority_queue<Event, std::vector<Event>, std::greater<Event>> m_events;
    std::uint64_t m_sequence = 0;
    double m_now = 0;
    int m_busyGpus = 0; ///< free GPUs are totalGpus() − m_busyGpus
    double m_busyGpuHours = 0;
    double m_queueArea = 0;
    double m_measureFrom = 0, m_measureTo = 0;
    std::size_t m_firstMeasured = 0;
    std::int64_t m_completedInWindow = 0;
    std::vector<double> m_waits;
    SimulationResult m_result;

    int totalGpus() const { return m_cluster.nodes * m_cluster.gpusPerNode; }

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
            m_busyGpuHours += double(m_busyGpus) * (to - from);
            m_queueArea += double(m_queue.size()) * (to - from);
        }
        m_now = time;
    }

    void finish(int job)
    {
        Running& run = m_running[std::size_t(job)];
        release(run);
        run.active = false;
        deactivate(job);
        if (m_now >= m_measureFrom && m_now <= m_measureTo)
            ++m_completedInWindow;
        ++m_result.completedJobs;
    }

    void activate(int job)
    {
        m_activeSlot[std::size_t(job)] = int(m_active.size());
        m_active.push_back(job);
    }

    void deactivate(int job)
    {
        const int slot = m_activeSlot[std::size_t(job)];
        const int last = m_active.back();
        m_active[std::size_t(slot)] = last;
        m_activeSlot[std::size_t(last)] = slot;
        m_active.pop_back();
        m_activeSlot[std::size_t(job)] = -1;
    }

    void release(const Running& run)
    {
        for (const auto& [node, gpus] : run.placement) {
            m_free[std::size_t(node)] += gpus;
            m_busyGpus -= gpus;
        }
    }

    /// GPUs for `gpus` under the policy, or an empty placement.
    std::vector<std::pair<int, int>> place(int gpus) const
    {
        std::vector<std::pair<int, int>> placement;
        const int perNode = m_cluster.gpusPerNode;
        if (m_policy == PlacementPolicy::Fifo || m_policy == PlacementPolicy::Naive) {
            // First free GPUs anywhere, node by node.
            int needed = gpus;
            for (int node = 0; node < m_cluster.nodes && needed > 0; ++node) {
                const int take = std::min(needed, m_free[std::size_t(node)]);
                if (take > 0) {
                    placement.emplace_back(node, take);
                    needed -= take;
                }
            }
            if (needed > 0)
                placement.clear();
            return placement;
        }
        if (gpus <= perNode) {
            // Best fit: the node with the fewest free GPUs that still holds the gang.
            int best = -1;
            for (int node = 0; node < m_cluster.nodes; ++node) {
                const int free = m_free[std::size_t(node)];
                if (free >= gpus && (best < 0 || free < m_free[std::size_t(best)]))
                    best = node;
            }
            if (best >= 0)
                placement.emplace_back(best, gpus);
            return placement;
        }
        // Larger gangs take whole empty nodes.
        const int nodesNeeded = (gpus + perNode - 1) / perNode;
        int left = gpus;
        for (int node = 0; node < m_cluster.nodes && int(placement.size()) < nodesNeeded; ++node)
            if (m_free[std::size_t(node)] == perNode) {
                placement.emplace_back(node, std::min(perNode, left));
                left -= perNode;
            }
        if (int(placement.size()) < nodesNeeded)
            placement.clear();
        return placement;
    }

    void start(int job, std::vector<std::pair<int, int>> placement)
    {
        const SimJob& spec = m_jobs[std::size_t(job)];
        Running& run = m_running[std::size_t(job)];
        run.placement = std::move(placement);
        for (const auto& [node, gpus] : run.placement) {
            m_free[std::size_t(node)] -= gpus;
            m_busyGpus += gpus;
        }
        const bool split = run.placement.size() > 1 && spec.gpus <= m_cluster.gpusPerNode;
        if (split)
            ++m_result.splitGangs;
        const double slowdown =
            (m_policy == PlacementPolicy::Naive && split) ? m_cluster.crossNodeSlowdown : 1.0;
        run.start = m_now;
        run.end = m_now + m_remaining[std::size_t(job)] * slowdown;
        run.active = true;
        activate(job);
        if (!m_started[std::size_t(job)] && std::size_t(job) >= m_firstMeasured)
            m_waits.push_back(m_now - m_waitStart[std::size_t(job)]);
        m_started[std::size_t(job)] = true;
        Event done{run.end, 0, job, false};
        done.sequence = m_sequence;
        run.token = m_sequence;
        m_events.push(done);
        ++m_sequence;
    }

    /// Predictive preemption: evict running preemptible jobs of lower
    /// priority (newest first) until `job` fits; their work since the last
    /// checkpoint is lost and they queue again.
    bool preemptFor(int job)
    {
        const SimJob& spec = m_jobs[std::size_t(job)];
        std::vector<int> victims;
        for (int running : m_active)
            if (m_jobs[std::size_t(running)].preemptible &&
                m_jobs[std::size_t(running)].priority < spec.priority)
                victims.push_back(running);
        std::sort(victims.begin(), victims.end(), [&](int a, int b) {
            return m_running[std::size_t(a)].start > m_running[std::size_t(b)].start;
        });
        std::vector<int> evicted;
        for (int victim : victims) {
            if (!place(spec.gpus).empty())
                break;
            Running& run = m_running[std::size_t(victim)];
            release(run);
            run.active = false;
            deactivate(victim);
            evicted.push_back(victim);
        }
        if (place(spec.gpus).empty()) {
            // Not enough even after evicting everything allowed: put them back.
            for (int victim : evicted) {
                Running& run = m_running[std::size_t(victim)];
                for (const auto& [node, gpus] : run.placement) {
                    m_free[std::size_t(node)] -= gpus;
                    m_busyGpus += gpus;
                }
                run.active = true;
                activate(victim);
            }
            return false;
        }
        for (int victim : evicted) {
            const SimJob& lost = m_jobs[std::size_t(victim)];
            const double ran = m_now - m_running[std::size_t(victim)].start;
            const double kept =
                lost.checkpointIntervalHours > 0
                    ? std::floor(ran / lost.checkpointIntervalHours) * lost.checkpointIntervalHours
                    : 0.0;
            m_remaining[std::size_t(victim)] -= kept;
            m_result.gpuHoursLost += (ran - kept) * lost.gpus;
            ++m_result.preemptions;
            m_waitStart[std::size_t(victim)] = m_now;
            m_evicted.push_back(victim); // queued after the scan: the queue is being iterated
        }
        return true;
    }

    void schedule()
    {
        scan();
        // Evicted jobs queue again at the back; a second pass may start them.
        while (!m_evicted.empty()) {
            for (int job : m_evicted)
                m_queue.push_back(job);
            m_evicted.clear();
            scan();
        }
    }

    void scan()
    {
        for (auto it = m_queue.begin(); it != m_queue.end();) {
            const int job = *it;
            const int freeGpus = totalGpus() - m_busyGpus;
            const bool canEvict = m_policy == PlacementPolicy::PredictivePreemption;
            if (freeGpus == 0 && !canEvict)
                return; // nothing can start until something ends
            if (m_jobs[std::size_t(job)].gpus > freeGpus && !canEvict) {
                if (m_policy == PlacementPolicy::Fifo)
                    return;
                ++it; // cannot fit however it is placed: skip without searching
                continue;
            }
            auto placement = place(m_jobs[std::size_t(job)].gpus);
            if (placement.empty() && m_policy == PlacementPolicy::PredictivePreemption &&
                preemptFor(job))
                placement = place(m_jobs[std::size_t(job)].gpus);
            if (placement.empty()) {
                if (m_policy == PlacementPolicy::Fifo)
                    return; // strict first come, first served: nobody overtakes the head
                ++it;
                continue;
            }
            it = m_queue.erase(it);
            start(job, std::move(placement));
        }
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
    }
    return "fifo";
}

std::optional<PlacementPolicy> placementPolicyFromKey(std::string_view key)
{
    for (PlacementPolicy policy :
         {PlacementPolicy::Fifo, PlacementPolicy::Naive, PlacementPolicy::TopologyAware,
          PlacementPolicy::PredictivePreemption})
        if (placementPolicyKey(policy) == key)
            return policy;
    return std::nullopt;
}

SimulationResult simulateCluster(const ClusterShape& cluster, PlacementPolicy policy,
                                 const std::vector<SimJob>& jobs, double warmupFraction)
{
    return Simulation(cluster, policy, jobs, warmupFraction).run();
}

std::vector<SimJob> syntheticJobs(const ClusterShape& cluster, int jobGpus, double meanHours,
                                  double load, int count, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    const double gpus = double(cluster.nodes) * cluster.gpusPerNode;
    // Offered load ρ = λ · K · H ÷ C, so λ = ρ · C ÷ (K · H) jobs per hour.
    const double arrivalRate = load * gpus / (double(jobGpus) * meanHours);
    std::exponential_distribution<double> gap(arrivalRate);
    std::exponential_distribution<double> duration(1.0 / meanHours);
    std::vector<SimJob> jobs;
    jobs.reserve(std::size_t(count));
    double now = 0;
    for (int i = 0; i < count; ++i) {
        now += gap(random);
        SimJob job;
        job.arrivalHours = now;
        job.durationHours = duration(random);
        job.gpus = jobGpus;
        jobs.push_back(job);
    }
    return jobs;
}

double erlangCMeanWait(int servers, double arrivalRate, double serviceRate)
{
    const double a = arrivalRate / serviceRate; // offered load in servers
    const double rho = a / servers;
    if (rho >= 1.0)
        return std::numeric_limits<double>::infinity();
    // Σ_{k<c} a^k/k! and a^c/c!, in a numerically stable running product.
    double term = 1.0, sum = 0.0;
    for (int k = 0; k < servers; ++k) {
        sum += term;
        term *= a / double(k + 1);
    }
    const double top = term / (1.0 - rho);
    const double probabilityOfWaiting = top / (sum + top);
    return probabilityOfWaiting / (servers * serviceRate - arrivalRate);
}

} // namespace fleet
