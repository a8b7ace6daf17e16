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

bool isWholeGpu(RegimeKind kind)
{
    return regimeDescriptor(kind).wholeGpu();
}

bool isPartitioned(RegimeKind kind)
{
    return regimeDescriptor(kind).partitioned();
}

} // namespace fleet
