#include "simulate/service_simulator.h"

#include "engine/options.h"

#include <queue>

#include <algorithm>
#include <cmath>
#include <deque>
#include <random>
#include <vector>

namespace fleet {

namespace {

enum class Kind : std::uint8_t
{
    Arrival,
    Completion, ///< `id` = request
    Eviction,   ///< `id` = replica
    Restore     ///< `id` = replica
};

struct Event
{
    double time;
    std::uint64_t sequence; ///< ties by order of creation: deterministic
    std::uint64_t token;    ///< a completion stays valid while its request's token matches
    int id;
    Kind kind;
    bool operator>(const Event& other) const
    {
        return time != other.time ? time > other.time : sequence > other.sequence;
    }
};

struct Request
{
    double arrival = 0;
    int replica = -1;
    std::uint64_t token = 0;
    bool started = false; ///< its first token is counted once, at its first slot
    bool interrupted = false;
};

struct Replica
{
    bool overflow = false;
    bool up = true;
    int busy = 0;
    std::vector<int> serving;
    double downSince = 0;
};

class Simulation
{
public:
    explicit Simulation(const ServiceSimulationInput& input)
        : m_in(input), m_random(input.seed), m_gap(input.requestsPerSecond),
          m_service(1.0 / input.meanSlotSeconds)
    {
        const int replicas = input.dedicatedReplicas + input.overflowReplicas;
        for (int r = 0; r < replicas; ++r) {
            Replica replica;
            replica.overflow = r >= input.dedicatedReplicas;
            m_replicas.push_back(replica);
        }
        m_warmup = input.warmupHours * 3600.0;
        m_end = m_warmup + input.hours * 3600.0;
    }

    ServiceSimulationReport run()
    {
        push(m_gap(m_random), 0, Kind::Arrival, 0);
        for (int r = 0; r < int(m_replicas.size()); ++r)
            scheduleEviction(r, 0.0);
        while (!m_events.empty()) {
            const Event event = m_events.top();
            m_events.pop();
            if (event.time > m_end)
                break;
            m_now = event.time;
            switch (event.kind) {
            case Kind::Arrival: arrive(); break;
            case Kind::Completion: complete(event); break;
            case Kind::Eviction: evict(event.id); break;
            case Kind::Restore: restore(event.id); break;
            }
        }
        return report();
    }

private:
    void push(double time, std::uint64_t token, Kind kind, int id)
    {
        m_events.push({time, m_sequence++, token, id, kind});
    }

    void scheduleEviction(int r, double from)
    {
        if (!m_replicas[std::size_t(r)].overflow || m_in.preemptionsPerOverflowReplicaHour <= 0)
            return;
        std::exponential_distribution<double> gap(m_in.preemptionsPerOverflowReplicaHour / 3600.0);
        push(from + gap(m_random), 0, Kind::Eviction, r);
    }

    /// A free slot: dedicated replicas first (they carry the load first).
    int freeReplica() const
    {
        for (int r = 0; r < int(m_replicas.size()); ++r) {
            const Replica& replica = m_replicas[std::size_t(r)];
            if (replica.up && replica.busy < m_in.slotsPerReplica)
                return r;
        }
        return -1;
    }

    void start(int request, int r)
    {
        Request& q = m_requests[std::size_t(request)];
        Replica& replica = m_replicas[std::size_t(r)];
        q.replica = r;
        ++q.token;
        ++replica.busy;
        replica.serving.push_back(request);
        if (!q.started) {
            q.started = true;
            if (q.arrival >= m_warmup)
                m_ttftMs.push_back((m_now - q.arrival) * 1000.0 + m_in.prefillMs);
        }
        push(m_now + m_service(m_random), q.token, Kind::Completion, request);
    }

    void dispatch()
    {
        while (!m_queue.empty()) {
            const int r = freeReplica();
            if (r < 0)
                return;
            const int request = m_queue.front();
            m_queue.pop_front();
            start(request, r);
        }
    }

    void arrive()
    {
        m_requests.push_back({m_now});
        m_queue.push_back(int(m_requests.size()) - 1);
        dispatch();
        push(m_now + m_gap(m_random), 0, Kind::Arrival, 0);
    }

    void complete(const Event& event)
    {
        Request& q = m_requests[std::size_t(event.id)];
        if (q.token != event.token || q.replica < 0)
            return; // evicted since: this run was lost
        Replica& replica = m_replicas[std::size_t(q.replica)];
        --replica.busy;
        replica.serving.erase(std::find(replica.serving.begin(), replica.serving.end(), event.id));
        q.replica = -1;
        dispatch();
    }

    void evict(int r)
    {
        Replica& replica = m_replicas[std::size_t(r)];
        replica.up = false;
        replica.downSince = m_now;
        if (m_now >= m_warmup)
            ++m_preemptions;
        // Its requests start over, ahead of those that have not started yet.
        for (auto it = replica.serving.rbegin(); it != replica.serving.rend(); ++it) {
            Request& q = m_requests[std::size_t(*it)];
            q.replica = -1;
            ++q.token;
            q.interrupted = true;
            m_queue.push_front(*it);
        }
        replica.serving.clear();
        replica.busy = 0;
        push(m_now + m_in.restartSeconds, 0, Kind::Restore, r);
        dispatch();
    }

    void restore(int r)
    {
        Replica& replica = m_replicas[std::size_t(r)];
        replica.up = true;
        m_downSeconds += std::max(0.0, m_now - std::max(replica.downSince, m_warmup));
        scheduleEviction(r, m_now);
        dispatch();
    }

    ServiceSimulationReport report()
    {
        ServiceSimulationReport out;
        for (const Replica& replica : m_replicas)
            if (!replica.up)
                m_downSeconds += m_end - std::max(replica.downSince, m_warmup);
        out.requests = double(m_ttftMs.size());
        if (!m_ttftMs.empty()) {
            double sum = 0, met = 0;
            for (double t : m_ttftMs) {
                sum += t;
                met += t <= m_in.ttftTargetMs ? 1 : 0;
            }
            out.meanTtftMs = sum / out.requests;
            out.slaMetFraction = met / out.requests;
            const auto index = std::size_t(std::ceil(0.99 * out.requests)) - 1;
            std::nth_element(m_ttftMs.begin(), m_ttftMs.begin() + std::ptrdiff_t(index),
                             m_ttftMs.end());
            out.p99TtftMs = m_ttftMs[index];
        }
        double measured = 0, interrupted = 0;
        for (const Request& q : m_requests)
            if (q.arrival >= m_warmup) {
                ++measured;
                interrupted += q.interrupted ? 1 : 0;
            }
        out.interruptedFraction = measured > 0 ? interrupted / measured : 0.0;
        out.preemptions = double(m_preemptions);
        const double overflowSeconds = m_in.overflowReplicas * (m_end - m_warmup);
        if (overflowSeconds > 0) {
            out.achievedPreemptionRate = m_downSeconds / overflowSeconds;
            out.preemptionsPerOverflowReplicaHour = out.preemptions / (overflowSeconds / 3600.0);
        }
        return out;
    }

    ServiceSimulationInput m_in;
    std::mt19937_64 m_random;
    std::exponential_distribution<double> m_gap;
    std::exponential_distribution<double> m_service;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_events;
    std::vector<Replica> m_replicas;
    std::vector<Request> m_requests;
    std::deque<int> m_queue;
    std::vector<double> m_ttftMs;
    std::uint64_t m_sequence = 0;
    std::uint64_t m_preemptions = 0;
    double m_downSeconds = 0;
    double m_now = 0, m_warmup = 0, m_end = 0;
};

} // namespace

ServiceSimulationReport simulateService(const ServiceSimulationInput& input)
{
    return Simulation(input).run();
}

Result<ServiceSimulationInput> firstMonthOfService(const Project& project, const Workload& workload,
                                                   const OptionResult& option)
{
    const auto* spec = std::get_if<InferenceSpec>(&workload.spec);
    if (!spec)
        return Error("workload " + workload.id + " is not an inference service");
    if (option.detail("serving_disaggregated") > 0)
        return Error("workload " + workload.id +
                     " is served disaggregated (inference_disaggregated = 1): its prefill and "
                     "decode pools are simulated by firstMonthOfDisaggregatedService");
    const double replicas = option.detail("replicas_first_month");
    const double batch = option.detail("batch");
    const double perReplica = option.detail("requests_per_second_per_replica");
    if (!(replicas > 0) || !(batch > 0) || !(perReplica > 0))
        return Error("workload " + workload.id + " has no replicas in its first month");
    const double overflow = std::isfinite(option.detail("overflow_replicas_first_month"))
                                ? option.detail("overflow_replicas_first_month")
                                : 0.0;
    ServiceSimulationInput in;
    in.dedicatedReplicas = int(replicas - overflow);
    in.overflowReplicas = int(overflow);
    in.slotsPerReplica = int(batch);
    in.requestsPerSecond = requestsPerSecondIn(*spec, workload, workload.startMonth) *
                           project.assumptions.peakToMeanTrafficRatio;
    in.meanSlotSeconds = batch / perReplica;
    in.prefillMs = option.detail("prefill_ms");
    in.restartSeconds = project.assumptions.restartMin * 60.0;
    // The engine's rate p = evictions per replica-hour × restart (hours).
    if (overflow > 0 && project.assumptions.restartMin > 0)
        in.preemptionsPerOverflowReplicaHour =
            option.overflowPreemptionRate / (project.assumptions.restartMin / 60.0);
    in.ttftTargetMs = spec->ttftMs;
    return in;
}

} // namespace fleet
