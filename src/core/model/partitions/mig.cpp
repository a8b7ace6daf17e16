// NVIDIA MIG as a partition scheme: GPU-instance profiles over 7 compute and
// 8 memory slices, placed by the catalog's placement rules (model/mig_layout).

#include "model/mig_layout.h"
#include "model/partition_scheme.h"

#include <sstream>

namespace fleet {

namespace {

std::string migFigureText(double value)
{
    std::ostringstream text;
    text << value; // "40", "17.75": as a datasheet writes it
    return text.str();
}

class MigScheme final : public PartitionScheme
{
public:
    explicit MigScheme(const MigPartitioning& mig) : m_mig(mig)
    {
        m_profiles.reserve(m_mig.profiles.size());
        for (const MigProfile& profile : m_mig.profiles) {
            PartitionProfile p;
            p.name = profile.name;
            // SMs decide compute where the catalog knows them (seven 1g
            // instances use 112 of 132 SMs on an H100; 7g uses 98 of an
            // A100's 108); otherwise compute slices of 7.
            if (profile.streamingMultiprocessors && m_mig.totalSms)
                p.computeFraction = double(*profile.streamingMultiprocessors) / *m_mig.totalSms;
            else
                p.computeFraction = double(profile.computeSlices) / m_mig.computeSlices;
            p.memoryFraction = double(profile.memorySlices) / m_mig.memorySlices;
            p.memoryGb = profile.memoryGb;
            p.maxInstances = profile.maxInstances;
            p.placements = profile.placements;
            // "+me" variants: same compute, one per GPU; not a tenant slice.
            p.tenantUnit = !profile.mediaExtensions;
            p.isolationCeiling = IsolationLevel::Hardware;
            p.source = profile.source;
            p.asOf = profile.asOf;
            m_profiles.push_back(std::move(p));
        }
    }

    std::string_view kind() const override { return "mig"; }
    std::string_view label() const override { return "MIG"; }
    const std::vector<PartitionProfile>& profiles() const override { return m_profiles; }
    const std::string& source() const override { return m_mig.source; }
    const std::string& asOf() const override { return m_mig.asOf; }

    std::string note(const PartitionProfile&) const override { return {}; }

    std::string description(const PartitionProfile& p) const override
    {
        const MigProfile* profile = m_mig.profile(p.name);
        if (!profile)
            return {};
        return std::to_string(profile->computeSlices) + " of " +
               std::to_string(m_mig.computeSlices) + " compute slices, " +
               migFigureText(profile->memoryGb) + " GB, up to " +
               std::to_string(profile->maxInstances) + " a GPU";
    }

    std::string summary() const override
    {
        return "MIG, " + std::to_string(m_profiles.size()) + " profiles";
    }

    std::vector<PartitionLayout>
    maximalLayouts(const std::vector<std::string>& allowedProfiles) const override
    {
        const std::vector<std::string> allowed =
            allowedProfiles.empty() ? tenantProfileNames() : allowedProfiles;
        std::vector<PartitionLayout> layouts;
        if (allowed.empty())
            return layouts; // no tenant profile (enumerateMaximalLayouts reads {} as all)
        for (const MigLayout& layout : enumerateMaximalLayouts(m_mig, allowed)) {
            PartitionLayout result;
            result.name = describeLayout(m_mig, layout);
            for (std::size_t p = 0; p < m_mig.profiles.size(); ++p) {
                int number = 0;
                for (const MigInstance& instance : layout.instances)
                    number += instance.profileIndex == static_cast<int>(p);
                if (number > 0)
                    result.instances.emplace_back(m_mig.profiles[p].name, number);
            }
            layouts.push_back(std::move(result));
        }
        return layouts;
    }

private:
    const MigPartitioning& m_mig;
    std::vector<PartitionProfile> m_profiles;
};

} // namespace

std::unique_ptr<const PartitionScheme> makeMigScheme(const GpuModel& gpu)
{
    if (!gpu.mig)
        return nullptr;
    return std::make_unique<MigScheme>(*gpu.mig);
}

} // namespace fleet
