#pragma once

// The simulator's own bookkeeping types: events, where a job runs, the
// queue's order and the one reservation (cluster_simulator.cpp).

#include <cstdint>
#include <utility>
#include <vector>

namespace fleet::sim {

/// Blocked jobs one scheduling pass looks at before it stops. Slurm's
/// event-triggered pass considers default_queue_depth = 100 jobs
/// (https://slurm.schedmd.com/sched_config.html); the limit also keeps an
/// overloaded queue from making every event cost O(queue length).
constexpr int kQueueDepth = 100;

enum class EventKind : std::uint8_t
{
    Arrival,
    Completion,
    Wakeup,  ///< a reservation falls due
    Announce ///< a planned run's nodes are reserved ahead of its start
};

struct Event
{
    double time;
    std::uint64_t sequence; ///< ties broken by order of creation: deterministic
    int job;
    EventKind kind;
    bool operator>(const Event& other) const
    {
        return time != other.time ? time > other.time : sequence > other.sequence;
    }
};

/// Where a job runs: whole GPUs on one or more nodes, or (a fractional
/// request) slices of one GPU.
struct Placement
{
    struct Share
    {
        int node;
        int gpus;
        std::uint64_t mask = 0; ///< which of the node's GPUs, set when occupied
    };
    std::vector<Share> whole;
    int gpu = -1; ///< a fractional request's GPU (node × G + index)
    bool empty() const { return whole.empty() && gpu < 0; }
};

struct Running
{
    Placement placement;
    double start = 0;
    double end = 0;
    std::uint64_t token = 0; ///< invalidates the completion event of an evicted run
    double usefulGpus = 0;   ///< GPUs held ÷ the slowdown the run suffers
    bool active = false;
};

/// The queue's order: higher priority first, then earlier arrival. An
/// evicted job keeps its arrival, so it returns near the front.
struct QueueKey
{
    int priority;
    double arrival;
    int job;
    /// What a pass compares a waiting job's kind on (Simulation::Kind less
    /// held), kept in the entry so that walking past jobs of a kind that
    /// failed reads nothing else; not part of the order.
    int gpus = 0, slices = 0, kindPriority = 0, tenant = 0;
    bool operator<(const QueueKey& other) const
    {
        if (priority != other.priority)
            return priority > other.priority;
        if (arrival != other.arrival)
            return arrival < other.arrival;
        return job < other.job;
    }
};

/// EASY backfilling's one reservation: the first multi-node gang in the queue
/// that cannot start holds the nodes that free up soonest, from the shadow
/// time on. Other jobs may use those nodes only if they end by then — or,
/// under predictive preemption, if they can be evicted then. Jobs that fit a
/// node get no reservation: nodes free up often enough for them, and it is
/// the gangs that greedy backfill starves.
struct Reservation
{
    int job = -1;
    double shadowHours = 0;
    std::vector<int> nodes;
};

} // namespace fleet::sim
