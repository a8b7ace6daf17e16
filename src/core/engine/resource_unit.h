#pragma once

// What one allocation under a regime gives a tenant: a whole GPU, a MIG
// instance, an AMD partition, a time slice or a fraction — its compute,
// memory and bandwidth, and the share of a GPU it costs.

#include "model/assumptions.h"
#include "model/gpu.h"
#include "model/regime.h"
#include "model/workload.h"

#include <string>
#include <vector>

namespace fleet {

struct ResourceUnit
{
    std::string profile;         ///< "" for a whole GPU; "3g.40gb", "CPX-NPS4", "1/4", "4 replicas"
    double computeFlopsPerS = 0; ///< dense peak at the requested precision, after overheads
    double bandwidthBytesPerS = 0;
    double memoryBytes = 0;    ///< before the usable-memory fraction
    double computeShare = 1.0; ///< of the whole GPU's compute (1 for a whole GPU)
    double gpuShare = 1.0;     ///< share of one GPU this unit occupies when packed
    int unitsPerGpu = 1;       ///< homogeneous packing: units of this kind per GPU
    bool integerGpus = false;  ///< partitions are counted in whole GPUs per layout
    IsolationLevel isolation = IsolationLevel::Hardware;
};

/// Dense peak FLOP/s of `gpu` at `precision`; 0 when the GPU lacks it (FP8 on A100).
double densePeakFlopsPerS(const GpuModel& gpu, Precision precision);

/// The allocation units `regime` offers on `gpu`. `otherTenantsBusy` is the
/// expected share of co-tenants busy at the same time (1 for services, the
/// active fraction for notebooks): it sets time-slicing's contention.
/// Empty when the regime does not exist on the GPU (partitions on an L40S).
std::vector<ResourceUnit> resourceUnits(const GpuModel& gpu, const Regime& regime,
                                        Precision precision, double otherTenantsBusy);

/// GPUs held for `units` allocation units: whole GPUs per homogeneous layout
/// for partitions, shares divided by the packing efficiency for shared
/// regimes, the unit count for whole GPUs.
double gpusHeldForUnits(const ResourceUnit& unit, double units, double sharedPackingEfficiency);

} // namespace fleet
