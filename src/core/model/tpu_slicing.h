#pragma once

// A TPU's slices: the topologies Google sells a pod in (a 4x8 slice of 32
// v5e chips, a 2x2x2 cube of 8 v5p chips), the unit the tpu_slice regime
// allocates, and the multislice rule for a job larger than the largest slice
// (docs/MODEL.md, "TPU slices"). Self-contained: the catalog entry holds it
// beside MIG and AMD partitions (model/gpu.h).

#include "model/sourced.h"

#include <string>
#include <vector>

namespace fleet {

/// One slice topology: "4x8" (2-D, v5e/v6e) or "2x2x2" (3-D, v5p).
struct TpuTopology
{
    std::string name;
    int chips = 0; ///< the product of the shape's dimensions

    bool operator==(const TpuTopology&) const = default;
};

/// What a job of some chips is billed for: `slices` slices of one topology.
struct TpuSliceAllocation
{
    std::string topology; ///< "4x8"; empty when nothing is asked
    int chipsPerSlice = 0;
    int slices = 0; ///< more than one: multislice over the data-center network

    int chips() const { return chipsPerSlice * slices; }
    bool multislice() const { return slices > 1; }
};

struct TpuSlicing
{
    std::vector<TpuTopology> topologies; ///< ascending by chips, as the catalog lists them
    int podChips = 0;                    ///< chips in one pod
    /// Throughput a multislice job keeps over the data-center network
    /// (DCN), as a fraction of the same chips in one slice.
    SourcedValue multisliceEfficiency;
    std::string source; ///< of the topologies and pod size
    std::string asOf;

    /// Chips of the largest single slice (0 without topologies).
    int largestSliceChips() const;
    /// The smallest topology holding `chips`; beyond the largest slice, the
    /// fewest equal slices of the smallest topology that hold them
    /// (multislice). Never fewer chips than asked.
    TpuSliceAllocation allocate(double chips) const;
    /// Is `chips` exactly one topology's size (a replica on one slice)?
    bool isSliceSize(int chips) const;
    /// The throughput `allocation`'s chips keep: 1 on one slice, the
    /// multislice efficiency over several.
    double computeKept(const TpuSliceAllocation& allocation) const;

    bool operator==(const TpuSlicing&) const = default;
};

/// "2x2x2" → 8; 0 when `name` is not dimensions joined by "x" (1 to 3 of them).
int topologyChips(const std::string& name);

} // namespace fleet
