#include "engine/chart_data.h"

#include "model/spot.h"
#include "util/calendar_month.h"
#include "util/vector_sum.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace fleet {

namespace {

/// "2026-01" + m months → "2026-03"; "M3" without a start month.
std::string monthLabel(const std::string& start, int month)
{
    const std::string calendar = calendarMonth(start, month);
    return calendar.empty() ? "M" + std::to_string(month) : calendar;
}

} // namespace

double costPerTokenUnit(WorkloadKind kind)
{
    return kind == WorkloadKind::Training ? 1e12 : 1e6;
}

std::map<RegimeKind, double> costPerUnitByRegime(const WorkloadEvaluation& workload,
                                                 const std::string& gpuId, Plan plan)
{
    std::map<RegimeKind, double> cell; // regime → cheapest cost per unit
    const double work = sum(workload.servedPerMonth);
    if (work <= 0)
        return cell;
    const double unit = costPerTokenUnit(workload.kind);
    for (const OptionResult& option : workload.options) {
        const PlanCost* cost = option.cost(plan);
        if (!cost || option.gpuId != gpuId)
            continue;
        const double usd = cost->totalUsd / (work / unit);
        const auto found = cell.find(option.regime);
        if (found == cell.end() || usd < found->second)
            cell[option.regime] = usd;
    }
    return cell;
}

CostPerTokenData costPerToken(const Project& project, const Evaluation& evaluation,
                              WorkloadKind kind)
{
    const bool training = kind == WorkloadKind::Training;
    CostPerTokenData data;
    data.unitLabel =
        training ? "USD per trillion training tokens" : "USD per million output tokens";
    data.kind = kind;
    data.plan = Plan::OnDemand;
    using Cell = std::map<RegimeKind, double>; // regime → cheapest cost per unit
    std::vector<Cell> cells;
    // The workloads with the most work, in project order, as many as keep
    // the groups within kMaxCostPerTokenGroups.
    std::vector<std::pair<double, std::size_t>> byWork; // (work, index)
    for (std::size_t i = 0; i < evaluation.workloads.size(); ++i) {
        const WorkloadEvaluation& w = evaluation.workloads[i];
        const double work = sum(w.servedPerMonth);
        if (w.kind == kind && work > 0)
            byWork.emplace_back(work, i);
    }
    std::stable_sort(byWork.begin(), byWork.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<bool> shown(evaluation.workloads.size(), false);
    for (std::size_t k = 0; k < std::min(byWork.size(), kMaxCostPerTokenGroups); ++k)
        shown[byWork[k].second] = true;
    for (std::size_t i = 0; i < evaluation.workloads.size(); ++i) {
        const WorkloadEvaluation& w = evaluation.workloads[i];
        if (w.kind != kind || sum(w.servedPerMonth) <= 0)
            continue;
        for (const GpuModel& gpu : project.catalog().gpus) { // catalog order
            Cell cell = costPerUnitByRegime(w, gpu.id, data.plan);
            if (cell.empty())
                continue;
            ++data.totalGroups;
            if (!shown[i] || cells.size() >= kMaxCostPerTokenGroups)
                continue;
            data.workloadNames.push_back(w.name);
            data.workloadIndices.push_back(i);
            data.gpuIds.push_back(gpu.id);
            for (const auto& entry : cell)
                if (std::find(data.regimes.begin(), data.regimes.end(), entry.first) ==
                    data.regimes.end())
                    data.regimes.push_back(entry.first);
            cells.push_back(std::move(cell));
        }
    }
    std::sort(data.regimes.begin(), data.regimes.end());
    data.usd.assign(data.regimes.size(), std::vector<std::optional<double>>(cells.size()));
    for (std::size_t r = 0; r < data.regimes.size(); ++r)
        for (std::size_t c = 0; c < cells.size(); ++c)
            if (const auto found = cells[c].find(data.regimes[r]); found != cells[c].end())
                data.usd[r][c] = found->second;
    return data;
}

RegimeMixData regimeMix(const Project& project, const Evaluation& evaluation)
{
    std::vector<std::string> months;
    for (int m = 1; m <= project.horizonMonths; ++m)
        months.push_back(monthLabel(project.startMonth, m));
    return regimeMixOf(evaluation.gpus, std::move(months));
}

RegimeMixData regimeMixOf(const GpuCounts& counts, std::vector<std::string> months)
{
    RegimeMixData data;
    data.months = std::move(months);
    // The one count of GPUs (engine/gpu_counts.h), held by regime.
    for (const auto& [regime, held] : counts.heldByRegime) {
        data.regimes.push_back(regime);
        data.gpus.push_back(held);
        data.gpus.back().resize(data.months.size(), 0.0);
    }
    data.paidNotHeld.assign(data.months.size(), 0.0);
    for (std::size_t m = 0; m < data.months.size() && m < counts.months.size(); ++m)
        data.paidNotHeld[m] = std::max(0.0, counts.months[m].paid - counts.months[m].held);
    return data;
}

std::vector<std::pair<std::string, std::vector<double>>> mixSeries(const RegimeMixData& data)
{
    std::vector<std::pair<std::string, std::vector<double>>> series;
    for (std::size_t r = 0; r < data.regimes.size(); ++r)
        series.emplace_back(std::string(regimeLabel(data.regimes[r])), data.gpus[r]);
    if (sum(data.paidNotHeld) > 1e-9)
        series.emplace_back(kPaidNotHeldLabel, data.paidNotHeld);
    return series;
}

BreakEvenData breakEven(const Project& project, const Evaluation& evaluation)
{
    BreakEvenData data;
    const PriceBook* book = project.activePriceBook();
    if (!book)
        return data;
    data.priceBookName = book->name;
    if (project.fleet.mode == FleetMode::Fixed && !project.fleet.pools.empty()) {
        const auto largest = std::max_element(
            project.fleet.pools.begin(), project.fleet.pools.end(),
            [](const FleetPool& a, const FleetPool& b) { return a.count < b.count; });
        data.gpuId = largest->gpuId;
    } else {
        std::map<std::string, double> hours;
        for (const WorkloadEvaluation& w : evaluation.workloads)
            if (const OptionResult* option = w.chosenOption())
                hours[option->gpuId] += option->totalGpuHoursHeld();
        double most = -1;
        for (const auto& [id, h] : hours)
            if (h > most) {
                most = h;
                data.gpuId = id;
            }
    }
    const GpuModel* gpu = project.catalog().gpu(data.gpuId);
    if (!gpu)
        return data;
    // One GPU on spot loses a restart per interruption of its instance.
    const double lost = spotLostWorkFraction(project.assumptions, book, gpu->id, 1.0,
                                             project.assumptions.restartMin / 60.0);
    for (Plan plan : kAllPlans) {
        const auto price = book->usdPerGpuHour(*gpu, plan);
        if (!price)
            continue;
        BreakEvenLine line;
        line.plan = plan;
        line.committed = isCommitted(plan);
        line.usdPerGpuHour = *price;
        if (plan == Plan::Spot) {
            const auto effective = spotEffectiveUsdPerGpuHour(*price, lost);
            if (!effective)
                continue; // spot refused: it would lose most of the work
            line.usdPerGpuHour = *effective;
        }
        if (line.committed)
            line.breakEvenUtilization = breakEvenUtilization(*book, *gpu, plan);
        data.lines.push_back(line);
    }
    return data;
}

CostCurveData costCurve(const Project& project)
{
    CostCurveData data;
    const bool fixed = project.fleet.mode == FleetMode::Fixed;
    data.inputKey = fixed ? "fleet_size" : "utilization_ceiling";
    data.axisLabel = fixed ? "Fleet size (GPUs)" : "Scheduler utilization ceiling (× today's)";
    const SensitivityInput* input = sensitivityInput(data.inputKey);
    if (!input)
        return data;
    double gpus = 0;
    for (const FleetPool& pool : project.fleet.pools)
        gpus += pool.count;
    std::vector<double> factors;
    for (int i = 0; i <= 20; ++i)
        factors.push_back(0.5 + 0.05 * i);
    const auto cost = sensitivitySweep(project, *input, Kpi::MeanMonthlyCost, factors);
    const auto utilization = sensitivitySweep(project, *input, Kpi::Utilization, factors);
    for (std::size_t i = 0; i < factors.size(); ++i) {
        data.x.push_back(fixed ? std::round(factors[i] * gpus) : factors[i]);
        data.monthlyCostUsd.push_back(cost[i].kpi);
        data.utilization.push_back(utilization[i].kpi);
    }
    data.current = fixed ? gpus : 1.0;
    return data;
}

} // namespace fleet
