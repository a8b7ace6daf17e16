#pragma once

// Replaying a pod list on a node list under a packing policy, as the USENIX
// ATC'23 paper "Beware of Fragmentation: Scheduling GPU-Sharing Workloads with
// Fragmentation Gradient Descent" (Weng et al.) does with its open simulator:
// pods in a seeded random order, the list inflated to a target share of the
// cluster's GPU capacity, each pod placed once or skipped, GPU allocation
// recorded against arrived load. Every rule is written down in docs/MODEL.md
// ("Packing and fragmentation").

#include "pack/trace.h"
#include "util/result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace fleet::pack {

enum class Policy
{
    Random,
    BestFit,
    GpuPacking,
    DotProduct,
    GpuClustering,
    Fgd ///< fragmentation gradient descent against the trace's own target workload
};
std::string_view policyKey(Policy policy); ///< "random", "best_fit", ... "fgd"
std::optional<Policy> policyFromKey(std::string_view key);
const std::vector<Policy>& allPolicies();

struct ReplayOptions
{
    double targetLoad = 1.3; ///< arrived GPU requests ÷ cluster GPU capacity at the end
    std::uint64_t seed = 42;
};

struct ModelFragmentation
{
    std::string model;
    int nodes = 0;
    double idleGpus = 0;       ///< GPU capacity not allocated, in GPUs
    double fragmentedGpus = 0; ///< of it, what the target workload cannot use (FGD's measure)
};

struct ReplayResult
{
    Policy policy = Policy::Random;
    std::uint64_t seed = 0;
    int totalGpus = 0;
    std::int64_t podsArrived = 0;
    std::int64_t failedPods = 0;
    std::map<std::string, std::int64_t> failedByShape; ///< "cpu", "1 GPU", "0.46 GPU", "4 GPUs"
    /// Allocated share of GPU capacity (%) against arrived load (%): entry k
    /// is the mean over the pods whose arrival brought the load to k % (rounded).
    std::vector<double> allocatedPctByArrivedPct;
    double allocatedPctAtTarget = 0;
    double allocatedPctAt100 = 0; ///< when the arrived load equals the capacity
    double unallocatedGpuPct() const { return 100.0 - allocatedPctAtTarget; }
    double unallocatedGpusAtTarget() const { return totalGpus * unallocatedGpuPct() / 100.0; }
    std::vector<ModelFragmentation> fragmentation; ///< at the end, per GPU model
    double seconds = 0;
};

/// The most pods one replay is expected to place, after inflation: 10
/// million pods hold 80 MB of pointers and take minutes per policy. A pod
/// list that would need more (tiny GPU requests on a huge cluster) is
/// refused, not replayed; inflation itself stops at twice this, whatever
/// the draws.
constexpr std::int64_t kMaxReplayedPods = 10'000'000;

/// Whether `pods` can be replayed on `nodes` at `options`: refused, with the
/// reason, when the cluster has no GPU, no pod asks for one (nothing to
/// inflate to a GPU load), the target load is not a positive finite number,
/// or the inflated list would hold more than kMaxReplayedPods pods.
Result<bool> checkReplay(const std::vector<Node>& nodes, const std::vector<Pod>& pods,
                         const ReplayOptions& options);

/// Replays `pods` on `nodes` under `policy`; refused as checkReplay() says.
Result<ReplayResult> replay(const std::vector<Node>& nodes, const std::vector<Pod>& pods,
                            Policy policy, const ReplayOptions& options);

} // namespace fleet::pack
