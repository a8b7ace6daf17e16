#include "model/regime.h"

namespace fleet {

std::string_view regimeKey(RegimeKind kind)
{
    switch (kind) {
    case RegimeKind::BareMetal: return "bare_metal";
    case RegimeKind::VmPassthrough: return "vm_passthrough";
    case RegimeKind::Partition: return "partition";
    case RegimeKind::TimeSliced: return "time_sliced";
    case RegimeKind::Fractional: return "fractional";
    case RegimeKind::Mps: return "mps";
    }
    return "bare_metal";
}

std::string_view regimeLabel(RegimeKind kind)
{
    switch (kind) {
    case RegimeKind::BareMetal: return "Bare metal";
    case RegimeKind::VmPassthrough: return "VM passthrough";
    case RegimeKind::Partition: return "Partition (MIG / AMD)";
    case RegimeKind::TimeSliced: return "Time-sliced";
    case RegimeKind::Fractional: return "Fractional";
    case RegimeKind::Mps: return "MPS";
    }
    return "Bare metal";
}

std::optional<RegimeKind> regimeFromKey(std::string_view key)
{
    for (RegimeKind kind : kAllRegimes)
        if (regimeKey(kind) == key)
            return kind;
    return std::nullopt;
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
    return kind == RegimeKind::BareMetal || kind == RegimeKind::VmPassthrough;
}

} // namespace fleet
