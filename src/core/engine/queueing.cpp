#include "engine/queueing.h"

#include <boost/math/policies/policy.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <utility>

namespace fleet {

namespace {

// No exceptions out of Boost.Math: an out-of-range argument gives NaN/inf,
// which the callers below never produce (they check the load first).
using Quiet = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::errno_on_error>,
    boost::math::policies::overflow_error<boost::math::policies::errno_on_error>,
    boost::math::policies::evaluation_error<boost::math::policies::errno_on_error>>;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// Above this many servers Boost's incomplete gamma sums a series whose terms
/// grow with the argument (seconds per call at 1e12 servers, which generated
/// projects reach); the heavy-traffic limit is exact enough there.
constexpr double kHalfinWhittServers = 1e6;

/// Up to this many (whole) servers Erlang B comes from its recursion.
constexpr double kRecursionServers = 4096;

/// Halfin and Whitt (1981), "Heavy-traffic limits for queues with many
/// exponential servers", Operations Research 29(3): with β = (c − a) ÷ √a,
/// C(c, a) → [1 + β Φ(β) ÷ φ(β)]⁻¹ as c grows.
double halfinWhittWaitProbability(double servers, double offeredLoad)
{
    const double beta = (servers - offeredLoad) / std::sqrt(offeredLoad);
    const double density = std::exp(-0.5 * beta * beta) / std::sqrt(2.0 * M_PI);
    if (!(density > 0))
        return 0.0; // β beyond ~38: no arrival ever waits, to double precision
    const double cumulative = 0.5 * std::erfc(-beta / std::sqrt(2.0));
    return 1.0 / (1.0 + beta * cumulative / density);
}

} // namespace

namespace {

/// Erlang B's recursion B(k) = a·B(k−1) ÷ (k + a·B(k−1)), B(0) = 1, walked
/// as its reciprocal I(k) = 1 ÷ B(k) = 1 + (k ÷ a)·I(k−1): a multiply-add
/// a step instead of a division (a fifth of the time; the sizing searches
/// walk it millions of times at 10,000 workloads). Not std::fma: the build
/// targets x86-64 without FMA, so std::fma is a call into libm's software
/// path, which a profile of an edit at 10,000 workloads found at 5 % of the
/// time (2026-12-06). Every
/// term is positive, so it is as stable as the textbook form; past the load
/// I(k) grows like k! ÷ a^k and may reach infinity, which is B = 0, as the
/// textbook form underflows to.
class InverseErlangB
{
public:
    explicit InverseErlangB(double offeredLoad) : m_perServer(1.0 / offeredLoad) {}
    void step(int k) { m_inverse = double(k) * m_perServer * m_inverse + 1.0; }
    double erlangB() const { return 1.0 / m_inverse; }

private:
    double m_perServer;
    double m_inverse = 1.0;
};

/// Erlang C from Erlang B of the same servers and load: C = B ÷ (1 − ρ(1 − B)).
double erlangCFromErlangB(double servers, double offeredLoad, double erlangB)
{
    const double rho = offeredLoad / servers;
    return erlangB / (1.0 - rho * (1.0 - erlangB));
}

/// The wait's `quantile` for a queue that waits with probability `waits` and
/// drains at `drain` = cμ − λ > 0 per second (the M/M/c wait's tail).
double waitQuantileGiven(double waits, double drain, double quantile)
{
    const double tail = 1.0 - quantile;
    if (waits <= tail)
        return 0.0;
    return std::log(waits / tail) / drain;
}

double computeErlangC(double servers, double offeredLoad)
{
    if (servers > kHalfinWhittServers)
        return halfinWhittWaitProbability(servers, offeredLoad);
    double erlangB = 1.0;
    if (servers <= kRecursionServers && servers == std::floor(servers)) {
        // The textbook recursion, a few thousand steps, costs less than one
        // incomplete gamma (which made every edit of a 1,000-workload project
        // ~100 ms slower); walked as its reciprocal (InverseErlangB).
        InverseErlangB walk(offeredLoad);
        for (int k = 1; k <= int(servers); ++k)
            walk.step(k);
        erlangB = walk.erlangB();
    } else {
        // Erlang B = P(X = c) ÷ P(X ≤ c) for X ~ Poisson(a): a^c e^(−a)/c! is
        // the derivative of the regularized gamma P(c + 1, a), and P(X ≤ c) =
        // Q(c + 1, a).
        const double pmf = boost::math::gamma_p_derivative(servers + 1.0, offeredLoad, Quiet());
        const double cdf = boost::math::gamma_q(servers + 1.0, offeredLoad, Quiet());
        if (!(cdf > 0))
            return 1.0;
        erlangB = pmf / cdf;
    }
    return erlangCFromErlangB(servers, offeredLoad, erlangB);
}

/// A pure function's recent answers, per thread: a direct-mapped table of
/// Slots slots (a power of two), each question in the slot its hash names,
/// a newer question taking the slot of an older one. Answers are exact (the
/// whole question is the key), so no figure depends on what was asked
/// before. Until 2026-12-06 these were unordered maps emptied at 65,536
/// entries: a wide project asks more questions than that in one
/// evaluation, and the nodes' allocation and the emptying took 40 % of the
/// invariants suite's stageIsItsDefaults (issue 27), whose second
/// evaluation then asked everything again.
template <typename Key, typename Hash, std::size_t Slots> class RecentAnswers
{
    static_assert((Slots & (Slots - 1)) == 0, "a power of two");

public:
    template <typename Compute> double operator()(const Key& key, Compute compute)
    {
        if (!m_slots)
            m_slots = std::make_unique<Slot[]>(Slots);
        Slot& slot = m_slots[Hash()(key) & (Slots - 1)];
        if (!slot.used || slot.key != key) {
            slot.value = compute();
            slot.key = key;
            slot.used = true;
        }
        return slot.value;
    }

private:
    struct Slot
    {
        Key key{};
        double value = 0;
        bool used = false;
    };
    std::unique_ptr<Slot[]> m_slots;
};

/// Mixes the bits of a question's numbers (std::hash<double> of each).
template <std::size_t N> struct NumbersHash
{
    std::size_t operator()(const std::array<double, N>& key) const
    {
        std::size_t hash = 0;
        for (const double value : key)
            hash = (hash ^ std::hash<double>()(value)) * 0x100000001b3u;
        return hash ^ (hash >> 29);
    }
};

} // namespace

double erlangCWaitProbability(double servers, double offeredLoad)
{
    if (offeredLoad <= 0)
        return 0.0;
    if (servers <= 0 || offeredLoad >= servers)
        return 1.0;
    // A service's options (each plan, each regime of one GPU) and months ask
    // for the same (servers, load) again and again, and the wait's tail asks
    // for it once more: the recent answers remembered per thread.
    thread_local RecentAnswers<std::array<double, 2>, NumbersHash<2>, 16384> known;
    return known({servers, offeredLoad}, [&] { return computeErlangC(servers, offeredLoad); });
}

double waitQuantileSeconds(double servers, double arrivalRatePerS, double serviceRatePerS,
                           double quantile)
{
    if (arrivalRatePerS <= 0)
        return 0.0;
    const double drain = servers * serviceRatePerS - arrivalRatePerS; // cμ − λ
    if (drain <= 0)
        return kInfinity;
    const double waits = erlangCWaitProbability(servers, arrivalRatePerS / serviceRatePerS);
    return waitQuantileGiven(waits, drain, quantile);
}

TtftQueueing ttftQueueing(double replicas, int batch, double requestsPerSecondPerReplica,
                          double prefillMs, double requestsPerSecond)
{
    TtftQueueing q;
    q.slotCount = replicas * std::max(1, batch);
    q.meanTtftMs = q.p99TtftMs = prefillMs;
    if (requestsPerSecond <= 0)
        return q;
    const double slotRate = requestsPerSecondPerReplica / std::max(1, batch); // μ per slot
    const double capacity = q.slotCount * slotRate;
    q.utilization = capacity > 0 ? requestsPerSecond / capacity : kInfinity;
    if (q.utilization >= 1.0) {
        q.stable = false;
        q.waitProbability = 1.0;
        q.meanWaitMs = q.p99WaitMs = q.meanTtftMs = q.p99TtftMs = kInfinity;
        return q;
    }
    q.waitProbability = erlangCWaitProbability(q.slotCount, requestsPerSecond / slotRate);
    q.meanWaitMs = q.waitProbability / (capacity - requestsPerSecond) * 1000.0;
    q.p99WaitMs = waitQuantileSeconds(q.slotCount, requestsPerSecond, slotRate, 0.99) * 1000.0;
    q.meanTtftMs = prefillMs + q.meanWaitMs;
    q.p99TtftMs = prefillMs + q.p99WaitMs;
    return q;
}

namespace {

/// replicasForTtft's question, whole, as a key of its memo.
using TtftQuestion = std::array<double, 8>;

double searchReplicasForTtft(double minReplicas, int batch, double requestsPerSecondPerReplica,
                             double prefillMs, double requestsPerSecond, double quantile,
                             double targetMs, double maxReplicas);

} // namespace

double replicasForTtft(double minReplicas, int batch, double requestsPerSecondPerReplica,
                       double prefillMs, double requestsPerSecond, double quantile, double targetMs,
                       double maxReplicas)
{
    if (prefillMs > targetMs || requestsPerSecondPerReplica <= 0)
        return 0.0;
    // The cost curve and the tornado evaluate the project again and again
    // with one input moved; a service's search (tens of Erlang C's, each up to
    // 4,096 steps of recursion) is asked the same question each time:
    // the recent answers remembered per thread (property project 1301: 22 s
    // of chart data, nearly all here).
    thread_local RecentAnswers<TtftQuestion, NumbersHash<8>, 65536> known;
    const TtftQuestion key{minReplicas, double(batch),     requestsPerSecondPerReplica,
                           prefillMs,   requestsPerSecond, quantile,
                           targetMs,    maxReplicas};
    return known(key, [&] {
        return searchReplicasForTtft(minReplicas, batch, requestsPerSecondPerReplica, prefillMs,
                                     requestsPerSecond, quantile, targetMs, maxReplicas);
    });
}

namespace {

/// searchReplicasForTtft's answer where every slot count it could ask is
/// within Erlang B's recursion: the recursion walked once, each slot count's
/// B its step of the walk (bit for bit what erlangCWaitProbability computes
/// for it), the first replica count that meets the target taken. The search
/// below asked tens of counts, each its own walk from 1 (30 % of `evaluate`
/// on 1,000 workloads). Its bound on maxReplicas is kept: the doubling gave
/// up past maxReplicas at the first count that did not meet the target.
/// Nullopt: the answer lies past the recursion; the search answers.
std::optional<double> walkReplicasForTtft(double low, int batch, double slotRate, double prefillMs,
                                          double requestsPerSecond, double quantile,
                                          double targetMs, double maxReplicas)
{
    const int perReplica = std::max(1, batch);
    if (requestsPerSecond <= 0 || low * perReplica > kRecursionServers)
        return std::nullopt;
    const double offeredLoad = requestsPerSecond / slotRate;
    InverseErlangB walk(offeredLoad);
    int walked = 0; // B is the recursion's step `walked`
    for (int asked = int(low) * perReplica; asked <= int(kRecursionServers); asked += perReplica) {
        while (walked < asked)
            walk.step(++walked);
        const double erlangB = walk.erlangB();
        const double slots = asked;
        const double drain = slots * slotRate - requestsPerSecond;
        if (drain <= 0)
            continue; // waitQuantileSeconds: an unbounded wait
        const double waits =
            offeredLoad >= slots ? 1.0 : erlangCFromErlangB(slots, offeredLoad, erlangB);
        if (prefillMs + waitQuantileGiven(waits, drain, quantile) * 1000.0 > targetMs)
            continue;
        const double replicas = asked / perReplica;
        for (double doubled = low * 2.0; doubled < replicas; doubled *= 2.0)
            if (doubled > maxReplicas)
                return 0.0;
        return replicas;
    }
    return std::nullopt;
}

double searchReplicasForTtft(double minReplicas, int batch, double requestsPerSecondPerReplica,
                             double prefillMs, double requestsPerSecond, double quantile,
                             double targetMs, double maxReplicas)
{
    const double slotRate = requestsPerSecondPerReplica / std::max(1, batch);
    const auto meets = [&](double replicas) {
        const double slots = replicas * std::max(1, batch);
        const double waitMs =
            waitQuantileSeconds(slots, requestsPerSecond, slotRate, quantile) * 1000.0;
        return prefillMs + waitMs <= targetMs;
    };
    double low = std::max(1.0, std::ceil(minReplicas));
    if (const auto walked = walkReplicasForTtft(low, batch, slotRate, prefillMs, requestsPerSecond,
                                                quantile, targetMs, maxReplicas))
        return *walked;
    if (meets(low))
        return low;
    // The wait falls as replicas are added: double until met, then bisect.
    double high = low * 2.0;
    // A count past maxReplicas, or past what a double counts exactly (a wait
    // that no finite count brings under the target reads as never met), is
    // "no count meets it", never an endless loop.
    constexpr double kLargestExactCount = 9007199254740992.0; // 2^53
    while (!meets(high)) {
        if (high > maxReplicas || !(high < kLargestExactCount))
            return 0.0;
        low = high;
        high *= 2.0;
    }
    while (high - low > 1.0) {
        const double mid = std::floor((low + high) / 2.0);
        if (mid <= low || mid >= high)
            break;
        (meets(mid) ? high : low) = mid;
    }
    return high;
}

} // namespace

} // namespace fleet
