// The registry of regimes: each regime's descriptor, defined in its own file
// of this folder, listed once here. The order is RegimeKind's (the index),
// the order of every list of regimes the program writes. A new regime goes
// at the end (docs/ARCHITECTURE.md, "How to add a regime").

#include "model/regime_descriptor.h"

#include <array>
#include <cstdlib>
#include <set>
#include <utility>

namespace fleet {

extern const RegimeDescriptor kBareMetalRegime;
extern const RegimeDescriptor kVmPassthroughRegime;
extern const RegimeDescriptor kPartitionRegime;
extern const RegimeDescriptor kTimeSlicedRegime;
extern const RegimeDescriptor kFractionalRegime;
extern const RegimeDescriptor kMpsRegime;
extern const RegimeDescriptor kNetworkPooledRegime;
extern const RegimeDescriptor kTpuSliceRegime;

namespace {

// One regime a line: a new one is a line of its own at the end.
// clang-format off
constexpr std::array kRegistry = {
    &kBareMetalRegime,
    &kVmPassthroughRegime,
    &kPartitionRegime,
    &kTimeSlicedRegime,
    &kFractionalRegime,
    &kMpsRegime,
    &kNetworkPooledRegime,
    &kTpuSliceRegime,
};
// clang-format on

/// The regimes code names (RegimeKind's enumerators) and their keys.
constexpr std::pair<RegimeKind, std::string_view> kNamedRegimes[] = {
    {RegimeKind::BareMetal, "bare_metal"},  {RegimeKind::VmPassthrough, "vm_passthrough"},
    {RegimeKind::Partition, "partition"},   {RegimeKind::TimeSliced, "time_sliced"},
    {RegimeKind::Fractional, "fractional"}, {RegimeKind::Mps, "mps"},
};

} // namespace

std::span<const RegimeDescriptor* const> regimeDescriptors()
{
    return kRegistry;
}

const RegimeDescriptor& regimeDescriptor(RegimeKind kind)
{
    const auto index = static_cast<std::size_t>(kind);
    if (index >= kRegistry.size())
        std::abort(); // a RegimeKind is only ever made from the registry
    return *kRegistry[index];
}

std::vector<std::string> regimeRegistryIssues(std::span<const RegimeDescriptor* const> descriptors)
{
    std::vector<std::string> issues;
    std::set<std::string_view> keys;
    for (std::size_t i = 0; i < descriptors.size(); ++i) {
        const RegimeDescriptor& d = *descriptors[i];
        const std::string which =
            "regime " + std::to_string(i) + (d.key.empty() ? "" : " (" + std::string(d.key) + ")");
        if (const std::string_view member = missingRegimeMember(d); !member.empty())
            issues.push_back(which + ": its descriptor does not state " + std::string(member));
        if (!d.key.empty() && !keys.insert(d.key).second)
            issues.push_back(which + ": key \"" + std::string(d.key) + "\" is registered twice");
    }
    // The optimizer's partition layouts are per GPU model, not per regime
    // (optimize/regime_mix_model.cpp, regime_mix.cpp): one partition regime.
    std::size_t partitionRules = 0;
    for (const RegimeDescriptor* d : descriptors)
        partitionRules += d->unitRule == RegimeUnitRule::Partition ? 1 : 0;
    if (partitionRules > 1)
        issues.push_back(std::to_string(partitionRules) +
                         " regimes hand out hardware partitions; the optimizer's layouts "
                         "(per GPU model) hold one partition regime");
    for (const auto& [kind, key] : kNamedRegimes) {
        const auto index = static_cast<std::size_t>(kind);
        if (index >= descriptors.size() || descriptors[index]->key != key)
            issues.push_back("RegimeKind " + std::to_string(index) + " is named for \"" +
                             std::string(key) + "\", which is not the regime registered there");
    }
    return issues;
}

std::vector<std::string> regimeRegistryIssues()
{
    return regimeRegistryIssues(kRegistry);
}

} // namespace fleet
