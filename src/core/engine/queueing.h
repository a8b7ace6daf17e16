#pragma once

// Queueing of a service's requests for the replicas' request slots: M/M/c
// with c = replicas × batch slots, Erlang C for the chance to wait and the
// exponential tail of the wait (Gross & Harris, Fundamentals of Queueing
// Theory, §2.3). See docs/MODEL.md, "Queueing and time to first token".

namespace fleet {

/// Erlang C: the probability that an arrival waits, in an M/M/c queue with
/// `servers` servers and offered load `offeredLoad` = λ/μ (in servers).
/// 1 when the load reaches the servers (the queue grows without bound).
/// Up to 4,096 whole servers by the Erlang B recursion; then through the
/// Poisson distribution (Erlang B = pmf(c) ÷ cdf(c)), so a million servers
/// cost no more than one; above a million, by Halfin and Whitt's
/// heavy-traffic limit (docs/MODEL.md).
double erlangCWaitProbability(double servers, double offeredLoad);

/// Time to first token of a service whose requests queue for request slots.
struct TtftQueueing
{
    double slotCount = 0;       ///< replicas × batch (not "slots": a Qt macro)
    double utilization = 0;     ///< ρ = λ ÷ (slots × μ)
    double waitProbability = 0; ///< Erlang C
    double meanWaitMs = 0;      ///< C ÷ (cμ − λ)
    double p99WaitMs = 0;       ///< ln(C ÷ 0.01) ÷ (cμ − λ), 0 when C ≤ 1 %
    double meanTtftMs = 0;      ///< prefill + mean wait
    double p99TtftMs = 0;       ///< prefill + the 99th percentile of the wait
    bool stable = true;         ///< ρ < 1; otherwise the waits are infinite
};

/// The wait's quantile `quantile` (0 < q < 1) in an M/M/c queue:
/// P(W > t) = C·e^(−(cμ − λ)t), so t_q = ln(C ÷ (1 − q)) ÷ (cμ − λ), or 0
/// when fewer than 1 − q of the arrivals wait. Seconds; infinite when ρ ≥ 1.
double waitQuantileSeconds(double servers, double arrivalRatePerS, double serviceRatePerS,
                           double quantile);

/// Queueing for `replicas` replicas of `batch` slots each, every slot serving
/// `requestsPerSecondPerReplica ÷ batch` requests per second, under
/// `requestsPerSecond` Poisson arrivals; each request's first token comes
/// `prefillMs` after it gets a slot.
TtftQueueing ttftQueueing(double replicas, int batch, double requestsPerSecondPerReplica,
                          double prefillMs, double requestsPerSecond);

/// The fewest replicas, at least `minReplicas`, whose TTFT at quantile
/// `quantile` meets `targetMs`; 0 when no number of replicas can (the prefill
/// alone misses it, or more than `maxReplicas` would be needed).
double replicasForTtft(double minReplicas, int batch, double requestsPerSecondPerReplica,
                       double prefillMs, double requestsPerSecond, double quantile, double targetMs,
                       double maxReplicas = 1e7);

} // namespace fleet
