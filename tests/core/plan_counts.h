#pragma once

// Counts read off an optimizer's plan, for the core tests that check how
// many GPUs it holds (test_gangs, test_service_peaks).

#include "optimize/regime_mix.h"

#include <string>

namespace fleet::test {

/// GPUs of `gpuId` the optimizer's plan holds in month `m` (1-based), over every plan.
inline int gpusInMonth(const RegimeMixResult& plan, const std::string& gpuId, int m)
{
    int count = 0;
    for (const PoolCount& pool : plan.pools)
        if (pool.gpuId == gpuId && pool.month == m)
            count += pool.count;
    return count;
}

} // namespace fleet::test
