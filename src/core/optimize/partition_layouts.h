#pragma once

// The ways one GPU can be configured into partitions, enumerated from the
// catalog's placement rules (never from slice counts alone): maximal MIG
// layouts of the tenant profiles, and AMD compute × memory modes.

#include "model/gpu.h"

#include <string>
#include <utility>
#include <vector>

namespace fleet {

struct PartitionLayout
{
    std::string name; ///< "3g.40gb@0 + 4g.40gb@0" or "CPX-NPS4"
    /// Instances of each profile on one GPU configured this way, in profile order.
    std::vector<std::pair<std::string, int>> instances;

    int count(const std::string& profile) const;
};

/// Every layout of `gpu`: for MIG the maximal layouts of its tenant profiles
/// ("+me" media profiles excluded, as the engine never offers them), for AMD
/// one per valid mode with two or more partitions. Empty for GPUs that cannot
/// be partitioned.
std::vector<PartitionLayout> partitionLayouts(const GpuModel& gpu);

/// The layouts that matter to a count of instances: one per distinct
/// instance mix, leaving out any mix another layout dominates (at least as
/// many instances of every profile). Placement-symmetric layouts would only
/// slow the solver down.
std::vector<PartitionLayout> usefulLayouts(const std::vector<PartitionLayout>& layouts);

} // namespace fleet
