#pragma once

// A regime's descriptor: what the code asks of a virtualization regime, said
// once per regime in its own file under model/regimes/ and registered in
// model/regimes/registry.cpp (docs/ARCHITECTURE.md, "How to add a regime").
// Its sourced figures and overridable traits (isolation, allocation unit
// label, multi-GPU) are data: data/defaults/engine.json, "regimes.<key>".

#include "model/gpu.h"
#include "model/regime.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

/// How a regime hands out a GPU. The engine's resource units
/// (engine/resource_unit.cpp), the GPUs a plan sets up
/// (engine/committed_level.cpp, gpu_counts.cpp) and the optimizer's supply
/// columns (optimize/regime_mix_model.cpp) all follow from it.
enum class RegimeUnitRule : std::uint8_t
{
    Unset,     ///< not stated: the descriptor is incomplete
    WholeGpu,  ///< whole GPUs; jobs hold GPU-hours; the optimizer supplies GPU-hours per regime
    Partition, ///< the vendor's hardware partitions (MIG profiles, AMD CPX/NPS): whole
               ///< instances per GPU; the optimizer packs them in layouts per profile
    Shared     ///< software sharing: fractions of a GPU; the optimizer supplies shares
};

/// How a shared regime splits a GPU into units.
enum class SharedSplit : std::uint8_t
{
    Unset,          ///< not stated
    None,           ///< not a shared regime
    Replicas,       ///< k replicas per GPU, all sharing it ("4 replicas": time-slicing)
    Halving,        ///< fractions 1/2, 1/4, … down to 1/max_tenants_per_gpu
    WholeAndHalving ///< a whole GPU, then 1/2, 1/4, … (a remote pool hands out either)
};

/// A yes/no property that a descriptor must state (Unset: incomplete).
enum class RegimeFlag : std::uint8_t
{
    Unset,
    No,
    Yes
};

/// Segment stages (model/project.h, SegmentStage) whose default allowed
/// regimes include a regime: a bit set of these.
enum RegimeStageBits : std::uint8_t
{
    kStageEarly = 1,
    kStageMid = 2,
    kStageEnterprise = 4,
    kStagesUnset = 0x80 ///< not stated: the descriptor is incomplete
};

/// Accelerator families (model/gpu.h, AcceleratorFamily) a regime runs on:
/// a bit set of these. The engine offers a regime only on the families it
/// states (engine/resource_unit.cpp), so neither the option builder nor the
/// optimizer's columns ever hold a TPU under MIG or an H100 under tpu_slice.
enum RegimeAcceleratorBits : std::uint8_t
{
    kRunsOnGpus = 1,
    kRunsOnTpus = 2,
    kAcceleratorsUnset = 0x80 ///< not stated: the descriptor is incomplete
};

/// Everything the code asks of a regime, in one place.
struct RegimeDescriptor
{
    std::string_view key;   ///< its id in files and on the command line: "bare_metal"
    std::string_view label; ///< for people: "Bare metal"
    std::string_view words; ///< one sentence for help texts and tooltips
    RegimeUnitRule unitRule = RegimeUnitRule::Unset;
    SharedSplit sharedSplit = SharedSplit::Unset;
    /// Another tenant's unit on the same GPU costs the sharing penalty
    /// (engine/resource_unit.cpp, sharedThroughputKept; docs/MODEL.md "Tenants").
    RegimeFlag coTenantsPayPenalty = RegimeFlag::Unset;
    /// On a rack-scale part (GB200 NVL72) it is sold by the NVLink domain.
    RegimeFlag rackScaleByDomain = RegimeFlag::Unset;
    /// Its units are GPU fractions in the packing replay (pack/project_trace.cpp).
    RegimeFlag packedAsFractions = RegimeFlag::Unset;
    /// Which segment stages allow it by default (RegimeStageBits).
    std::uint8_t defaultStages = kStagesUnset;
    /// Which accelerator families it runs on (RegimeAcceleratorBits).
    std::uint8_t accelerators = kAcceleratorsUnset;

    bool runsOn(AcceleratorFamily family) const
    {
        return (accelerators & kAcceleratorsUnset) == 0 &&
               (accelerators & (family == AcceleratorFamily::Tpu ? kRunsOnTpus : kRunsOnGpus)) != 0;
    }
    bool wholeGpu() const { return unitRule == RegimeUnitRule::WholeGpu; }
    bool partitioned() const { return unitRule == RegimeUnitRule::Partition; }
    bool shared() const { return unitRule == RegimeUnitRule::Shared; }
};

/// The first member `d` leaves unstated, or "" when it is complete; a
/// descriptor's own file checks it at compile time (completeRegime).
constexpr std::string_view missingRegimeMember(const RegimeDescriptor& d)
{
    if (d.key.empty())
        return "key";
    if (d.label.empty())
        return "label";
    if (d.words.empty())
        return "words";
    if (d.unitRule == RegimeUnitRule::Unset)
        return "unitRule";
    if (d.sharedSplit == SharedSplit::Unset)
        return "sharedSplit";
    if ((d.sharedSplit == SharedSplit::None) == (d.unitRule == RegimeUnitRule::Shared))
        return "sharedSplit (None exactly when unitRule is not Shared)";
    if (d.coTenantsPayPenalty == RegimeFlag::Unset)
        return "coTenantsPayPenalty";
    if (d.rackScaleByDomain == RegimeFlag::Unset)
        return "rackScaleByDomain";
    if (d.packedAsFractions == RegimeFlag::Unset)
        return "packedAsFractions";
    if (d.defaultStages & kStagesUnset)
        return "defaultStages";
    if ((d.accelerators & kAcceleratorsUnset) ||
        (d.accelerators & (kRunsOnGpus | kRunsOnTpus)) == 0)
        return "accelerators";
    return {};
}

namespace regime_check {
// Called only when a member is missing: not constexpr, so the compiler's
// error names the function, and the function names the member.
void regimeDescriptorIsMissingAMember(std::string_view member);
} // namespace regime_check

/// A regime file's descriptor, checked as it compiles: a missing member is a
/// compile error naming regimeDescriptorIsMissingAMember (and the member, in
/// the test test_regime_registry).
consteval RegimeDescriptor completeRegime(RegimeDescriptor d)
{
    if (!missingRegimeMember(d).empty())
        regime_check::regimeDescriptorIsMissingAMember(missingRegimeMember(d));
    return d;
}

/// Why `kind` cannot run on `gpu` ("tpu_slice runs only on TPUs; …"), or ""
/// when it can: the accelerator rule the engine's options, the optimizer and
/// a workload's choice all follow (RegimeDescriptor::accelerators).
std::string acceleratorMismatch(RegimeKind kind, const GpuModel& gpu);

/// The registered regimes, in their order (RegimeKind is the index).
std::span<const RegimeDescriptor* const> regimeDescriptors();
const RegimeDescriptor& regimeDescriptor(RegimeKind kind);

/// What is wrong with the registry (empty: nothing): an incomplete
/// descriptor (naming the member), a key given twice, a named RegimeKind that
/// is not the regime of its key. Run at start (the catalog loader) and by
/// test_regime_registry.
std::vector<std::string> regimeRegistryIssues();
std::vector<std::string> regimeRegistryIssues(std::span<const RegimeDescriptor* const> descriptors);

} // namespace fleet
