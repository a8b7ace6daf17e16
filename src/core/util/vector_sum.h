#pragma once

// The sum of a month-by-month series, written once (five files had their own).

#include <vector>

namespace fleet {

/// Σ values, in order (the order fixes the rounding, so results are stable).
inline double sum(const std::vector<double>& values)
{
    double total = 0;
    for (double value : values)
        total += value;
    return total;
}

} // namespace fleet
