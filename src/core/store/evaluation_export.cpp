#include "store/evaluation_export.h"

#include "model/pricing.h"
#include "util/calendar_month.h"
#include "util/csv_text.h"
#include "util/vector_sum.h"

namespace fleet {

namespace bj = boost::json;

namespace {

bj::value optionalNumber(const std::optional<double>& value)
{
    return value ? bj::value(*value) : bj::value(nullptr);
}

bj::array numbers(const std::vector<double>& values)
{
    bj::array out;
    for (double value : values)
        out.push_back(value);
    return out;
}

/// An option; with `monthly`, its requirement month by month.
bj::object optionToJson(const OptionResult& option, bool monthly = false)
{
    bj::object costs;
    for (const PlanCost& cost : option.planCosts)
        costs[planKey(cost.plan)] = cost.totalUsd;
    bj::object details;
    for (const auto& [key, value] : option.details)
        details[key] = value;
    double peak = 0, peakMemory = 0;
    for (const MonthRequirement& month : option.months) {
        peak = std::max(peak, month.peakGpus); // held at once, not the month's mean
        peakMemory = std::max(peakMemory, month.memoryGb);
    }
    bj::object result{{"gpu", option.gpuId},
                      {"regime", std::string(regimeKey(option.regime))},
                      {"profile", option.profile},
                      {"isolation", std::string(isolationKey(option.isolation))},
                      {"peak_gpus", peak},
                      {"peak_memory_gb", peakMemory},
                      {"gpu_hours_held", option.totalGpuHoursHeld()},
                      {"gpu_hours_busy", option.totalGpuHoursBusy()},
                      {"cost_usd_by_plan", std::move(costs)},
                      {"details", std::move(details)}};
    if (monthly) {
        bj::array months;
        for (const MonthRequirement& month : option.months)
            months.push_back(bj::object{{"units", month.units},
                                        {"gpus", month.gpuEquivalents},
                                        {"peak_gpus", month.peakGpus},
                                        {"gpu_hours_busy", month.gpuHoursBusy},
                                        {"gpu_hours_held", month.gpuHoursHeld},
                                        {"memory_gb", month.memoryGb}});
        result["months"] = std::move(months);
    }
    return result;
}

bj::array alertsOf(const Kpis& k)
{
    bj::array alerts;
    for (const std::string& alert : k.alerts)
        alerts.push_back(bj::value(alert));
    return alerts;
}

bj::object kpisToJson(const Kpis& k)
{
    return bj::object{
        {"total_cost_usd", k.totalCostUsd},
        {"mean_monthly_cost_usd", k.meanMonthlyCostUsd},
        {"monthly_cost_usd", numbers(k.monthlyCostUsd)},
        {"cost_per_trillion_training_tokens_usd",
         optionalNumber(k.costPerTrillionTrainingTokensUsd)},
        {"cost_per_million_output_tokens_usd", optionalNumber(k.costPerMillionOutputTokensUsd)},
        {"cost_per_notebook_user_month_usd", optionalNumber(k.costPerNotebookUserMonthUsd)},
        {"gpu_hours_busy", k.gpuHoursBusy},
        {"gpu_hours_held", k.gpuHoursHeld},
        {"fleet_gpu_hours", k.fleetGpuHours},
        {"gpu_hours_paid", k.gpuHoursPaid},
        {"utilization", k.utilization},
        {"attributed_cost_usd", k.attributedCostUsd},
        {"unallocated_fleet_cost_usd", k.unallocatedFleetCostUsd},
        {"network_cost_usd", k.networkCostUsd},
        {"baseline_cost_usd", optionalNumber(k.baselineTotalCostUsd)},
        {"savings_usd", optionalNumber(k.savingsUsd)},
        {"savings_fraction", optionalNumber(k.savingsFraction)},
        {"checkpoint_idle_gpu_hours", k.checkpointIdleGpuHours},
        {"checkpoint_reclaimed_gpu_hours", k.checkpointReclaimedGpuHours},
        {"committed_gpus", k.committedGpus},
        {"committed_cost_usd", k.committedCostUsd},
        {"capacity_freed_gpus", k.capacityFreedGpus},
        {"capacity_freed_usd", k.capacityFreedUsd},
        {"renewal_committed_gpus", optionalNumber(k.renewalCommittedGpus)},
        {"renewal_saving_usd", optionalNumber(k.renewalSavingUsd)},
        {"peak_gpus_beyond_fleet", k.peakGpusBeyondFleet},
        {"alerts", alertsOf(k)}};
}

bj::object monthCountsToJson(const std::vector<GpuCountMonth>& months)
{
    bj::array held, busy, paid;
    for (const GpuCountMonth& month : months) {
        held.push_back(month.held);
        busy.push_back(month.busy);
        paid.push_back(month.paid);
    }
    return bj::object{
        {"held", std::move(held)}, {"busy", std::move(busy)}, {"paid", std::move(paid)}};
}

bj::object countsToJson(const GpuCounts& counts)
{
    bj::object root = monthCountsToJson(counts.months);
    root["utilization"] = counts.utilization();
    root["committed_gpus"] = counts.committedGpus;
    root["committed_never_held_gpus"] = counts.committedNeverHeldGpus();
    bj::array models;
    for (const GpuModelCounts& model : counts.models) {
        bj::object item = monthCountsToJson(model.months);
        item["gpu"] = model.gpuId;
        item["committed_gpus"] = model.committedGpus;
        models.push_back(std::move(item));
    }
    root["models"] = std::move(models);
    bj::object byRegime;
    for (const auto& [regime, held] : counts.heldByRegime)
        byRegime[regimeKey(regime)] = numbers(held);
    root["held_by_regime"] = std::move(byRegime);
    return root;
}

} // namespace

bj::object gpuCountsToJson(const GpuCounts& counts)
{
    return countsToJson(counts);
}

bj::array tenantTotalsToJson(const std::vector<TenantTotal>& lines)
{
    bj::array items;
    for (const TenantTotal& line : lines) {
        bj::object item{
            {"tenant", line.tenantId.empty() ? bj::value(nullptr) : bj::value(line.tenantId)},
            {"segment", line.segmentId.empty() ? bj::value(nullptr) : bj::value(line.segmentId)}};
        if (!line.tenantId.empty()) {
            item["tenants"] = line.tenants;
            item["rule"] = line.rule;
        }
        item["gpu_hours_held"] = line.gpuHoursHeld;
        item["workload_cost_usd"] = line.workloadCostUsd;
        item["shared_fleet_cost_usd"] = line.sharedFleetCostUsd;
        item["total_cost_usd"] = line.totalCostUsd();
        item["memory_efficiency"] = optionalNumber(line.memoryEfficiency);
        bj::array months;
        for (const TenantMonthTotal& month : line.months)
            months.push_back(bj::object{{"gpu_hours_held", month.gpuHoursHeld},
                                        {"workload_cost_usd", month.workloadCostUsd},
                                        {"shared_fleet_cost_usd", month.sharedFleetCostUsd},
                                        {"total_cost_usd", month.totalCostUsd()}});
        item["months"] = std::move(months);
        items.push_back(std::move(item));
    }
    return items;
}

std::string tenantTotalsCsv(const Project& project, const std::vector<TenantTotal>& lines)
{
    const double minutes = kHoursPerMonth * 60.0;
    std::string csv = "name,start,end,minutes,gpuCount,gpuHours,gpuCost,sharedCost,totalCost,"
                      "month,segment,tenants,rule,memoryEfficiency\n";
    for (const TenantTotal& line : lines) {
        const std::string name = !line.tenantId.empty()    ? line.tenantId
                                 : !line.segmentId.empty() ? line.segmentId
                                                           : "__idle__";
        for (std::size_t i = 0; i < line.months.size(); ++i) {
            const TenantMonthTotal& m = line.months[i];
            const std::string month = calendarMonth(project.startMonth, int(i) + 1);
            const std::string next = calendarMonth(project.startMonth, int(i) + 2);
            const std::string start = month.empty() ? "" : month + "-01T00:00:00Z";
            const std::string end = next.empty() ? "" : next + "-01T00:00:00Z";
            csv += csvField(name) + "," + csvField(start) + "," + csvField(end) + "," +
                   csvNumber(minutes) + "," + csvNumber(m.gpuHoursHeld / kHoursPerMonth) + "," +
                   csvNumber(m.gpuHoursHeld) + "," + csvNumber(m.workloadCostUsd) + "," +
                   csvNumber(m.sharedFleetCostUsd) + "," + csvNumber(m.totalCostUsd()) + "," +
                   csvField(month.empty() ? std::to_string(i + 1) : month) + "," +
                   csvField(line.segmentId) + "," +
                   (line.tenantId.empty() ? "" : csvNumber(line.tenants)) + "," +
                   csvField(line.rule) + "," +
                   (line.memoryEfficiency ? csvNumber(*line.memoryEfficiency) : "") + "\n";
        }
    }
    return csv;
}

bj::object evaluationToJson(const Project& project, const Evaluation& evaluation,
                            const std::string& scenario)
{
    bj::array workloads;
    for (const WorkloadEvaluation& w : evaluation.workloads) {
        bj::object item{
            {"id", w.id}, {"name", w.name}, {"kind", std::string(workloadKindKey(w.kind))}};
        for (const Workload& workload : project.workloads) // the model a service names
            if (const auto* spec = std::get_if<InferenceSpec>(&workload.spec))
                if (workload.id == w.id && !spec->model.empty())
                    item["model"] = spec->model;
        if (const OptionResult* chosen = w.chosenOption()) {
            bj::object choice = optionToJson(*chosen, true);
            // A fixed fleet's pools at their blend, or its spot pools.
            choice["plan"] = project.fleet.mode == FleetMode::Fixed && w.chosenPlan != Plan::Spot
                                 ? bj::value("fleet")
                                 : bj::value(planKey(w.chosenPlan));
            choice["cost_usd"] = sum(w.monthlyCostUsd);
            choice["monthly_cost_usd"] = numbers(w.monthlyCostUsd);
            item["chosen"] = std::move(choice);
        } else {
            item["chosen"] = nullptr;
            item["problem"] = w.problem;
        }
        if (w.baseline) {
            bj::object baseline = optionToJson(*w.baseline);
            baseline["plan"] = "on_demand";
            baseline["cost_usd"] = sum(w.baselineMonthlyCostUsd);
            item["baseline"] = std::move(baseline);
        } else {
            item["baseline"] = nullptr;
        }
        item["served_per_month"] = numbers(w.servedPerMonth);
        bj::array options, rejected;
        for (const OptionResult& option : w.options)
            options.push_back(optionToJson(option));
        for (const RejectedOption& r : w.rejected)
            rejected.push_back(bj::object{{"gpu", r.gpuId},
                                          {"regime", std::string(regimeKey(r.regime))},
                                          {"profile", r.profile},
                                          {"reason", r.reason}});
        item["options"] = std::move(options);
        item["rejected"] = std::move(rejected);
        workloads.push_back(std::move(item));
    }
    bj::array warnings;
    for (const std::string& warning : evaluation.warnings)
        warnings.push_back(bj::value(warning));
    bj::object root{{"project", project.name},
                    {"scenario", scenario.empty() ? bj::value(nullptr) : bj::value(scenario)},
                    {"fleet_mode", project.fleet.mode == FleetMode::Fixed ? "fixed" : "size"},
                    {"price_book", project.activePriceBookId},
                    {"scheduler_policy", std::string(policyKey(project.scheduler.policy))},
                    {"horizon_months", project.horizonMonths},
                    {"kpis", kpisToJson(evaluation.kpis)},
                    {"gpu_counts", countsToJson(evaluation.gpus)},
                    {"workloads", std::move(workloads)},
                    {"warnings", std::move(warnings)}};
    if (!project.tenants.empty())
        root["tenants"] = tenantTotalsToJson(tenantTotals(project, evaluation));
    return root;
}

} // namespace fleet
