#pragma once

// Virtualization regimes and the isolation they give.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
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

/// A virtualization regime: the index of its descriptor in the registry
/// (model/regime_descriptor.h, model/regimes/registry.cpp). An open set: a
/// regime the code never names needs no enumerator here. The ones named are
/// the built-in regimes that code or tests refer to by identity; the registry
/// check (regimeRegistryIssues) holds each to its key.
enum class RegimeKind : std::uint8_t
{
    BareMetal = 0,
    VmPassthrough = 1,
    Partition = 2,
    TimeSliced = 3,
    Fractional = 4,
    Mps = 5
};

/// Every registered regime, in the registry's order.
std::span<const RegimeKind> allRegimes();
/// How many regimes are registered.
std::size_t regimeCount();

/// An optional regime figure left unstated (files never hold a negative one).
inline constexpr double kRegimeFigureUnset = -1.0;

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
    /// Per workload kind, the throughput lost when it differs from
    /// throughputOverhead (a network-pooled GPU costs training and services
    /// more than notebooks); kRegimeFigureUnset: throughputOverhead applies.
    double trainingThroughputOverhead = kRegimeFigureUnset;
    double inferenceThroughputOverhead = kRegimeFigureUnset;
    double notebooksThroughputOverhead = kRegimeFigureUnset;
    double batchThroughputOverhead = kRegimeFigureUnset;
    /// What the regime's network adds to a GPU-hour its units hold (a
    /// network-pooled GPU's NIC and switch port); 0 for a local GPU.
    double networkUsdPerGpuHour = 0.0;
};

std::string_view regimeKey(RegimeKind kind);   ///< "bare_metal", "vm_passthrough", ...
std::string_view regimeLabel(RegimeKind kind); ///< "Bare metal", "VM passthrough", ...
std::optional<RegimeKind> regimeFromKey(std::string_view key);
/// "bare_metal, vm_passthrough, …": the registered keys, for messages.
std::string knownRegimeKeys();

std::string_view isolationKey(IsolationLevel level); ///< "none", "memory", "hardware"
std::optional<IsolationLevel> isolationFromKey(std::string_view key);

/// True when `kind` hands out whole GPUs (jobs may then queue behind a utilization ceiling).
bool isWholeGpu(RegimeKind kind);
/// True when `kind` hands out the vendor's hardware partitions (MIG, AMD).
bool isPartitioned(RegimeKind kind);

} // namespace fleet
