#pragma once

// What a regime's network adds to the GPU-hours its units hold: a
// network-pooled GPU is reached over a NIC and a switch port that a local
// GPU does not need (regime figure network_usd_per_gpu_hour, 0 for local
// regimes). One pricing rule for the engine's plan costs and the
// optimizer's objective, as for a service's overflow. docs/MODEL.md,
// "Network-pooled GPUs".

#include "engine/evaluation.h"

#include <cstddef>

namespace fleet {

/// The network's cost of `option` in month `monthIndex` (0-based): its
/// GPU-hours held × its regime's network_usd_per_gpu_hour.
double networkCostUsd(const Project& project, const OptionResult& option, std::size_t monthIndex);

/// Σ over the horizon of networkCostUsd.
double networkTotalCostUsd(const Project& project, const OptionResult& option);

} // namespace fleet
