#pragma once

// Virtualization regimes and the isolation they give.

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace fleet {

/// How strongly tenants are kept apart. Ordered: none < memory < hardware.
enum class IsolationLevel
{
    None = 0,
    Memory = 1,
    Hardware = 2
};

enum class RegimeKind
{
    BareMetal,
    VmPassthrough,
    Partition,
    TimeSliced,
    Fractional,
    Mps
};
inline constexpr std::array<RegimeKind, 6> kAllRegimes = {
    RegimeKind::BareMetal,  RegimeKind::VmPassthrough, RegimeKind::Partition,
    RegimeKind::TimeSliced, RegimeKind::Fractional,    RegimeKind::Mps};

/// A regime's properties; defaults come from data/defaults/engine.json, each sourced.
struct Regime
{
    RegimeKind kind = RegimeKind::BareMetal;
    IsolationLevel isolation = IsolationLevel::Hardware;
    std::string allocationUnit;            ///< "gpu", "partition", "replica", "fraction", "client"
    bool multiGpu = false;                 ///< may a job span several GPUs under this regime
    double throughputOverhead = 0.0;       ///< fraction of throughput lost, [0, 0.9]
    double contentionPerExtraTenant = 0.0; ///< time-slicing: extra loss per additional busy tenant
    int maxTenantsPerGpu = 1;              ///< time-slicing replicas, MPS clients
    double checkpointReclaimFraction =
        0.0; ///< share of checkpoint-idle GPU time lent to preemptible work
};

std::string_view regimeKey(RegimeKind kind);   ///< "bare_metal", "vm_passthrough", ...
std::string_view regimeLabel(RegimeKind kind); ///< "Bare metal", "VM passthrough", ...
std::optional<RegimeKind> regimeFromKey(std::string_view key);

std::string_view isolationKey(IsolationLevel level); ///< "none", "memory", "hardware"
std::optional<IsolationLevel> isolationFromKey(std::string_view key);

/// True when `kind` hands out whole GPUs (jobs may then queue behind a utilization ceiling).
bool isWholeGpu(RegimeKind kind);

} // namespace fleet
