#pragma once

// A request-level simulation of one inference service: Poisson arrivals
// queue first come, first served for the request slots of dedicated and
// preemptible overflow replicas; overflow replicas are evicted at random and
// come back after a restart, and the requests they were serving start over.
// It measures what the engine models (engine/queueing.h,
// engine/service_overflow.h): the preemption rate the overflow achieves and
// the SLA (time to first token) the service keeps. See docs/MODEL.md.

#include "engine/evaluation.h"
#include "util/result.h"

#include <cstdint>

namespace fleet {

struct ServiceSimulationInput
{
    int dedicatedReplicas = 1;
    int overflowReplicas = 0;
    int slotsPerReplica = 1;        ///< the replica's batch
    double requestsPerSecond = 1.0; ///< Poisson arrivals
    double meanSlotSeconds = 1.0;   ///< a request holds its slot this long on average (exponential)
    double prefillMs = 0;           ///< first token this long after the request gets a slot
    double preemptionsPerOverflowReplicaHour = 0; ///< evictions while up (Poisson)
    double restartSeconds = 600;                  ///< an evicted replica is back after this
    double ttftTargetMs = 1e300;                  ///< the SLA: first token within this
    double hours = 1.0;                           ///< simulated time after the warm-up
    double warmupHours = 0.1;                     ///< not measured
    std::uint64_t seed = 1;
};

struct ServiceSimulationReport
{
    double requests = 0;   ///< measured arrivals that got their first token
    double meanTtftMs = 0; ///< prefill + wait
    double p99TtftMs = 0;
    double slaMetFraction = 0;      ///< share of requests whose first token met the target
    double interruptedFraction = 0; ///< share of requests an eviction made start over
    double preemptions = 0;         ///< evictions of overflow replicas
    /// Achieved preemption rate: share of the overflow replicas' time they
    /// were down after an eviction (the engine's modelled rate's measure).
    double achievedPreemptionRate = 0;
    double preemptionsPerOverflowReplicaHour = 0; ///< measured
};

/// Runs the simulation; deterministic for a seed.
ServiceSimulationReport simulateService(const ServiceSimulationInput& input);

/// The first active month of an inference workload as the engine sized it
/// on `option`: its replicas (dedicated and overflow), batch, request rate
/// at the peak, prefill, evictions per overflow replica-hour, restart and
/// TTFT target. An error names what is missing (not a service, no replicas).
Result<ServiceSimulationInput> firstMonthOfService(const Project& project, const Workload& workload,
                                                   const OptionResult& option);

} // namespace fleet
