#include "engine/evaluation.h"

#include "model/pricing.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fleet {

double OptionResult::totalGpuHoursHeld() const
{
    double total = 0;
    for (const MonthRequirement& month : months)
        total += month.gpuHoursHeld;
    return total;
}

double OptionResult::capacityGpuHours(std::size_t m) const
{
    if (m >= months.size())
        return 0.0;
    const MonthRequirement& month = months[m];
    if (!gang)
        return month.gpuHoursHeld;
    return std::max(month.gpuHoursHeld, month.peakGpus * kHoursPerMonth);
}

double OptionResult::totalGpuHoursBusy() const
{
    double total = 0;
    for (const MonthRequirement& month : months)
        total += month.gpuHoursBusy;
    return total;
}

const PlanCost* OptionResult::cost(Plan plan) const
{
    for (const PlanCost& candidate : planCosts)
        if (candidate.plan == plan)
            return &candidate;
    return nullptr;
}

double OptionResult::detail(const std::string& key) const
{
    for (const auto& [name, value] : details)
        if (name == key)
            return value;
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace fleet
