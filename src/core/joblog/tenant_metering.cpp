#include "joblog/tenant_metering.h"

#include "joblog/log_measures.h"
#include "model/pricing.h"
#include "util/calendar_month.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fleet::joblog {

namespace {

/// The civil date of a day since 1970-01-01 (Howard Hinnant's
/// civil_from_days, proleptic Gregorian; util/calendar_month.h has the way there).
struct Civil
{
    long year;
    unsigned month;
    unsigned day;
};

Civil civilFromDays(long z)
{
    z += 719468;
    const long era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = unsigned(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const long y = long(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {y + (m <= 2), m, d};
}

constexpr double kSecondsPerDay = 86400.0;
constexpr int kMaxMeteredYears = 100;

/// The start (seconds) of the calendar month holding `seconds`, and of the next.
std::pair<double, double> monthAround(double seconds)
{
    const Civil c = civilFromDays(long(std::floor(seconds / kSecondsPerDay)));
    const double start = double(daysFromCivil(c.year, c.month, 1)) * kSecondsPerDay;
    const long nextYear = c.month == 12 ? c.year + 1 : c.year;
    const unsigned nextMonth = c.month == 12 ? 1 : c.month + 1;
    return {start, double(daysFromCivil(nextYear, nextMonth, 1)) * kSecondsPerDay};
}

Issue poolIssue(std::size_t index, const FleetPool& pool, std::string message)
{
    return Issue{{}, "/fleet/pools/" + std::to_string(index), pool.id, std::move(message)};
}

std::string usd(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

} // namespace

std::optional<Chargeback> chargebackFromKey(std::string_view key)
{
    if (key == "proportional")
        return Chargeback::Proportional;
    if (key == "quota")
        return Chargeback::Quota;
    if (key == "central")
        return Chargeback::Central;
    return std::nullopt;
}

std::string_view chargebackKey(Chargeback rule)
{
    switch (rule) {
    case Chargeback::Proportional: return "proportional";
    case Chargeback::Quota: return "quota";
    case Chargeback::Central: return "central";
    }
    return "proportional";
}

/// Seconds since 1970 whose day count fits an integer: a caller's NaN or
/// 1e300 (fuzz_exports) is written as an empty cell, never converted to an
/// integer it does not fit (undefined behaviour). Years past 9999 stay
/// writable: the metering's refusal names them ("1970-01 to 33658-09").
bool writableTime(double seconds)
{
    return std::isfinite(seconds) && std::abs(seconds) <= 1e17;
}

std::string monthOf(double seconds)
{
    if (!writableTime(seconds))
        return {};
    const Civil c = civilFromDays(long(std::floor(seconds / kSecondsPerDay)));
    char text[48];
    std::snprintf(text, sizeof text, "%04ld-%02u", c.year, c.month);
    return text;
}

std::string isoTimeOf(double seconds)
{
    if (!writableTime(seconds))
        return {};
    // Whole seconds first, so that 23:59:59.6 reads as the next day's 00:00:00.
    const double whole = std::round(seconds);
    const double days = std::floor(whole / kSecondsPerDay);
    const Civil c = civilFromDays(long(days));
    const auto inDay = long(whole - days * kSecondsPerDay);
    char text[96];
    std::snprintf(text, sizeof text, "%04ld-%02u-%02uT%02ld:%02ld:%02ldZ", c.year, c.month, c.day,
                  inDay / 3600, inDay / 60 % 60, inDay % 60);
    return text;
}

Result<FleetRates> fleetRatesOf(const Project& project, double idleFractionOfTdp)
{
    const PriceBook* book = project.activePriceBook();
    if (!book)
        return Error(std::vector<Issue>{
            Issue{{},
                  "/active_price_book",
                  project.activePriceBookId,
                  "names no price book of the catalog: the fleet's GPU-hours cannot be priced"}});
    FleetRates rates;
    rates.priceBookId = book->id;
    rates.idleFractionOfTdp = idleFractionOfTdp;
    double committedUsd = 0, committedW = 0, flexibleUsd = 0, flexibleW = 0;
    double onDemandUsd = 0, onDemandGpus = 0;
    std::vector<Issue> issues;
    for (std::size_t i = 0; i < project.fleet.pools.size(); ++i) {
        const FleetPool& pool = project.fleet.pools[i];
        if (pool.count <= 0)
            continue;
        const GpuModel* gpu = project.catalog().gpu(pool.gpuId);
        if (!gpu) {
            issues.push_back(poolIssue(i, pool, "GPU '" + pool.gpuId + "' is not in the catalog"));
            continue;
        }
        const auto price = book->usdPerGpuHour(*gpu, pool.plan);
        if (!price) {
            issues.push_back(poolIssue(i, pool,
                                       "the price book '" + book->id + "' has no " +
                                           std::string(planKey(pool.plan)) + " price for " +
                                           gpu->id + ": its GPU-hours cannot be priced"));
            continue;
        }
        const double count = pool.count;
        if (isCommitted(pool.plan)) {
            rates.committedGpus += count;
            committedUsd += count * *price;
            committedW += count * gpu->tdpW.value;
            if (const auto onDemand = book->usdPerGpuHour(*gpu, Plan::OnDemand)) {
                onDemandUsd += count * *onDemand;
                onDemandGpus += count;
            }
        } else {
            rates.flexibleGpus += count;
            flexibleUsd += count * *price;
            flexibleW += count * gpu->tdpW.value;
        }
        rates.priceLines.push_back(pool.id + ": " + std::to_string(pool.count) + " × " + gpu->id +
                                   ", " + std::string(planKey(pool.plan)) + " at " + usd(*price) +
                                   " USD/GPU-h");
    }
    if (!issues.empty())
        return Error(std::move(issues));
    if (rates.committedGpus + rates.flexibleGpus <= 0)
        return Error(std::vector<Issue>{
            Issue{{}, "/fleet/pools", {}, "the fleet has no GPUs to meter the log on"}});
    if (rates.committedGpus > 0) {
        rates.committedUsdPerGpuHour = committedUsd / rates.committedGpus;
        rates.committedMaxW = committedW / rates.committedGpus;
    }
    if (rates.flexibleGpus > 0) {
        rates.flexibleUsdPerGpuHour = flexibleUsd / rates.flexibleGpus;
        rates.flexibleMaxW = flexibleW / rates.flexibleGpus;
        rates.flexiblePriced = true;
    } else if (onDemandGpus > 0) {
        // Beyond an all-committed fleet, GPUs would be rented on demand.
        rates.flexibleUsdPerGpuHour = onDemandUsd / onDemandGpus;
        rates.flexibleMaxW = rates.committedMaxW;
        rates.flexiblePriced = true;
    }
    return rates;
}

Result<Metering> meterTenants(const JobLog& log, const Project& project,
                              const MeteringOptions& options)
{
    if (log.jobs.empty())
        return Error("the log has no job that ran on GPUs: there is nothing to meter");
    if (options.slaWaitHours &&
        !(*options.slaWaitHours >= 0 && std::isfinite(*options.slaWaitHours)))
        return Error("SLA wait: must be a number of hours at least 0");
    if (!(options.idleFractionOfTdp >= 0 && options.idleFractionOfTdp < 1))
        return Error("idle power: the fraction of TDP must be at least 0 and below 1");
    auto rates = fleetRatesOf(project, options.idleFractionOfTdp);
    if (!rates)
        return rates.error();
    if (options.fleetGpus) {
        if (!(*options.fleetGpus > 0) || !std::isfinite(*options.fleetGpus))
            return Error("metered GPUs: must be a number of GPUs above 0");
        FleetRates& scaled = rates.value();
        const double factor = *options.fleetGpus / (scaled.committedGpus + scaled.flexibleGpus);
        scaled.committedGpus *= factor;
        scaled.flexibleGpus *= factor;
        char count[48];
        std::snprintf(count, sizeof count, "%.10g", *options.fleetGpus);
        scaled.priceLines.push_back(std::string("metered on ") + count +
                                    " of these GPUs, in the same proportions");
    }

    Metering out;
    out.rule = options.rule;
    out.rates = rates.value();
    out.slaWaitHours = options.slaWaitHours;
    const FleetRates& r = out.rates;

    // Tenants by name; quotas checked against them.
    std::map<std::string, std::size_t> index;
    for (const LoggedJob& job : log.jobs)
        index.emplace(job.tenant, 0);
    for (auto& [name, i] : index) {
        i = out.tenants.size();
        out.tenants.push_back({});
        out.tenants.back().tenant = name;
    }
    double quotaSum = 0;
    for (const auto& [name, gpus] : options.quotaGpus) {
        const auto at = index.find(name);
        if (at == index.end())
            return Error("tenant quotas: the log has no tenant '" + name + "'");
        if (!(gpus > 0) || !std::isfinite(gpus))
            return Error("tenant quotas: the quota of '" + name +
                         "' must be a number of GPUs above 0");
        out.tenants[at->second].quotaGpus = gpus;
        quotaSum += gpus;
    }
    if (options.rule == Chargeback::Quota && quotaSum <= 0)
        return Error("chargeback quota: give the tenants' quotas (NAME=GPUS,…); the idle cost "
                     "is shared in proportion to them");

    // The span and its calendar months.
    out.spanStartS = log.jobs.front().submitS;
    out.spanEndS = log.jobs.front().endS;
    for (const LoggedJob& job : log.jobs) {
        out.spanStartS = std::min(out.spanStartS, job.submitS);
        out.spanEndS = std::max(out.spanEndS, job.endS);
    }
    // A month row per tenant: a span of centuries (times read up to 10^12 s)
    // would be millions of rows per tenant, so the span has a bound.
    if (out.spanEndS - out.spanStartS > kMaxMeteredYears * 366 * kSecondsPerDay)
        return Error("the log spans " + monthOf(out.spanStartS) + " to " + monthOf(out.spanEndS) +
                     ": metering covers at most " + std::to_string(kMaxMeteredYears) +
                     " years, month by month");
    std::vector<std::pair<double, double>> windows; // each month's part of the span
    for (double t = out.spanStartS;;) {
        const auto [start, next] = monthAround(t);
        windows.emplace_back(std::max(start, out.spanStartS), std::min(next, out.spanEndS));
        if (next >= out.spanEndS)
            break;
        t = next;
    }
    for (TenantMeter& t : out.tenants)
        for (const auto& [start, end] : windows)
            t.months.push_back({monthOf(start), start, end});
    for (const auto& [start, end] : windows)
        out.centralMonths.push_back({monthOf(start), start, end});

    // Jobs, waits and held GPUs over time (in thousandths of a GPU: exact sums).
    struct Change
    {
        double time;
        std::size_t tenant;
        long long milli;
    };
    std::vector<Change> changes;
    std::vector<std::vector<double>> waits(out.tenants.size());
    for (const LoggedJob& job : log.jobs) {
        const std::size_t i = index.at(job.tenant);
        if (!job.resumed) {
            ++out.tenants[i].jobs;
            waits[i].push_back((job.startS - job.submitS) / 3600.0);
        }
        const long long milli = static_cast<long long>(job.gpus) * job.gpuMilli;
        if (job.endS > job.startS && milli > 0) {
            changes.push_back({job.startS, i, milli});
            changes.push_back({job.endS, i, -milli});
        }
    }
    std::sort(changes.begin(), changes.end(),
              [](const Change& a, const Change& b) { return a.time < b.time; });

    std::vector<long long> held(out.tenants.size(), 0);
    std::vector<std::size_t> active; // the tenants holding GPUs now
    std::vector<double> wattSeconds(out.tenants.size(), 0.0);
    std::vector<std::vector<double>> monthWattSeconds(out.tenants.size(),
                                                      std::vector<double>(windows.size(), 0.0));
    std::vector<double> monthIdleUsd(windows.size(), 0.0);
    std::vector<double> monthIdleWattSeconds(windows.size(), 0.0);
    double idleWattSeconds = 0, busyWattSeconds = 0;
    const double idleW = r.idleFractionOfTdp * r.committedMaxW;
    long long busyMilli = 0;
    std::size_t month = 0;
    double t = out.spanStartS;
    // One stretch [from, to) of constant holdings, cut at month ends.
    auto meterStretch = [&](double from, double to) {
        while (from < to) {
            while (month + 1 < windows.size() && from >= windows[month].second)
                ++month;
            const double until =
                month + 1 < windows.size() ? std::min(to, windows[month].second) : to;
            const double dt = until - from;
            const double busy = double(busyMilli) / 1000.0;
            const double onCommitted = std::min(busy, r.committedGpus);
            const double onFlexible = busy - onCommitted;
            out.beyondFleetGpuSeconds +=
                std::max(0.0, busy - r.committedGpus - r.flexibleGpus) * dt;
            const double usedUsd =
                (onCommitted * r.committedUsdPerGpuHour + onFlexible * r.flexibleUsdPerGpuHour) *
                dt / 3600.0;
            const double busyWs =
                (onCommitted * r.committedMaxW + onFlexible * r.flexibleMaxW) * dt;
            const double idleGpus = r.committedGpus - onCommitted;
            monthIdleUsd[month] += idleGpus * r.committedUsdPerGpuHour * dt / 3600.0;
            out.centralMonths[month].gpuSeconds += idleGpus * dt;
            idleWattSeconds += idleGpus * idleW * dt;
            monthIdleWattSeconds[month] += idleGpus * idleW * dt;
            busyWattSeconds += busyWs;
            if (busyMilli > 0)
                for (const std::size_t i : active) {
                    const double share = double(held[i]) / double(busyMilli);
                    TenantMonth& m = out.tenants[i].months[month];
                    m.gpuSeconds += double(held[i]) / 1000.0 * dt;
                    m.usedCostUsd += share * usedUsd;
                    monthWattSeconds[i][month] += share * busyWs;
                }
            from = until;
        }
    };
    for (const Change& change : changes) {
        if (change.time > t) {
            meterStretch(t, change.time);
            t = change.time;
        }
        const bool was = held[change.tenant] != 0;
        held[change.tenant] += change.milli;
        busyMilli += change.milli;
        const bool is = held[change.tenant] != 0;
        if (!was && is)
            active.push_back(change.tenant);
        else if (was && !is)
            active.erase(std::find(active.begin(), active.end(), change.tenant));
    }
    meterStretch(t, out.spanEndS);
    if (out.beyondFleetGpuSeconds > 0 && !r.flexiblePriced)
        return Error("the log holds more GPUs at once than the fleet has, and the price book '" +
                     r.priceBookId + "' has no on-demand price to pay for those beyond it");

    // The idle cost of each month, shared by the rule.
    for (std::size_t m = 0; m < windows.size(); ++m) {
        double monthGpuSeconds = 0;
        for (const TenantMeter& tenant : out.tenants)
            monthGpuSeconds += tenant.months[m].gpuSeconds;
        const double idle = monthIdleUsd[m];
        const bool byUse = options.rule == Chargeback::Proportional && monthGpuSeconds > 0;
        const bool byQuota = options.rule == Chargeback::Quota;
        for (TenantMeter& tenant : out.tenants) {
            if (byUse)
                tenant.months[m].idleCostUsd = idle * tenant.months[m].gpuSeconds / monthGpuSeconds;
            else if (byQuota)
                tenant.months[m].idleCostUsd = idle * tenant.quotaGpus / quotaSum;
        }
        if (!byUse && !byQuota)
            out.centralMonths[m].idleCostUsd = idle; // central, or a month nobody used
        out.idleCostUsd += idle;
        out.centralCostUsd += out.centralMonths[m].idleCostUsd;
    }

    // Totals, power and waits.
    const double span = out.spanEndS - out.spanStartS;
    for (std::size_t i = 0; i < out.tenants.size(); ++i) {
        TenantMeter& tenant = out.tenants[i];
        for (std::size_t m = 0; m < windows.size(); ++m) {
            TenantMonth& tm = tenant.months[m];
            const double window = tm.windowEndS - tm.windowStartS;
            tm.meanWatts = window > 0 ? monthWattSeconds[i][m] / window : 0;
            tenant.gpuSeconds += tm.gpuSeconds;
            tenant.usedCostUsd += tm.usedCostUsd;
            tenant.idleCostUsd += tm.idleCostUsd;
            wattSeconds[i] += monthWattSeconds[i][m];
        }
        tenant.meanWatts = span > 0 ? wattSeconds[i] / span : 0;
        tenant.energyKwh = wattSeconds[i] / 3.6e6;
        double waitSum = 0;
        for (double w : waits[i])
            waitSum += w;
        tenant.meanWaitHours = waitSum / double(waits[i].size());
        tenant.p95WaitHours = nearestRankQuantile(waits[i], 0.95);
        if (options.slaWaitHours) {
            const auto met = std::count_if(waits[i].begin(), waits[i].end(),
                                           [&](double w) { return w <= *options.slaWaitHours; });
            tenant.slaAttainment = double(met) / double(waits[i].size());
        }
        out.usedCostUsd += tenant.usedCostUsd;
    }
    for (std::size_t m = 0; m < windows.size(); ++m) {
        TenantMonth& central = out.centralMonths[m];
        const double window = central.windowEndS - central.windowStartS;
        central.meanWatts = window > 0 ? monthIdleWattSeconds[m] / window : 0;
    }
    out.fleetCostUsd = out.usedCostUsd + out.idleCostUsd;
    out.fleetMeanWatts = span > 0 ? (busyWattSeconds + idleWattSeconds) / span : 0;
    out.idleMeanWatts = span > 0 ? idleWattSeconds / span : 0;
    return out;
}

} // namespace fleet::joblog
