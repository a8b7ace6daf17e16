#include "engine/evaluation.h"

#include "model/pricing.h"
#include "model/regime_descriptor.h"

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
    // A gang holds its GPUs for its runs' hours (as held): a monthly model
    // places its run hours beside other work; its peak is checked apart
    // (engine/fleet_peaks.h). docs/MODEL.md, "Gangs and peaks".
    if (!gang && peakCapacityShare > 0 && month.units > 0 && month.peakUnits > month.units) {
        // Replicas and sessions held at once at the peak: the mean scaled by
        // peak ÷ mean, for the share of the way from the mean to the peak.
        // The units' ratio, not the GPUs': partitions round both counts up to
        // whole GPUs, and a ratio of rounded counts can fall as the mean rises.
        const double scale = 1.0 + peakCapacityShare * (month.peakUnits / month.units - 1.0);
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

double OptionResult::setUpGpuHours(std::size_t m) const
{
    const MonthRequirement need = capacity(m);
    switch (regimeDescriptor(regime).unitRule) {
    case RegimeUnitRule::WholeGpu: return need.gpuHoursHeld;
    case RegimeUnitRule::Partition:
        return need.units / double(std::max(1, unitsPerGpu)) * kHoursPerMonth;
    case RegimeUnitRule::Shared:
    case RegimeUnitRule::Unset: break; // a registered regime states its rule
    }
    return need.gpuEquivalents * kHoursPerMonth;
}

double OptionResult::committedGpusAlone() const
{
    double setUpGpus = 0;
    for (std::size_t m = 0; m < months.size(); ++m)
        setUpGpus = std::max(setUpGpus, setUpGpuHours(m) / kHoursPerMonth);
    return std::ceil(setUpGpus - 1e-9);
}

double OptionResult::elasticSavingFraction(std::size_t m) const
{
    if (gang || peakCapacityShare <= 0 || m >= months.size())
        return 0.0;
    const MonthRequirement& mean = months[m];
    const MonthRequirement held = capacity(m);
    if (held.gpuEquivalents <= mean.gpuEquivalents || held.gpuEquivalents <= 0)
        return 0.0;
    return 1.0 - mean.gpuEquivalents / held.gpuEquivalents;
}

double OptionResult::spotGpuHoursPaid(std::size_t m) const
{
    if (m >= months.size())
        return 0.0;
    return months[m].gpuHoursHeld;
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
