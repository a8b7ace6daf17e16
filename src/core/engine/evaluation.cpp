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

MonthRequirement OptionResult::capacity(std::size_t m) const
{
    if (m >= months.size())
        return {};
    MonthRequirement month = months[m];
    if (gang) {
        month.gpuHoursHeld = std::max(month.gpuHoursHeld, month.peakGpus * kHoursPerMonth);
    } else if (peakCapacityShare > 0 && month.gpuEquivalents > 0 &&
               month.peakGpus > month.gpuEquivalents) {
        // Replicas and sessions held at once at the peak: the mean scaled by
        // peak ÷ mean, for the share of the way from the mean to the peak.
        const double scale =
            1.0 + peakCapacityShare * (month.peakGpus / month.gpuEquivalents - 1.0);
        month.units *= scale;
        month.gpuEquivalents *= scale;
        month.gpuHoursHeld *= scale;
        month.memoryGb *= scale;
    }
    return month;
}

double OptionResult::capacityGpuHours(std::size_t m) const
{
    return capacity(m).gpuHoursHeld;
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
