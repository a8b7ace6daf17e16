#include "engine/option_context.h"

namespace fleet {

MonthRequirement provisioned(double units, double gpuEquivalents, double busyFraction)
{
    MonthRequirement month;
    month.units = units;
    month.gpuEquivalents = gpuEquivalents;
    month.gpuHoursHeld = gpuEquivalents * kHoursPerMonth;
    month.gpuHoursBusy = month.gpuHoursHeld * busyFraction;
    return month;
}

double gpusForUnits(const OptionContext& c, double units)
{
    return gpusHeldForUnits(c.unit, units, c.project.assumptions.sharedPackingEfficiency);
}

double heldHoursForJobs(const OptionContext& c, double busyHours)
{
    const double held = busyHours / c.project.scheduler.ceiling();
    if (!c.unit.integerGpus && c.unit.gpuShare < 1.0)
        return held / c.project.assumptions.sharedPackingEfficiency;
    return held;
}

} // namespace fleet
