#include "optimize/partition_layouts.h"

#include "model/mig_layout.h"

namespace fleet {

int PartitionLayout::count(const std::string& profile) const
{
    for (const auto& [instanceProfile, number] : instances)
        if (instanceProfile == profile)
            return number;
    return 0;
}

std::vector<PartitionLayout> partitionLayouts(const GpuModel& gpu)
{
    std::vector<PartitionLayout> layouts;
    if (gpu.mig) {
        std::vector<std::string> tenantProfiles;
        for (const MigProfile& profile : gpu.mig->profiles)
            if (!profile.mediaExtensions)
                tenantProfiles.push_back(profile.name);
        for (const MigLayout& layout : enumerateMaximalLayouts(*gpu.mig, tenantProfiles)) {
            PartitionLayout result;
            result.name = describeLayout(*gpu.mig, layout);
            for (const MigProfile& profile : gpu.mig->profiles) {
                int number = 0;
                for (const MigInstance& instance : layout.instances)
                    number +=
                        gpu.mig->profiles[static_cast<std::size_t>(instance.profileIndex)].name ==
                        profile.name;
                if (number > 0)
                    result.instances.emplace_back(profile.name, number);
            }
            layouts.push_back(std::move(result));
        }
    } else if (gpu.amdPartitions) {
        for (const AmdModePair& pair : gpu.amdPartitions->validPairs) {
            const AmdComputeMode* mode = gpu.amdPartitions->computeMode(pair.compute);
            if (!mode || mode->partitions < 2)
                continue;
            const std::string name = pair.compute + "-" + pair.memory;
            layouts.push_back({name, {{name, mode->partitions}}});
        }
    }
    return layouts;
}

std::vector<PartitionLayout> usefulLayouts(const std::vector<PartitionLayout>& layouts)
{
    const auto dominates = [](const PartitionLayout& a, const PartitionLayout& b) {
        for (const auto& [profile, count] : b.instances)
            if (a.count(profile) < count)
                return false;
        return true;
    };
    std::vector<PartitionLayout> kept;
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        bool redundant = false;
        for (std::size_t j = 0; j < layouts.size() && !redundant; ++j) {
            if (i == j || !dominates(layouts[j], layouts[i]))
                continue;
            // Equal mixes: keep the first; a strictly larger mix always wins.
            redundant = !dominates(layouts[i], layouts[j]) || j < i;
        }
        if (!redundant)
            kept.push_back(layouts[i]);
    }
    return kept;
}

} // namespace fleet
