#include "model/mig_layout.h"

#include <algorithm>

namespace fleet {

namespace {

struct SliceMasks
{
    unsigned compute = 0;
    unsigned memory = 0;
};

unsigned rangeMask(int start, int count)
{
    return ((1u << count) - 1u) << start;
}

SliceMasks masksOf(const MigPartitioning& mig, const MigInstance& instance)
{
    const MigProfile& profile = mig.profiles.at(static_cast<std::size_t>(instance.profileIndex));
    return {rangeMask(instance.startSlice, profile.computeSlices),
            rangeMask(instance.startSlice, profile.memorySlices)};
}

struct Enumerator
{
    const MigPartitioning& mig;
    std::vector<MigInstance> candidates;
    std::vector<MigLayout> layouts;

    // Slices must be free, and a profile may not exceed its per-GPU instance
    // limit (the "+me" profiles allow one, as the GPU has one set of media engines).
    bool canAdd(const std::vector<MigInstance>& chosen, const SliceMasks& used,
                const MigInstance& candidate) const
    {
        const auto sameProfile =
            std::count_if(chosen.begin(), chosen.end(), [&](const MigInstance& i) {
                return i.profileIndex == candidate.profileIndex;
            });
        const MigProfile& profile =
            mig.profiles.at(static_cast<std::size_t>(candidate.profileIndex));
        if (profile.maxInstances > 0 && sameProfile >= profile.maxInstances)
            return false;
        const SliceMasks mask = masksOf(mig, candidate);
        return (used.compute & mask.compute) == 0 && (used.memory & mask.memory) == 0;
    }

    // Depth-first over candidates in a fixed order; each set of instances is
    // visited once because only later candidates are added.
    void extend(std::vector<MigInstance>& chosen, SliceMasks used, std::size_t from)
    {
        bool extensible = false;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            if (!canAdd(chosen, used, candidates[i]))
                continue;
            extensible = true;
            if (i < from)
                continue;
            const SliceMasks mask = masksOf(mig, candidates[i]);
            chosen.push_back(candidates[i]);
            extend(chosen, {used.compute | mask.compute, used.memory | mask.memory}, i + 1);
            chosen.pop_back();
        }
        if (!extensible && !chosen.empty())
            layouts.push_back(MigLayout{chosen});
    }
};

} // namespace

bool fitsGpu(const MigPartitioning& mig, const MigProfile& profile, int startSlice)
{
    return startSlice >= 0 && profile.computeSlices > 0 && profile.memorySlices > 0 &&
           startSlice + profile.computeSlices <= mig.computeSlices &&
           startSlice + profile.memorySlices <= mig.memorySlices;
}

bool overlaps(const MigPartitioning& mig, const MigInstance& a, const MigInstance& b)
{
    const SliceMasks ma = masksOf(mig, a);
    const SliceMasks mb = masksOf(mig, b);
    return (ma.compute & mb.compute) != 0 || (ma.memory & mb.memory) != 0;
}

int maxDisjointInstances(const MigPartitioning& mig, int profileIndex)
{
    // Slices alone decide here (the stated instance limit is what this checks).
    MigPartitioning unlimited = mig;
    MigProfile& profile = unlimited.profiles.at(static_cast<std::size_t>(profileIndex));
    profile.maxInstances = 0;
    Enumerator enumerator{unlimited, {}, {}};
    for (int start : profile.placements)
        if (fitsGpu(unlimited, profile, start))
            enumerator.candidates.push_back({profileIndex, start});
    std::vector<MigInstance> chosen;
    enumerator.extend(chosen, {}, 0);
    std::size_t best = 0;
    for (const MigLayout& layout : enumerator.layouts)
        best = std::max(best, layout.instances.size());
    return static_cast<int>(best);
}

std::vector<MigLayout> enumerateMaximalLayouts(const MigPartitioning& mig,
                                               const std::vector<std::string>& allowedProfiles)
{
    Enumerator enumerator{mig, {}, {}};
    for (std::size_t p = 0; p < mig.profiles.size(); ++p) {
        const MigProfile& profile = mig.profiles[p];
        if (!allowedProfiles.empty() && std::find(allowedProfiles.begin(), allowedProfiles.end(),
                                                  profile.name) == allowedProfiles.end())
            continue;
        for (int start : profile.placements)
            if (fitsGpu(mig, profile, start))
                enumerator.candidates.push_back({static_cast<int>(p), start});
    }
    std::vector<MigInstance> chosen;
    enumerator.extend(chosen, {}, 0);
    return enumerator.layouts;
}

std::string describeLayout(const MigPartitioning& mig, const MigLayout& layout)
{
    std::string text;
    for (const MigInstance& instance : layout.instances) {
        if (!text.empty())
            text += " + ";
        text += mig.profiles.at(static_cast<std::size_t>(instance.profileIndex)).name + "@" +
                std::to_string(instance.startSlice);
    }
    return text;
}

} // namespace fleet
