#pragma once

// What one allocation under a regime gives a tenant: a whole GPU, a MIG
// instance, an AMD partition, a time slice or a fraction — its compute,
// memory and bandwidth, and the share of a GPU it costs.

#include "model/assumptions.h"
#include "model/gpu.h"
#include "model/regime.h"
#include "model/workload.h"

#include <optional>
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
    /// GPUs held at a time: a whole NVL72 rack (72) under bare metal on a
    /// rack-scale part, else 1.
    int allocationGpus = 1;
    /// A TPU's slice topologies under tpu_slice: a job holds the smallest
    /// slice that fits it (jobGpus), several over the DCN beyond the largest.
    std::optional<TpuSlicing> tpuSlices;
    IsolationLevel isolation = IsolationLevel::Hardware;
};

/// The throughput `regime` loses for work of `kind`: the kind's own
/// overhead where the regime states one (training_throughput_overhead, …),
/// else its throughput_overhead.
double throughputOverheadFor(const Regime& regime, WorkloadKind kind);
/// `regime` as work of `kind` meets it: throughputOverhead is the kind's.
Regime regimeFor(const Regime& regime, WorkloadKind kind);

/// Dense peak FLOP/s of `gpu` at `precision`; 0 when the GPU lacks it (FP8 on A100,
/// FP4 on H100).
double densePeakFlopsPerS(const GpuModel& gpu, Precision precision);

/// Who shares a GPU of a time-sliced or fractional regime with a unit
/// (docs/MODEL.md, "Tenants").
struct Sharing
{
    /// Expected share of co-located units busy at the same time (1 for
    /// services, the active fraction for notebooks): sets time-slicing's contention.
    double otherTenantsBusy = 1.0;
    /// Distinct tenants of the workload's segment (0 or 1: the co-located
    /// units are all its own).
    double tenants = 0.0;
    /// Throughput lost per other tenant on the GPU (assumption
    /// sharing_penalty_per_extra_tenant).
    double penaltyPerExtraTenant = 0.0;
};

/// The allocation units `regime` offers on `gpu`, shared as `sharing` says.
/// Empty when the regime does not exist on the GPU (partitions on an L40S,
/// a regime on an accelerator family it does not run on: MIG on a TPU,
/// tpu_slice on an H100 — model/regime_descriptor.h, acceleratorMismatch);
/// a shared unit whose co-tenants would leave it no throughput is not offered.
std::vector<ResourceUnit> resourceUnits(const GpuModel& gpu, const Regime& regime,
                                        Precision precision, const Sharing& sharing);
/// The same with no other tenants: `otherTenantsBusy` as in Sharing.
std::vector<ResourceUnit> resourceUnits(const GpuModel& gpu, const Regime& regime,
                                        Precision precision, double otherTenantsBusy);

/// The throughput a unit keeps of a GPU shared by `unitsPerGpu` units
/// (before the regime's overhead): each other unit costs
/// `penaltyPerExtraTenant` when it is another tenant's and the regime's
/// contention × busy share when it is the same tenant's; other tenants are
/// min(tenants, unitsPerGpu) − 1 of them. Never below 0.
double sharedThroughputKept(const Regime& regime, int unitsPerGpu, const Sharing& sharing);

/// GPUs held for `units` allocation units: whole GPUs per homogeneous layout
/// for partitions, shares divided by the packing efficiency for shared
/// regimes, the unit count for whole GPUs (whole racks where the unit is
/// allocated by the rack).
double gpusHeldForUnits(const ResourceUnit& unit, double units, double sharedPackingEfficiency);

/// `gpus` rounded up to the unit's allocation block (a whole NVL72 rack
/// under bare metal on a rack-scale part); unchanged for other units.
double allocatedGpus(const ResourceUnit& unit, double gpus);

/// What one job (a gang, a replica, a session) of `gpus` holds: the
/// smallest TPU slice that fits it (equal slices beyond the largest), else
/// allocatedGpus. Never less than `gpus`.
double jobGpus(const ResourceUnit& unit, double gpus);

} // namespace fleet
