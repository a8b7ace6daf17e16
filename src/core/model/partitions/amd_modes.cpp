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
        m_profiles.reserve(m_amd.validPairs.size());
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
            }
            m_profiles.push_back(std::move(p));
        }
    }

    std::string_view kind() const override { return "amd_modes"; }
    std::string_view label() const override { return "AMD compute × memory"; }
    const std::vector<PartitionProfile>& profiles() const override { return m_profiles; }
    const std::string& source() const override { return m_amd.source; }
    const std::string& asOf() const override { return m_amd.asOf; }

    std::string note(const PartitionProfile& p) const override
    {
        const AmdModePair* pair = pairOf(p);
        const AmdComputeMode* compute = pair ? m_amd.computeMode(pair->compute) : nullptr;
        std::string text;
        if (compute && compute->partitions > 0)
            text = std::to_string(m_amd.computeUnits / compute->partitions) + " CUs each";
        if (pair && pair->vendorValidated)
            text += text.empty() ? "AMD-validated" : ", AMD-validated";
        return text;
    }

    std::string description(const PartitionProfile& p) const override
    {
        const AmdModePair* pair = pairOf(p);
        const AmdMemoryMode* memory = pair ? m_amd.memoryMode(pair->memory) : nullptr;
        if (!memory || p.maxInstances <= 0)
            return note(p);
        return std::to_string(p.maxInstances) + " partitions a GPU of " + note(p) + ", " +
               std::to_string(memory->numaDomains) + " memory domain" +
               (memory->numaDomains == 1 ? "" : "s");
    }

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
    const AmdPartitioning& m_amd;
    std::vector<PartitionProfile> m_profiles;

    const AmdModePair* pairOf(const PartitionProfile& p) const
    {
        for (const AmdModePair& pair : m_amd.validPairs)
            if (pair.compute + "-" + pair.memory == p.name)
                return &pair;
        return nullptr;
    }
};

} // namespace

std::unique_ptr<const PartitionScheme> makeAmdModeScheme(const GpuModel& gpu)
{
    if (!gpu.amdPartitions)
        return nullptr;
    return std::make_unique<AmdModeScheme>(*gpu.amdPartitions, gpu.memoryGb.value);
}

} // namespace fleet
