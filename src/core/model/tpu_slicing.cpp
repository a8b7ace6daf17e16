#include "model/tpu_slicing.h"

#include <algorithm>
#include <cmath>

namespace fleet {

int TpuSlicing::largestSliceChips() const
{
    return topologies.empty() ? 0 : topologies.back().chips;
}

TpuSliceAllocation TpuSlicing::allocate(double chips) const
{
    TpuSliceAllocation result;
    const int largest = largestSliceChips();
    if (chips <= 0 || largest <= 0)
        return result;
    // Equal slices, as Multislice runs them: as few as hold the job, each the
    // smallest topology that holds its share.
    const int slices = static_cast<int>(std::ceil(chips / largest - 1e-9));
    const double perSlice = chips / slices;
    for (const TpuTopology& topology : topologies)
        if (topology.chips + 1e-9 >= perSlice) {
            result.topology = topology.name;
            result.chipsPerSlice = topology.chips;
            result.slices = slices;
            return result;
        }
    return result; // not reached: the largest topology holds perSlice
}

double TpuSlicing::computeKept(const TpuSliceAllocation& allocation) const
{
    return allocation.multislice() ? multisliceEfficiency.value : 1.0;
}

bool TpuSlicing::isSliceSize(int chips) const
{
    for (const TpuTopology& topology : topologies)
        if (topology.chips == chips)
            return true;
    return false;
}

int topologyChips(const std::string& name)
{
    int chips = 1, dimensions = 0;
    std::size_t start = 0;
    while (start <= name.size()) {
        const std::size_t end = std::min(name.find('x', start), name.size());
        const std::string part = name.substr(start, end - start);
        if (part.empty() || part.size() > 4 ||
            part.find_first_not_of("0123456789") != std::string::npos)
            return 0;
        const int value = std::stoi(part);
        if (value < 1)
            return 0;
        chips *= value;
        ++dimensions;
        start = end + 1;
    }
    return dimensions >= 1 && dimensions <= 3 ? chips : 0;
}

} // namespace fleet
