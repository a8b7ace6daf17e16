#include "joblog/metering_export.h"

#include "util/csv_text.h"

#include <boost/json.hpp>

#include <cstdio>

namespace fleet::joblog {

namespace bj = boost::json;

const char* const kMemoryEfficiencyNote =
    "not measured: memory efficiency is memory used ÷ memory allocated, and the job log gives "
    "neither for GPU memory; sacct's AllocTRES mem= is host memory allocated, with no memory "
    "used beside it in the columns read";

namespace {

bj::object monthJson(const TenantMonth& m)
{
    return {{"month", m.month},
            {"window_start", isoTimeOf(m.windowStartS)},
            {"window_end", isoTimeOf(m.windowEndS)},
            {"gpu_seconds", m.gpuSeconds},
            {"gpu_hours", m.gpuSeconds / 3600.0},
            {"used_cost_usd", m.usedCostUsd},
            {"idle_cost_usd", m.idleCostUsd},
            {"total_cost_usd", m.totalCostUsd()},
            {"mean_watts", m.meanWatts}};
}

std::string row(const std::string& name, const TenantMonth& m, double gpuCost, double sharedCost,
                const std::string& rule)
{
    const double minutes = (m.windowEndS - m.windowStartS) / 60.0;
    const double gpuHours = m.gpuSeconds / 3600.0;
    return csvField(name) + "," + csvField(isoTimeOf(m.windowStartS)) + "," +
           csvField(isoTimeOf(m.windowEndS)) + "," + csvNumber(minutes) + "," +
           csvNumber(minutes > 0 ? gpuHours / (minutes / 60.0) : 0) + "," + csvNumber(gpuHours) +
           "," + csvNumber(gpuCost) + "," + csvNumber(sharedCost) + "," +
           csvNumber(gpuCost + sharedCost) + "," + csvField(m.month) + "," +
           csvNumber(m.gpuSeconds) + "," + csvNumber(m.meanWatts) + "," + csvField(rule) + "\n";
}

} // namespace

bj::object meteringJson(const Metering& metering)
{
    const FleetRates& r = metering.rates;
    bj::array prices;
    for (const std::string& line : r.priceLines)
        prices.push_back(bj::string(line));
    bj::array tenants;
    for (const TenantMeter& t : metering.tenants) {
        bj::array months;
        for (const TenantMonth& m : t.months)
            months.push_back(monthJson(m));
        bj::object tenant{{"tenant", t.tenant},
                          {"jobs", t.jobs},
                          {"gpu_seconds", t.gpuSeconds},
                          {"gpu_hours", t.gpuSeconds / 3600.0},
                          {"used_cost_usd", t.usedCostUsd},
                          {"idle_cost_usd", t.idleCostUsd},
                          {"total_cost_usd", t.totalCostUsd()},
                          {"mean_watts", t.meanWatts},
                          {"energy_kwh", t.energyKwh},
                          {"mean_wait_hours", t.meanWaitHours},
                          {"p95_wait_hours", t.p95WaitHours},
                          {"months", std::move(months)}};
        tenant["quota_gpus"] = t.quotaGpus > 0 ? bj::value(t.quotaGpus) : bj::value(nullptr);
        tenant["sla_attainment"] =
            t.slaAttainment ? bj::value(*t.slaAttainment) : bj::value(nullptr);
        tenants.push_back(std::move(tenant));
    }
    bj::array central;
    for (const TenantMonth& m : metering.centralMonths)
        central.push_back(monthJson(m));
    const double span = metering.spanEndS - metering.spanStartS;
    return {{"chargeback", std::string(chargebackKey(metering.rule))},
            {"price_book", r.priceBookId},
            {"prices", std::move(prices)},
            {"committed_usd_per_gpu_hour", r.committedUsdPerGpuHour},
            {"flexible_usd_per_gpu_hour", r.flexibleUsdPerGpuHour},
            {"span_start", isoTimeOf(metering.spanStartS)},
            {"span_end", isoTimeOf(metering.spanEndS)},
            {"span_hours", span / 3600.0},
            {"fleet_cost_usd", metering.fleetCostUsd},
            {"used_cost_usd", metering.usedCostUsd},
            {"idle_cost_usd", metering.idleCostUsd},
            {"central_cost_usd", metering.centralCostUsd},
            {"beyond_fleet_gpu_hours", metering.beyondFleetGpuSeconds / 3600.0},
            {"fleet_mean_watts", metering.fleetMeanWatts},
            {"idle_mean_watts", metering.idleMeanWatts},
            {"idle_fraction_of_tdp", r.idleFractionOfTdp},
            {"sla_wait_hours",
             metering.slaWaitHours ? bj::value(*metering.slaWaitHours) : bj::value(nullptr)},
            {"memory_efficiency", nullptr},
            {"memory_efficiency_note", kMemoryEfficiencyNote},
            {"tenants", std::move(tenants)},
            {"central", std::move(central)}};
}

std::string meteringCsv(const Metering& metering)
{
    const std::string rule(chargebackKey(metering.rule));
    std::string csv = "name,start,end,minutes,gpuCount,gpuHours,gpuCost,sharedCost,"
                      "totalCost,month,gpuSeconds,meanWatts,chargeback\n";
    for (const TenantMeter& t : metering.tenants)
        for (const TenantMonth& m : t.months)
            csv += row(t.tenant, m, m.usedCostUsd, m.idleCostUsd, rule);
    for (const TenantMonth& m : metering.centralMonths)
        csv += row("__idle__", m, m.idleCostUsd, 0.0, rule);
    return csv;
}

} // namespace fleet::joblog
