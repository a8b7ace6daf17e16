#pragma once

// A vendor's partition scheme read through one interface (issue 30 item 1):
// the profiles one part can be cut into, their compute and memory fractions,
// and the maximal layouts a set of them forms on one part. The data stays in
// the catalog (GpuModel's `mig` and `amdPartitions` blocks, read and written
// by the store); a scheme is a view over one GPU's block, made by the
// registry in partition_scheme.cpp. Instances, one file each under
// model/partitions/: NVIDIA MIG (`mig`), AMD compute × memory modes
// (`amd_modes`), Google TPU slice topologies (`tpu_slices`).
// docs/ARCHITECTURE.md, "How to add an accelerator", says what one implements.

#include "model/gpu.h"
#include "model/regime.h"

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fleet {

/// One profile of a scheme: "3g.40gb", "CPX-NPS4" (a TPU slice shape: "4x4").
struct PartitionProfile
{
    std::string name;
    /// Of one whole part: the compute (FLOP/s) and memory-bandwidth share an
    /// instance holds. Below 1 for a partition of a GPU; a slice of whole
    /// chips counts its chips (≥ 1).
    double computeFraction = 1.0;
    double memoryFraction = 1.0;
    double memoryGb = 0.0; ///< the instance's own memory
    int maxInstances = 0;  ///< per part, as the vendor states it
    /// Where an instance may start on the part (MIG: start memory slices,
    /// `nvidia-smi mig -lgipp`); empty where the scheme has no placement rule.
    std::vector<int> placements;
    /// Offered to tenants as an allocation unit: not MIG's "+me" media
    /// profiles (one a GPU, same compute) nor AMD's SPX (the whole GPU).
    bool tenantUnit = true;
    /// The most an instance isolates, whatever the regime states: AMD
    /// partitions sharing one NUMA pool isolate nothing in memory.
    IsolationLevel isolationCeiling = IsolationLevel::Hardware;
    std::string source; ///< applies to every figure of this profile
    std::string asOf;
};

/// One way to configure a part: instances of each profile, in profile order.
struct PartitionLayout
{
    std::string name; ///< "3g.40gb@0 + 4g.40gb@0" or "CPX-NPS4"
    std::vector<std::pair<std::string, int>> instances;

    int count(const std::string& profile) const;
};

/// The interface every consumer reads a GPU's partitions through.
class PartitionScheme
{
public:
    virtual ~PartitionScheme() = default;

    /// "mig", "amd_modes", "tpu_slices": a stable key, never shown.
    virtual std::string_view kind() const = 0;
    /// "MIG", "AMD compute × memory": what a listing calls it.
    virtual std::string_view label() const = 0;
    /// Every profile the catalog lists, in its order (tenant or not).
    virtual const std::vector<PartitionProfile>& profiles() const = 0;
    /// Every maximal layout of one part (no further instance of an allowed
    /// profile fits) built from `allowedProfiles`, each once; an empty list
    /// means every tenant profile. MIG: placement enumeration; AMD: one
    /// layout of N equal partitions per valid mode pair.
    virtual std::vector<PartitionLayout>
    maximalLayouts(const std::vector<std::string>& allowedProfiles = {}) const = 0;
    /// "MIG, 7 profiles", "AMD compute × memory, 6 modes".
    virtual std::string summary() const = 0;
    /// Listing texts of one of its profiles, made when asked (the engine
    /// never asks): a short qualifier, "38 CUs each, AMD-validated", empty
    /// when the name says it all; and one line for pickers and tooltips,
    /// "3 of 7 compute slices, 40 GB, up to 2 a GPU".
    virtual std::string note(const PartitionProfile& profile) const = 0;
    virtual std::string description(const PartitionProfile& profile) const = 0;
    /// The scheme's own citation (the catalog block's source and as_of).
    virtual const std::string& source() const = 0;
    virtual const std::string& asOf() const = 0;

    const PartitionProfile* profile(std::string_view name) const;
    /// The names of the tenant profiles, in profile order.
    std::vector<std::string> tenantProfileNames() const;
};

/// How a registered scheme is found: its kind and a maker that returns the
/// GPU's scheme, or null when the GPU carries no block of this kind.
struct PartitionSchemeEntry
{
    std::string_view kind;
    std::unique_ptr<const PartitionScheme> (*make)(const GpuModel& gpu);
};

/// Every registered scheme, in registry order (model/partition_scheme.cpp).
const std::vector<PartitionSchemeEntry>& partitionSchemeRegistry();

/// The GPU's partition scheme; null when it cannot be partitioned (L40S).
/// The scheme reads `gpu`'s block in place (the engine asks for it once per
/// option): use it while `gpu` lives, as a string_view.
std::unique_ptr<const PartitionScheme> partitionScheme(const GpuModel& gpu);

/// The scheme's summary, or "none".
std::string partitionSummary(const GpuModel& gpu);

} // namespace fleet
