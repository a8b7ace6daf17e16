#pragma once

// A per-month pricing rule of an option totalled over the horizon: the one
// loop behind a service's overflow total (engine/service_overflow.h) and a
// network-pooled regime's network total (engine/regime_network.h).

#include "engine/evaluation.h"

#include <cstddef>

namespace fleet {

/// What a rule charges `option` in month `monthIndex` (0-based).
using MonthCostUsd = double (*)(const Project& project, const OptionResult& option,
                                std::size_t monthIndex);

/// Σ over `option`'s months, in order from the first, of `monthCostUsd`.
double horizonTotalUsd(const Project& project, const OptionResult& option,
                       MonthCostUsd monthCostUsd);

} // namespace fleet
