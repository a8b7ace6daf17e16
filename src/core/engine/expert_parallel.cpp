#include "engine/expert_parallel.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace fleet {

double remoteGpusPerToken(int expertsPerToken, int epGpus)
{
    if (epGpus <= 1 || expertsPerToken <= 0)
        return 0.0;
    const double g = epGpus;
    return (g - 1.0) * (1.0 - std::pow(1.0 - 1.0 / g, expertsPerToken));
}

double allToAllSeconds(double tokensPerGpu, const ExpertRouting& routing, int epGpus,
                       const AllToAllLink& link)
{
    if (epGpus <= 1 || routing.moeLayers <= 0 || tokensPerGpu <= 0)
        return 0.0;
    const double remote = remoteGpusPerToken(routing.expertsPerToken, epGpus);
    // Other GPUs are equally likely destinations: those of this GPU's domain
    // and those beyond it share the copies by their counts.
    const int sameDomain = std::clamp(link.domainGpus, 1, epGpus) - 1;
    const double insideShare = double(sameDomain) / (epGpus - 1);
    const double bytesPerCopy =
        routing.hidden * (routing.dispatchBytesPerValue + routing.combineBytesPerValue);
    const double copies = tokensPerGpu * remote;
    const double inside = copies * insideShare * bytesPerCopy;
    const double outside = copies * (1.0 - insideShare) * bytesPerCopy;
    double seconds = link.domainBytesPerS > 0 ? inside / link.domainBytesPerS : 0.0;
    double latency = link.latencySeconds;
    if (outside > 0) {
        // No scale-out network: the copies have no way out; cost them at the
        // domain link so the figure stays finite (the caller keeps replicas
        // inside a domain when it knows no network).
        const double outBytesPerS =
            link.scaleOutBytesPerS > 0 ? link.scaleOutBytesPerS : link.domainBytesPerS;
        seconds = std::max(seconds, outBytesPerS > 0 ? outside / outBytesPerS : 0.0);
        latency = std::max(latency, link.scaleOutLatencySeconds);
    }
    return routing.moeLayers * (seconds + 2.0 * latency);
}

namespace {

/// E[max of n normals] by the trapezoid rule over [−8, 8] (the integrand is
/// below 1e-12 outside it for n ≤ 4,096).
double integratedMaxOfNormals(int n)
{
    constexpr int kSteps = 4000;
    constexpr double kLow = -8.0, kHigh = 8.0;
    const double dx = (kHigh - kLow) / kSteps;
    double sum = 0;
    for (int i = 0; i <= kSteps; ++i) {
        const double x = kLow + i * dx;
        const double density = std::exp(-x * x / 2) / std::sqrt(2 * M_PI);
        const double below = 0.5 * std::erfc(-x / std::sqrt(2.0));
        const double term = x * n * density * std::pow(below, n - 1);
        sum += (i == 0 || i == kSteps) ? term / 2 : term;
    }
    return sum * dx;
}

} // namespace

double expectedMaxOfNormals(int n)
{
    if (n <= 1)
        return 0.0;
    // The group sizes the engine meets (a GPU's NVLink domain: up to 72);
    // computed once, thread-safe as a function-local static.
    constexpr int kTabled = 128;
    static const std::array<double, kTabled + 1> table = [] {
        std::array<double, kTabled + 1> t{};
        for (int i = 2; i <= kTabled; ++i)
            t[i] = integratedMaxOfNormals(i);
        return t;
    }();
    return n <= kTabled ? table[n] : integratedMaxOfNormals(std::min(n, 4096));
}

double expertLoadImbalance(double fitted, ExpertLayout fittedOn, ExpertLayout layout)
{
    if (fitted <= 1.0 || layout.gpus <= 1)
        return 1.0;
    if (fittedOn.gpus <= 1 || fittedOn.experts <= 0 || layout.experts <= 0)
        return fitted;
    const auto spread = [](ExpertLayout l) {
        return expectedMaxOfNormals(l.gpus) * std::sqrt(double(l.gpus) / l.experts);
    };
    return 1.0 + (fitted - 1.0) * spread(layout) / spread(fittedOn);
}

} // namespace fleet
