// AMD Instinct compute × memory partitioning (SPX/DPX/QPX/CPX × NPS1/NPS2/
// NPS4) as a partition scheme: each valid mode pair is a profile of N equal
// partitions, and its one layout is N of them.

#include "model/partition_scheme.h"

#include <algorithm>

namespace fleet {

namespace {

class AmdModeScheme final : public PartitionScheme
{
public:
    AmdModeScheme(const AmdPartitioning& amd, double gpuMemoryGb) : m_amd(amd)
    {
        for (const AmdModePair& pair : m_amd.validPairs) {
            const AmdComputeMode* compute = m_amd.computeMode(pair.compute);
            const AmdMemoryMode* memory = m_amd.memoryMode(pair.memory);
            PartitionProfile p;
            p.name = pair.compute + "-" + pair.memory;
            p.source = m_amd.source;
            p.asOf = m_amd.asOf;
            // The reader refuses a pair naming no mode; kept here so the
            // count of modes stays the catalog's, offered to no tenant.
            p.tenantUnit = false;
            if (compute && memory && compute->partitions > 0) {
                const double share = 1.0 / compute->partitions;
                p.computeFraction = share;
                p.memoryFraction = share;
                p.memoryGb = gpuMemoryGb * share;
                p.maxInstances = compute->partitions;
                p.tenantUnit = compute->partitions >= 2; // SPX is the whole GPU
                // Only a partition with a memory domain of its own keeps its
                // memory apart; partitions sharing one NUMA pool isolate nothing.
                p.isolationCeiling = compute->partitions <= memory->numaDomains
                                         ? IsolationLevel::Memory
                                         : IsolationLevel::None;
                const std::string units =
                    std::to_string(m_amd.computeUnits / compute->partitions) + " CUs each";
                p.note = units;
                p.description = std::to_string(compute->partitions) + " partitions a GPU of " +
                                units + ", " + std::to_string(memory->numaDomains) +
                                " memory domain" + (memory->numaDomains == 1 ? "" : "s");
            }
            if (pair.vendorValidated) {
                p.note += p.note.empty() ? "AMD-validated" : ", AMD-validated";
                p.description += ", validated by AMD";
            }
            m_profiles.push_back(std::move(p));
        }
    }

    std::string_view kind() const override { return "amd_modes"; }
    std::string_view label() const override { return "AMD compute × memory"; }
    const std::vector<PartitionProfile>& profiles() const override { return m_profiles; }
    const std::string& source() const override { return m_amd.source; }
    const std::string& asOf() const override { return m_amd.asOf; }

    std::string summary() const override
    {
        return "AMD compute × memory, " + std::to_string(m_profiles.size()) + " modes";
    }

    // A GPU runs one mode at a time: every tenant mode is its own maximal
    // layout of N equal partitions.
    std::vector<PartitionLayout>
    maximalLayouts(const std::vector<std::string>& allowedProfiles) const override
    {
        std::vector<PartitionLayout> layouts;
        for (const PartitionProfile& p : m_profiles) {
            const bool allowed = allowedProfiles.empty()
                                     ? p.tenantUnit
                                     : std::find(allowedProfiles.begin(), allowedProfiles.end(),
                                                 p.name) != allowedProfiles.end();
            if (allowed && p.maxInstances > 0)
                layouts.push_back({p.name, {{p.name, p.maxInstances}}});
        }
        return layouts;
    }

private:
    AmdPartitioning m_amd;
    std::vector<PartitionProfile> m_profiles;
};

} // namespace

std::unique_ptr<const PartitionScheme> makeAmdModeScheme(const GpuModel& gpu)
{
    if (!gpu.amdPartitions)
        return nullptr;
    return std::make_unique<AmdModeScheme>(*gpu.amdPartitions, gpu.memoryGb.value);
}

} // namespace fleet
