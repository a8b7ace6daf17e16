// Google TPU slice topologies as a partition scheme: a pod of chips cut into
// slices of set shapes (a 4x8 slice of 32 v5e chips, a 2x2x2 cube of 8 v5p
// chips). A profile is one topology; its fractions count whole chips (≥ 1);
// a pod cut into one topology is its layout. The tpu_slice regime allocates
// them (model/tpu_slicing.h rounds a job's chips up to the smallest slice);
// no tenant pins a shape as it pins a MIG profile, so none is a tenant unit
// for the partition regime's pickers (which never run on a TPU anyway:
// RegimeDescriptor::accelerators).

#include "model/partition_scheme.h"
#include "model/tpu_slicing.h"

#include <algorithm>

namespace fleet {

namespace {

class TpuSliceScheme final : public PartitionScheme
{
public:
    TpuSliceScheme(const TpuSlicing& slicing, double chipMemoryGb) : m_slicing(slicing)
    {
        m_profiles.reserve(slicing.topologies.size());
        for (const TpuTopology& topology : slicing.topologies) {
            PartitionProfile p;
            p.name = topology.name;
            p.computeFraction = topology.chips;
            p.memoryFraction = topology.chips;
            p.memoryGb = chipMemoryGb * topology.chips;
            p.maxInstances = topology.chips > 0 ? slicing.podChips / topology.chips : 0;
            p.tenantUnit = false;
            p.isolationCeiling = IsolationLevel::Hardware; // a slice's chips are its own
            p.source = slicing.source;
            p.asOf = slicing.asOf;
            m_profiles.push_back(std::move(p));
        }
    }

    std::string_view kind() const override { return "tpu_slices"; }
    std::string_view label() const override { return "TPU slices"; }
    const std::vector<PartitionProfile>& profiles() const override { return m_profiles; }
    const std::string& source() const override { return m_slicing.source; }
    const std::string& asOf() const override { return m_slicing.asOf; }

    std::string note(const PartitionProfile& p) const override
    {
        const int chips = int(p.computeFraction);
        return std::to_string(chips) + (chips == 1 ? " chip" : " chips");
    }

    std::string description(const PartitionProfile& p) const override
    {
        return note(p) + ", " + std::to_string(int(p.memoryGb)) + " GB of HBM, up to " +
               std::to_string(p.maxInstances) + " a pod of " + std::to_string(m_slicing.podChips) +
               " chips";
    }

    std::string summary() const override
    {
        return "TPU slices, " + std::to_string(m_profiles.size()) + " topologies";
    }

    // A pod is cut into slices of one shape at a time here (mixed shapes on
    // one pod are left out, as the engine's units are one shape each): one
    // layout per allowed shape, as many of it as the pod holds. An empty
    // list means every tenant profile, as for every scheme: none here.
    std::vector<PartitionLayout>
    maximalLayouts(const std::vector<std::string>& allowedProfiles) const override
    {
        std::vector<PartitionLayout> layouts;
        for (const PartitionProfile& p : m_profiles) {
            const bool allowed = std::find(allowedProfiles.begin(), allowedProfiles.end(),
                                           p.name) != allowedProfiles.end();
            if (allowed && p.maxInstances > 0)
                layouts.push_back(
                    {p.name + " x" + std::to_string(p.maxInstances), {{p.name, p.maxInstances}}});
        }
        return layouts;
    }

private:
    const TpuSlicing& m_slicing;
    std::vector<PartitionProfile> m_profiles;
};

} // namespace

std::unique_ptr<const PartitionScheme> makeTpuSliceScheme(const GpuModel& gpu)
{
    if (!gpu.tpuSlices)
        return nullptr;
    return std::make_unique<TpuSliceScheme>(*gpu.tpuSlices, gpu.memoryGb.value);
}

} // namespace fleet
