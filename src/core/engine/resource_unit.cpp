#include "engine/resource_unit.h"

#include "model/partition_scheme.h"
#include "model/regime_descriptor.h"

#include <algorithm>
#include <cmath>

namespace fleet {

namespace {

constexpr double kGb = 1e9;

ResourceUnit wholeGpu(const GpuModel& gpu, const Regime& regime, double peak)
{
    ResourceUnit unit;
    const double kept = 1.0 - regime.throughputOverhead;
    unit.computeFlopsPerS = peak * kept;
    unit.bandwidthBytesPerS = gpu.memoryBandwidthGbPerS.value * kGb * kept;
    unit.memoryBytes = gpu.memoryGb.value * kGb;
    unit.isolation = regime.isolation;
    // Bare metal on a rack-scale part is sold by the rack: its NVLink domain
    // is one machine (CoreWeave deploys GB200 NVL72 only as full racks).
    if (regimeDescriptor(regime.kind).rackScaleByDomain == RegimeFlag::Yes && gpu.rackScale())
        unit.allocationGpus = gpu.nvlinkDomainGpus;
    // A TPU's chips are held as slices of its topologies (tpu_slice, the
    // only regime a TPU runs under).
    unit.tpuSlices = gpu.tpuSlices;
    return unit;
}

/// One unit per tenant profile of the GPU's partition scheme (MIG, AMD
/// modes, …): its compute and memory fractions, its own memory, instances
/// per GPU as the vendor states them, isolation up to the profile's ceiling.
void addPartitionUnits(const GpuModel& gpu, const PartitionScheme& scheme, const Regime& regime,
                       double peak, std::vector<ResourceUnit>& units)
{
    for (const PartitionProfile& profile : scheme.profiles()) {
        if (!profile.tenantUnit)
            continue; // MIG "+me", AMD SPX: not a tenant's slice
        ResourceUnit unit;
        unit.profile = profile.name;
        unit.computeShare = profile.computeFraction;
        const double kept = 1.0 - regime.throughputOverhead;
        unit.computeFlopsPerS = peak * unit.computeShare * kept;
        unit.bandwidthBytesPerS =
            gpu.memoryBandwidthGbPerS.value * kGb * profile.memoryFraction * kept;
        unit.memoryBytes = profile.memoryGb * kGb;
        unit.unitsPerGpu = profile.maxInstances;
        unit.gpuShare = 1.0 / profile.maxInstances;
        unit.integerGpus = true;
        unit.isolation = std::min(regime.isolation, profile.isolationCeiling);
        units.push_back(unit);
    }
}

/// Fractions 1/2, 1/4, … down to 1/maxTenants (at least 1/2).
void addSharedUnits(const GpuModel& gpu, const Regime& regime, double peak, const Sharing& sharing,
                    std::vector<ResourceUnit>& units)
{
    const auto add = [&](int tenants, std::string label) {
        const double contention = sharedThroughputKept(regime, tenants, sharing);
        if (contention <= 0.0)
            return; // its co-tenants would leave it nothing: not an option
        const double kept = (1.0 - regime.throughputOverhead) * contention;
        const double share = 1.0 / tenants;
        ResourceUnit unit;
        unit.profile = std::move(label);
        unit.computeShare = share;
        unit.computeFlopsPerS = peak * share * kept;
        unit.bandwidthBytesPerS = gpu.memoryBandwidthGbPerS.value * kGb * share * kept;
        unit.memoryBytes = gpu.memoryGb.value * kGb * share;
        unit.unitsPerGpu = tenants;
        unit.gpuShare = share;
        unit.isolation = regime.isolation;
        units.push_back(unit);
    };
    if (regimeDescriptor(regime.kind).sharedSplit == SharedSplit::Replicas) {
        // The operator configures k replicas per GPU; all of them share it.
        const int tenants = std::max(2, regime.maxTenantsPerGpu);
        add(tenants, std::to_string(tenants) + " replicas");
        return;
    }
    if (regimeDescriptor(regime.kind).sharedSplit == SharedSplit::WholeAndHalving)
        add(1, "1 GPU");
    for (int tenants = 2; tenants <= std::max(2, regime.maxTenantsPerGpu); tenants *= 2)
        add(tenants, "1/" + std::to_string(tenants));
}

} // namespace

double gpusHeldForUnits(const ResourceUnit& unit, double units, double sharedPackingEfficiency)
{
    if (unit.integerGpus)
        return std::ceil(units / unit.unitsPerGpu - 1e-9);
    if (unit.allocationGpus > 1)
        return allocatedGpus(unit, units);
    if (unit.gpuShare < 1.0)
        return units * unit.gpuShare / sharedPackingEfficiency;
    return units;
}

double allocatedGpus(const ResourceUnit& unit, double gpus)
{
    if (unit.allocationGpus <= 1 || gpus <= 0)
        return gpus;
    const double block = unit.allocationGpus;
    return std::ceil(gpus / block - 1e-9) * block;
}

double throughputOverheadFor(const Regime& regime, WorkloadKind kind)
{
    double stated = kRegimeFigureUnset;
    switch (kind) {
    case WorkloadKind::Training: stated = regime.trainingThroughputOverhead; break;
    case WorkloadKind::Inference: stated = regime.inferenceThroughputOverhead; break;
    case WorkloadKind::Notebooks: stated = regime.notebooksThroughputOverhead; break;
    case WorkloadKind::Batch: stated = regime.batchThroughputOverhead; break;
    }
    return stated >= 0.0 ? stated : regime.throughputOverhead;
}

Regime regimeFor(const Regime& regime, WorkloadKind kind)
{
    Regime forKind = regime;
    forKind.throughputOverhead = throughputOverheadFor(regime, kind);
    return forKind;
}

double jobGpus(const ResourceUnit& unit, double gpus)
{
    if (unit.tpuSlices && gpus > 0)
        return std::max(gpus, double(unit.tpuSlices->allocate(gpus).chips()));
    return allocatedGpus(unit, gpus);
}

double densePeakFlopsPerS(const GpuModel& gpu, Precision precision)
{
    return gpu.denseTflops(precision) * 1e12;
}

double sharedThroughputKept(const Regime& regime, int unitsPerGpu, const Sharing& sharing)
{
    // One rule for every co-located unit (docs/MODEL.md, "Tenants"): another
    // tenant's unit costs the sharing penalty (time-slicing and fractional
    // regimes only); one of the same tenant's units costs the regime's
    // contention per busy co-tenant (time-slicing's measured overhead).
    const bool tenantsPay = regimeDescriptor(regime.kind).coTenantsPayPenalty == RegimeFlag::Yes;
    const double others = std::max(0, unitsPerGpu - 1);
    const double otherTenants = tenantsPay ? std::clamp(sharing.tenants - 1.0, 0.0, others) : 0.0;
    const double ownUnits = others - otherTenants;
    return std::max(0.0, 1.0 - sharing.penaltyPerExtraTenant * otherTenants -
                             regime.contentionPerExtraTenant * sharing.otherTenantsBusy * ownUnits);
}

std::vector<ResourceUnit> resourceUnits(const GpuModel& gpu, const Regime& regime,
                                        Precision precision, double otherTenantsBusy)
{
    return resourceUnits(gpu, regime, precision, Sharing{otherTenantsBusy, 0.0, 0.0});
}

std::vector<ResourceUnit> resourceUnits(const GpuModel& gpu, const Regime& regime,
                                        Precision precision, const Sharing& sharing)
{
    std::vector<ResourceUnit> units;
    const double peak = densePeakFlopsPerS(gpu, precision);
    if (peak <= 0 || !regimeDescriptor(regime.kind).runsOn(gpu.family))
        return units; // the regime does not exist on this accelerator family
    // The regime's allocation-unit rule (model/regime_descriptor.h); a
    // complete descriptor states one, so Unset is never reached.
    switch (regimeDescriptor(regime.kind).unitRule) {
    case RegimeUnitRule::WholeGpu: units.push_back(wholeGpu(gpu, regime, peak)); break;
    case RegimeUnitRule::Partition:
        if (const auto scheme = partitionScheme(gpu))
            addPartitionUnits(gpu, *scheme, regime, peak, units);
        break;
    case RegimeUnitRule::Shared: addSharedUnits(gpu, regime, peak, sharing, units); break;
    case RegimeUnitRule::Unset: break;
    }
    return units;
}

} // namespace fleet
