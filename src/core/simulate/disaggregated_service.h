#pragma once

// A disaggregated service (docs/MODEL.md, "Disaggregated prefill and decode")
// simulated request by request, one pool after the other: prompts queue for
// prefill instances (one prompt each; the first token after the prefill and
// the KV transfer), then for the decode replicas' slots (a request that
// waits for one stalls its second token). Each pool runs on the service
// simulator (simulate/service_simulator.h). The prefill pool's departures
// reach the decode pool as Poisson arrivals at the same rate: the output of
// a stable M/M/c queue is a Poisson process (Burke, "The Output of a Queuing
// System", Operations Research 4(6), 1956), so each pool's figures are
// those of the two in tandem; their joint figures (one request's two waits
// together) are not measured.

#include "simulate/service_simulator.h"

namespace fleet {

struct DisaggregatedServiceInput
{
    /// Prefill instances of one slot; "TTFT" = wait + prefill + KV transfer.
    ServiceSimulationInput prefill;
    /// Decode replicas of `batch` slots; "TTFT" = the wait for a slot, its
    /// target the TPOT target (the engine's bound on that wait).
    ServiceSimulationInput decode;
};

struct DisaggregatedServiceReport
{
    ServiceSimulationReport prefill; ///< TTFT and its SLA
    ServiceSimulationReport decode;  ///< wait for a decode slot, within one TPOT
};

/// The first active month of a disaggregated service as the engine sized it
/// on `option` (serving_disaggregated): both pools' counts, the decode batch,
/// the peak request rate, prefill and transfer times and both targets. An
/// error names what is missing.
Result<DisaggregatedServiceInput> firstMonthOfDisaggregatedService(const Project& project,
                                                                   const Workload& workload,
                                                                   const OptionResult& option);

/// Runs both pools for `hours` from `seed` (the decode pool from seed + 1);
/// deterministic for a seed.
DisaggregatedServiceReport simulateDisaggregatedService(DisaggregatedServiceInput input,
                                                        double hours, std::uint64_t seed);

} // namespace fleet
