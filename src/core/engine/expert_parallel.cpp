#include "engine/expert_parallel.h"

#include <algorithm>
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

} // namespace fleet
