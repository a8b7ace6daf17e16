#include "model/regime.h"

#include "model/regime_descriptor.h"

#include <vector>

namespace fleet {

std::span<const RegimeKind> allRegimes()
{
    static const std::vector<RegimeKind> kinds = [] {
        std::vector<RegimeKind> all;
        for (std::size_t i = 0; i < regimeDescriptors().size(); ++i)
            all.push_back(static_cast<RegimeKind>(i));
        return all;
    }();
    return kinds;
}

std::size_t regimeCount()
{
    return regimeDescriptors().size();
}

std::string_view regimeKey(RegimeKind kind)
{
    return regimeDescriptor(kind).key;
}

std::string_view regimeLabel(RegimeKind kind)
{
    return regimeDescriptor(kind).label;
}

std::optional<RegimeKind> regimeFromKey(std::string_view key)
{
    for (RegimeKind kind : allRegimes())
        if (regimeKey(kind) == key)
            return kind;
    return std::nullopt;
}

std::string knownRegimeKeys()
{
    std::string keys;
    for (RegimeKind kind : allRegimes())
        keys += (keys.empty() ? "" : ", ") + std::string(regimeKey(kind));
    return keys;
}

std::string_view isolationKey(IsolationLevel level)
{
    switch (level) {
    case IsolationLevel::None: return "none";
    case IsolationLevel::Memory: return "memory";
    case IsolationLevel::Hardware: return "hardware";
    }
    return "none";
}

std::optional<IsolationLevel> isolationFromKey(std::string_view key)
{
    for (IsolationLevel level :
         {IsolationLevel::None, IsolationLevel::Memory, IsolationLevel::Hardware})
        if (isolationKey(level) == key)
            return level;
    return std::nullopt;
}

std::string acceleratorMismatch(RegimeKind kind, const GpuModel& gpu)
{
    const RegimeDescriptor& d = regimeDescriptor(kind);
    if (d.runsOn(gpu.family))
        return {};
    std::string regimes;
    for (RegimeKind other : allRegimes())
        if (regimeDescriptor(other).runsOn(gpu.family))
            regimes += (regimes.empty() ? "" : ", ") + std::string(regimeKey(other));
    const bool tpu = gpu.isTpu();
    return std::string(d.key) + " runs only on " + (tpu ? "GPUs" : "TPUs") + "; " + gpu.id +
           " is a " + (tpu ? "TPU" : "GPU") + ", which runs under " +
           (regimes.empty() ? std::string("no registered regime") : regimes) +
           (tpu ? " (a TPU is never a MIG or AMD partition, never time-sliced, fractional, MPS "
                  "or shared)"
                : "");
}

bool isWholeGpu(RegimeKind kind)
{
    return regimeDescriptor(kind).wholeGpu();
}

bool isPartitioned(RegimeKind kind)
{
    return regimeDescriptor(kind).partitioned();
}

} // namespace fleet
