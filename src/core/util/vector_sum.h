#pragma once

// The sum of a month-by-month series, written once (five files had their own).

#include <algorithm>
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

/// Σ values in a canonical order (ascending), so the sum has the same bits
/// whatever order the values came in: a fleet's totals over its workloads
/// do not depend on the order of the rows (invariants suite,
/// reorderedRowsChangeNothing). Where one workload's figures reach 1e17
/// (a service grown 25 % a month for ten years), summing them in the rows'
/// order moved another workload's attributed cost by 3e-5 of itself.
inline double canonicalSum(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return sum(values);
}

} // namespace fleet
