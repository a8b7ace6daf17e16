#include "optimize/partition_layouts.h"

namespace fleet {

std::vector<PartitionLayout> partitionLayouts(const GpuModel& gpu)
{
    const auto scheme = partitionScheme(gpu);
    return scheme ? scheme->maximalLayouts(scheme->tenantProfileNames())
                  : std::vector<PartitionLayout>{};
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
