#pragma once

// The ways one GPU can be configured into partitions: its partition scheme's
// maximal layouts of the tenant profiles (model/partition_scheme.h), and the
// few of them that matter to the optimizer.

#include "model/partition_scheme.h"

#include <vector>

namespace fleet {

/// Every maximal layout of `gpu`'s tenant profiles (those the engine offers:
/// no MIG "+me", no AMD SPX). Empty for GPUs that cannot be partitioned.
std::vector<PartitionLayout> partitionLayouts(const GpuModel& gpu);

/// The layouts that matter to a count of instances: one per distinct
/// instance mix, leaving out any mix another layout dominates (at least as
/// many instances of every profile). Placement-symmetric layouts would only
/// slow the solver down.
std::vector<PartitionLayout> usefulLayouts(const std::vector<PartitionLayout>& layouts);

} // namespace fleet
