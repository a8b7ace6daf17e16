#include "model/spot.h"

#include <algorithm>
#include <cmath>

namespace fleet {

int spotInstancesSpanned(double gpus, double gpusPerInstance)
{
    if (!(gpus > 0.0) || !(gpusPerInstance > 0.0))
        return 1;
    // 1e-9: 16 GPUs on 8-GPU instances are two instances, not three after rounding.
    return std::max(1, int(std::ceil(gpus / gpusPerInstance - 1e-9)));
}

double spotInterruptionsPerInstanceHour(const Assumptions& assumptions, const PriceBook* book,
                                        const std::string& gpuId)
{
    // The offer's own rate wins: it is what that provider states for that GPU.
    const GpuPrices* prices = book ? book->prices(gpuId) : nullptr;
    if (prices && prices->spot && prices->spot->interruptionsPerHour)
        return *prices->spot->interruptionsPerHour;
    return assumptions.spotInterruptionsPerInstanceHour;
}

double spotGangInterruptionsPerHour(const Assumptions& assumptions, const PriceBook* book,
                                    const std::string& gpuId, double gpus)
{
    return spotInterruptionsPerInstanceHour(assumptions, book, gpuId) *
           spotInstancesSpanned(gpus, assumptions.spotGpusPerInstance);
}

double spotLostWorkFraction(const Assumptions& assumptions, const PriceBook* book,
                            const std::string& gpuId, double gpus, double hoursLostPerInterruption)
{
    return spotGangInterruptionsPerHour(assumptions, book, gpuId, gpus) * hoursLostPerInterruption;
}

bool spotWorkable(double lostWorkFraction)
{
    return lostWorkFraction >= 0.0 && lostWorkFraction < kSpotMaxLostWorkFraction;
}

double spotGpuHoursHeld(double usefulGpuHours, double lostWorkFraction)
{
    return usefulGpuHours / (1.0 - lostWorkFraction);
}

std::optional<double> spotEffectiveUsdPerGpuHour(double listUsdPerGpuHour, double lostWorkFraction)
{
    if (!spotWorkable(lostWorkFraction))
        return std::nullopt;
    // A useful GPU-hour needs 1 / (1 − lost) GPU-hours held.
    return spotGpuHoursHeld(listUsdPerGpuHour, lostWorkFraction);
}

} // namespace fleet
