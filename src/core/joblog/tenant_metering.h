#pragma once

// Per-tenant metering of a job log on a project's fleet: each tenant's
// GPU-seconds, their cost at the fleet's prices, the fleet's idle cost shared
// by a stated chargeback rule, power between idle and TDP, and waits — per
// calendar month and in total, so that the tenants and the central line sum to
// the fleet's cost over the log's span. docs/MODEL.md, "Per-tenant metering".

#include "joblog/job_log.h"
#include "model/project.h"
#include "util/result.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleet::joblog {

/// Who pays for the committed GPUs no job held.
enum class Chargeback
{
    Proportional, ///< each tenant in proportion to its GPU-seconds in the month
    Quota,        ///< each tenant with a quota in proportion to its quota
    Central       ///< nobody: held centrally, a separate line
};
std::optional<Chargeback> chargebackFromKey(std::string_view key); ///< "proportional", …
std::string_view chargebackKey(Chargeback rule);

/// What a GPU of the fleet costs and draws, by the pools' plans. Busy GPUs
/// fill the committed pools (reserved, owned) first, then the flexible ones
/// (on demand, spot); GPUs held beyond the fleet are priced as flexible.
struct FleetRates
{
    std::string priceBookId;
    double committedGpus = 0;
    double committedUsdPerGpuHour = 0; ///< GPU-count-weighted over the committed pools
    double committedMaxW = 0;          ///< TDP, GPU-count-weighted
    double flexibleGpus = 0;
    double flexibleUsdPerGpuHour = 0; ///< flexible pools; without any, the book's on-demand
    double flexibleMaxW = 0;
    bool flexiblePriced = false;
    double idleFractionOfTdp = 0;
    /// One line per pool: "h100-reserved: 1,600 × h100-sxm-80gb, reserved_1y at 1.89 USD/GPU-h".
    std::vector<std::string> priceLines;
};

/// The fleet's rates from `project`'s active price book; a pool whose GPU or
/// plan the book does not price is an error naming the pool.
Result<FleetRates> fleetRatesOf(const Project& project, double idleFractionOfTdp);

/// One tenant (or the central line) in one calendar month of the span.
struct TenantMonth
{
    std::string month;       ///< "YYYY-MM" (UTC) of the log's clock
    double windowStartS = 0; ///< the month's part of the span, in log seconds
    double windowEndS = 0;
    double gpuSeconds = 0;  ///< GPU-equivalent seconds held
    double usedCostUsd = 0; ///< the GPU-seconds at the rate of the GPUs they ran on
    double idleCostUsd = 0; ///< its share of the month's idle committed GPUs
    double meanWatts = 0;   ///< its GPUs' draw (at TDP) over the window; central: idle GPUs' draw
    double totalCostUsd() const { return usedCostUsd + idleCostUsd; }
};

struct TenantMeter
{
    std::string tenant;
    std::int64_t jobs = 0;
    double quotaGpus = 0; ///< 0: none stated
    double gpuSeconds = 0;
    double usedCostUsd = 0;
    double idleCostUsd = 0;
    double meanWatts = 0; ///< over the whole span
    double energyKwh = 0;
    double meanWaitHours = 0;
    double p95WaitHours = 0;
    /// Jobs that started within the stated wait (absent when none is stated).
    std::optional<double> slaAttainment;
    std::vector<TenantMonth> months; ///< every month of the span, in order
    double totalCostUsd() const { return usedCostUsd + idleCostUsd; }
};

struct Metering
{
    Chargeback rule = Chargeback::Proportional;
    FleetRates rates;
    double spanStartS = 0;            ///< first submission
    double spanEndS = 0;              ///< last end
    double fleetCostUsd = 0;          ///< committed GPUs over the span + flexible GPU-hours used
    double usedCostUsd = 0;           ///< of that, what jobs held
    double idleCostUsd = 0;           ///< of that, committed GPUs no job held
    double centralCostUsd = 0;        ///< idle cost no tenant was charged
    double beyondFleetGpuSeconds = 0; ///< held above the fleet's GPUs (priced as flexible)
    double fleetMeanWatts = 0;        ///< busy GPUs at TDP + idle committed GPUs at idle power
    double idleMeanWatts = 0;         ///< of that, the idle committed GPUs
    std::optional<double> slaWaitHours;
    std::vector<TenantMeter> tenants;       ///< by name
    std::vector<TenantMonth> centralMonths; ///< the central line, per month
};

struct MeteringOptions
{
    Chargeback rule = Chargeback::Proportional;
    std::map<std::string, double> quotaGpus; ///< Quota: tenant → GPUs (each above 0)
    std::optional<double> slaWaitHours;      ///< a job meets it when it starts within this wait
    double idleFractionOfTdp = 0.15;         ///< idleFractionOfTdp() for the built-in figure
    /// Meter on this many GPUs at the fleet's rates (a simulated part of the
    /// fleet: the GPUs its services leave to jobs), instead of the fleet's own
    /// GPUs: the committed and flexible counts are scaled alike.
    std::optional<double> fleetGpus;
};

/// Meters `log`'s tenants on `project`'s fleet. Refuses a fleet without GPUs
/// or prices, quotas for tenants the log lacks or not above 0, the quota rule
/// without quotas, and an SLA wait below 0.
Result<Metering> meterTenants(const JobLog& log, const Project& project,
                              const MeteringOptions& options);

/// "YYYY-MM" of a time in seconds since 1970-01-01 UTC.
std::string monthOf(double seconds);
/// RFC 3339 UTC date-time ("2026-03-01T00:00:00Z") of a time in seconds.
std::string isoTimeOf(double seconds);

} // namespace fleet::joblog
