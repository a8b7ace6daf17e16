#pragma once

// Price books: what a GPU-hour costs under each plan, every price with its source.

#include "model/sourced.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

struct GpuModel;

/// Hours in a year and in an average month. Every conversion between hourly
/// and monthly figures goes through these two constants (8760 / 12 = 730).
inline constexpr double kHoursPerYear = 8760.0;
inline constexpr double kHoursPerMonth = kHoursPerYear / 12.0;

enum class Plan
{
    OnDemand,
    Reserved1y,
    Reserved3y,
    Spot,
    Owned
};
inline constexpr std::array<Plan, 5> kAllPlans = {Plan::OnDemand, Plan::Reserved1y,
                                                  Plan::Reserved3y, Plan::Spot, Plan::Owned};

/// Reserved and owned GPUs are paid every hour of their term, used or not.
bool isCommitted(Plan plan);

/// "on_demand", "reserved_1y", "reserved_3y", "spot", "owned" (the JSON keys).
std::string_view planKey(Plan plan);
/// "On-demand", "Reserved 1 y", ... for people.
std::string_view planLabel(Plan plan);
std::optional<Plan> planFromKey(std::string_view key);

/// A rented plan's list price.
struct HourlyPrice
{
    double usdPerGpuHour = 0.0;
    std::string source;
    std::string asOf;
    /// Spot only: expected interruptions per instance-hour, when the offer states
    /// one; it replaces spot_interruptions_per_instance_hour for this GPU (model/spot.h).
    std::optional<double> interruptionsPerHour;
    std::string note;

    bool operator==(const HourlyPrice&) const = default;
};

/// Owning the GPU: capex amortised straight-line, hosting, and power at TDP;
/// or, instead of those five figures, its cost stated per GPU-hour held.
struct OwnedCost
{
    SourcedValue capexUsdPerGpu;
    SourcedValue amortizationYears;
    SourcedValue hostingUsdPerGpuMonth;
    SourcedValue pue;
    SourcedValue usdPerKwh;
    /// The whole owned cost of a GPU-hour held, as a finance team states it;
    /// 0: not stated (the five figures above price it). Files give either
    /// this or the five, never both.
    SourcedValue usdPerGpuHour;
    std::string note;

    bool statesUsdPerGpuHour() const { return usdPerGpuHour.value > 0; }

    bool operator==(const OwnedCost&) const = default;
};

/// Owned cost of one GPU-hour held (busy or not): the stated USD per
/// GPU-hour, or capex / (years · 8760 h) + hosting / 730 h + TDP kW · PUE ·
/// $/kWh — the owned-hardware TCO's breakdown of a book's entry
/// (model/owned_tco.h), whose hosting may carry financing, staff and host
/// power (ownedCostFromTco).
double ownedUsdPerGpuHour(const OwnedCost& owned, double tdpW);

struct GpuPrices
{
    std::string gpuId;
    std::optional<HourlyPrice> onDemand;
    std::optional<HourlyPrice> reserved1y;
    std::optional<HourlyPrice> reserved3y;
    std::optional<HourlyPrice> spot;
    std::optional<OwnedCost> owned;
    std::string note;

    const std::optional<HourlyPrice>& hourly(Plan plan) const;
    /// The rented plans' prices, to change one (Owned has none: on-demand's is returned).
    std::optional<HourlyPrice>& hourly(Plan plan);
    bool has(Plan plan) const;

    bool operator==(const GpuPrices&) const = default;
};

struct PriceBook
{
    std::string id;
    std::string name;
    std::string currency = "USD";
    std::string asOf;
    std::string description;
    std::vector<GpuPrices> gpus;
    std::string originFile;

    const GpuPrices* prices(const std::string& gpuId) const;
    /// The price of one GPU-hour of `gpu` under `plan`, if the book offers it.
    std::optional<double> usdPerGpuHour(const GpuModel& gpu, Plan plan) const;
    /// The plans that at least one GPU of the book has, in kAllPlans order.
    std::vector<Plan> plansOffered() const;

    bool operator==(const PriceBook&) const = default;
};

/// The utilization above which a committed plan (reserved, owned) beats
/// on-demand: committed price ÷ on-demand price. Absent when either is missing.
std::optional<double> breakEvenUtilization(const PriceBook& book, const GpuModel& gpu,
                                           Plan committed);

/// Dollars per dense BF16 PFLOP-hour: what an hour of peak compute costs.
double usdPerDensePflopHour(double usdPerGpuHour, double bf16DenseTflops);

} // namespace fleet
