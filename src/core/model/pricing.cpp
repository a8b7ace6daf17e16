#include "model/pricing.h"

#include "model/gpu.h"
#include "model/owned_tco.h"

namespace fleet {

bool isCommitted(Plan plan)
{
    return plan == Plan::Reserved1y || plan == Plan::Reserved3y || plan == Plan::Owned;
}

std::string_view planKey(Plan plan)
{
    switch (plan) {
    case Plan::OnDemand: return "on_demand";
    case Plan::Reserved1y: return "reserved_1y";
    case Plan::Reserved3y: return "reserved_3y";
    case Plan::Spot: return "spot";
    case Plan::Owned: return "owned";
    }
    return "on_demand";
}

std::string_view planLabel(Plan plan)
{
    switch (plan) {
    case Plan::OnDemand: return "On-demand";
    case Plan::Reserved1y: return "Reserved 1 y";
    case Plan::Reserved3y: return "Reserved 3 y";
    case Plan::Spot: return "Spot";
    case Plan::Owned: return "Owned";
    }
    return "On-demand";
}

std::optional<Plan> planFromKey(std::string_view key)
{
    for (Plan plan : kAllPlans)
        if (planKey(plan) == key)
            return plan;
    return std::nullopt;
}

double ownedUsdPerGpuHour(const OwnedCost& owned, double tdpW)
{
    // One breakdown for every owned price: the TCO model's (model/owned_tco).
    return ownedTcoOf(owned, tdpW).total();
}

std::optional<HourlyPrice>& GpuPrices::hourly(Plan plan)
{
    switch (plan) {
    case Plan::Reserved1y: return reserved1y;
    case Plan::Reserved3y: return reserved3y;
    case Plan::Spot: return spot;
    default: return onDemand;
    }
}

const std::optional<HourlyPrice>& GpuPrices::hourly(Plan plan) const
{
    static const std::optional<HourlyPrice> none;
    switch (plan) {
    case Plan::OnDemand: return onDemand;
    case Plan::Reserved1y: return reserved1y;
    case Plan::Reserved3y: return reserved3y;
    case Plan::Spot: return spot;
    case Plan::Owned: return none;
    }
    return none;
}

bool GpuPrices::has(Plan plan) const
{
    return plan == Plan::Owned ? owned.has_value() : hourly(plan).has_value();
}

const GpuPrices* PriceBook::prices(const std::string& gpuId) const
{
    for (const GpuPrices& entry : gpus)
        if (entry.gpuId == gpuId)
            return &entry;
    return nullptr;
}

std::optional<double> PriceBook::usdPerGpuHour(const GpuModel& gpu, Plan plan) const
{
    const GpuPrices* entry = prices(gpu.id);
    if (!entry)
        return std::nullopt;
    if (plan == Plan::Owned) {
        if (!entry->owned)
            return std::nullopt;
        return ownedUsdPerGpuHour(*entry->owned, gpu.tdpW.value);
    }
    const std::optional<HourlyPrice>& price = entry->hourly(plan);
    if (!price)
        return std::nullopt;
    return price->usdPerGpuHour;
}

std::vector<Plan> PriceBook::plansOffered() const
{
    std::vector<Plan> plans;
    for (Plan plan : kAllPlans)
        for (const GpuPrices& entry : gpus)
            if (entry.has(plan)) {
                plans.push_back(plan);
                break;
            }
    return plans;
}

std::optional<double> breakEvenUtilization(const PriceBook& book, const GpuModel& gpu,
                                           Plan committed)
{
    const auto onDemand = book.usdPerGpuHour(gpu, Plan::OnDemand);
    const auto price = book.usdPerGpuHour(gpu, committed);
    if (!onDemand || !price || committed == Plan::OnDemand || committed == Plan::Spot)
        return std::nullopt;
    // Committed GPUs are paid for every hour; on-demand only for hours used.
    return *price / *onDemand;
}

double usdPerDensePflopHour(double usdPerGpuHour, double bf16DenseTflops)
{
    return usdPerGpuHour / (bf16DenseTflops / 1000.0);
}

} // namespace fleet
