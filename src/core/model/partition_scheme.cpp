// The registry of partition schemes: each instance is defined in its own file
// of model/partitions/ and listed once here (docs/ARCHITECTURE.md, "How to
// add an accelerator"). A GPU carries at most one block the catalog reader
// accepts (MIG on NVIDIA, compute × memory modes on AMD, slice topologies on
// a Google TPU), so the first maker
// that answers is the GPU's scheme.

#include "model/partition_scheme.h"

namespace fleet {

std::unique_ptr<const PartitionScheme> makeMigScheme(const GpuModel& gpu);
std::unique_ptr<const PartitionScheme> makeAmdModeScheme(const GpuModel& gpu);
std::unique_ptr<const PartitionScheme> makeTpuSliceScheme(const GpuModel& gpu);

int PartitionLayout::count(const std::string& profile) const
{
    for (const auto& [instanceProfile, number] : instances)
        if (instanceProfile == profile)
            return number;
    return 0;
}

const PartitionProfile* PartitionScheme::profile(std::string_view name) const
{
    for (const PartitionProfile& candidate : profiles())
        if (candidate.name == name)
            return &candidate;
    return nullptr;
}

std::vector<std::string> PartitionScheme::tenantProfileNames() const
{
    std::vector<std::string> names;
    for (const PartitionProfile& candidate : profiles())
        if (candidate.tenantUnit)
            names.push_back(candidate.name);
    return names;
}

const std::vector<PartitionSchemeEntry>& partitionSchemeRegistry()
{
    static const std::vector<PartitionSchemeEntry> registry = {
        {"mig", &makeMigScheme},
        {"amd_modes", &makeAmdModeScheme},
        {"tpu_slices", &makeTpuSliceScheme},
    };
    return registry;
}

std::unique_ptr<const PartitionScheme> partitionScheme(const GpuModel& gpu)
{
    for (const PartitionSchemeEntry& entry : partitionSchemeRegistry())
        if (auto scheme = entry.make(gpu))
            return scheme;
    return nullptr;
}

std::string partitionSummary(const GpuModel& gpu)
{
    const auto scheme = partitionScheme(gpu);
    return scheme ? scheme->summary() : "none";
}

} // namespace fleet
