#pragma once

// Placement of MIG instances on one GPU, from the catalog's placement rules
// (never from slice counts alone: not every mix that fits by count is placeable).

#include "model/gpu.h"

#include <string>
#include <vector>

namespace fleet {

struct MigInstance
{
    int profileIndex = 0; ///< into MigPartitioning::profiles
    int startSlice = 0;   ///< start memory slice
};

/// One way to configure a GPU: non-overlapping instances.
struct MigLayout
{
    std::vector<MigInstance> instances;
};

/// True when the instance fits the GPU's compute and memory slices.
bool fitsGpu(const MigPartitioning& mig, const MigProfile& profile, int startSlice);

/// True when the two instances share a compute or a memory slice.
bool overlaps(const MigPartitioning& mig, const MigInstance& a, const MigInstance& b);

/// The largest number of instances of one profile that can coexist on a GPU.
int maxDisjointInstances(const MigPartitioning& mig, int profileIndex);

/// Every maximal layout (no further instance of the allowed profiles can be
/// added) built from the allowed profiles, each listed once with its instances
/// sorted by (profile, start). An empty `allowedProfiles` means all of them.
std::vector<MigLayout>
enumerateMaximalLayouts(const MigPartitioning& mig,
                        const std::vector<std::string>& allowedProfiles = {});

/// "3g.40gb@0 + 3g.40gb@4"
std::string describeLayout(const MigPartitioning& mig, const MigLayout& layout);

} // namespace fleet
