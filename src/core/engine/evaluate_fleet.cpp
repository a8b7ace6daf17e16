#include "engine/evaluate_fleet.h"

#include "engine/fleet_spot.h"
#include "engine/service_overflow.h"
#include "util/vector_sum.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace fleet {

namespace {

double wholeUp(double gpus)
{
    return std::max(0.0, std::ceil(gpus - 1e-6));
}

} // namespace

double gpusSetUp(const std::vector<const OptionResult*>& options, std::size_t m)
{
    std::map<RegimeKind, double> hours, shares;
    std::map<std::string, double> partitionGpus; // per profile: instances ÷ instances per GPU
    for (const OptionResult* option : options) {
        if (m >= option->months.size())
            continue;
        // A gang its runs' hours; services and notebooks towards their peak.
        const MonthRequirement need = option->capacity(m);
        if (isWholeGpu(option->regime))
            hours[option->regime] += need.gpuHoursHeld;
        else if (option->regime == RegimeKind::Partition)
            partitionGpus[option->profile] += need.units / double(option->unitsPerGpu);
        else
            shares[option->regime] += need.gpuEquivalents;
    }
    double gpus = 0;
    for (const auto& [profile, g] : partitionGpus)
        gpus += wholeUp(g);
    for (const auto& [regime, h] : hours)
        gpus += wholeUp(h / kHoursPerMonth);
    for (const auto& [regime, share] : shares)
        gpus += wholeUp(share);
    return gpus;
}

ElasticFill::ElasticFill(const std::vector<const OptionResult*>& options, std::size_t m)
    : m_saving(options.size(), 0.0), m_setUpGpuHours(options.size(), 0.0)
{
    for (std::size_t i = 0; i < options.size(); ++i) {
        m_saving[i] = options[i]->elasticSavingFraction(m);
        if (m_saving[i] > 0) {
            m_setUpGpuHours[i] = options[i]->setUpGpuHours(m);
            m_order.push_back(i);
        }
    }
    std::stable_sort(m_order.begin(), m_order.end(),
                     [&](std::size_t a, std::size_t b) { return m_saving[a] > m_saving[b]; });
}

std::vector<double> ElasticFill::hours(double elasticGpus) const
{
    std::vector<double> hours(m_saving.size(), 0.0);
    // Options that save alike share what is left in proportion to their
    // set-ups: the rows' order changes no workload's cost (invariants suite,
    // reorderedRowsChangeNothing).
    double left = std::max(0.0, elasticGpus) * kHoursPerMonth;
    for (std::size_t first = 0; first < m_order.size();) {
        const double saving = m_saving[m_order[first]];
        std::size_t last = first;
        double wanted = 0;
        for (; last < m_order.size() && m_saving[m_order[last]] == saving; ++last)
            wanted += m_setUpGpuHours[m_order[last]];
        const double share = wanted > left ? left / wanted : 1.0;
        for (std::size_t k = first; k < last; ++k) {
            hours[m_order[k]] = std::min(left, share * m_setUpGpuHours[m_order[k]]);
            left -= hours[m_order[k]];
        }
        first = last;
    }
    return hours;
}

double ElasticFill::flexibleUsd(double flexibleGpus, double usdPerGpuHour) const
{
    double usd = flexibleGpus * kHoursPerMonth * usdPerGpuHour;
    const std::vector<double> elastic = hours(flexibleGpus);
    for (std::size_t i = 0; i < elastic.size(); ++i)
        usd -= elastic[i] * m_saving[i] * usdPerGpuHour;
    return usd;
}

std::vector<double> elasticGpuHours(const std::vector<const OptionResult*>& options, std::size_t m,
                                    double elasticGpus)
{
    return ElasticFill(options, m).hours(elasticGpus);
}

double flexibleMonthUsd(const std::vector<const OptionResult*>& options, std::size_t m,
                        double flexibleGpus, double usdPerGpuHour)
{
    return ElasticFill(options, m).flexibleUsd(flexibleGpus, usdPerGpuHour);
}

std::vector<double> committedLevelCorners(const std::vector<const OptionResult*>& options,
                                          std::size_t m, double used)
{
    std::vector<double> corners = {used};
    const std::vector<double> all = elasticGpuHours(options, m, used);
    std::vector<std::pair<double, double>> bySaving; // saving, hours: the order they fill
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i] > 0)
            bySaving.emplace_back(options[i]->elasticSavingFraction(m), all[i]);
    std::stable_sort(bySaving.begin(), bySaving.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    double taken = 0;
    for (const auto& [saving, hours] : bySaving) {
        taken += hours;
        const double level = used - taken / kHoursPerMonth;
        corners.push_back(std::max(0.0, std::floor(level)));
        corners.push_back(std::max(0.0, std::ceil(level)));
    }
    return corners;
}

std::vector<FleetModelCash> fixedFleetCash(const Project& project,
                                           const std::vector<WorkloadEvaluation>& workloads)
{
    std::vector<FleetModelCash> models;
    const PriceBook* book = project.activePriceBook();
    const auto months = std::size_t(std::max(0, project.horizonMonths));
    std::map<std::string, std::size_t> index;
    auto modelOf = [&](const std::string& gpuId) -> FleetModelCash& {
        auto [it, added] = index.emplace(gpuId, models.size());
        if (added) {
            models.push_back({});
            models.back().gpuId = gpuId;
        }
        return models[it->second];
    };
    // Pools: committed ones at their count-weighted price, flexible ones as limits.
    std::map<std::string, double> committedUsd, flexibleUsd;
    for (const FleetPool& pool : project.fleet.pools) {
        if (pool.plan == Plan::Spot)
            continue; // only preemptible work runs there: engine/fleet_spot.h
        FleetModelCash& model = modelOf(pool.gpuId);
        const GpuModel* gpu = project.catalog().gpu(pool.gpuId);
        const double price =
            book && gpu ? book->usdPerGpuHour(*gpu, pool.plan).value_or(-1.0) : -1.0;
        if (isCommitted(pool.plan)) {
            if (price < 0)
                continue; // not priced: its cost is unknown (the project check says so)
            model.committedGpus += pool.count;
            committedUsd[pool.gpuId] += double(pool.count) * price;
        } else {
            model.flexibleGpus += pool.count;
            if (price >= 0) {
                flexibleUsd[pool.gpuId] += double(pool.count) * price;
                model.flexiblePriced = true;
            }
        }
    }
    std::map<std::string, std::vector<const OptionResult*>> chosen;
    for (const WorkloadEvaluation& w : workloads)
        if (const OptionResult* option = w.chosenOption(); option && w.chosenPlan != Plan::Spot)
            chosen[option->gpuId].push_back(option);
    for (const auto& [gpuId, options] : chosen)
        modelOf(gpuId);
    for (FleetModelCash& model : models) {
        if (model.committedGpus > 0)
            model.committedUsdPerGpuHour = committedUsd[model.gpuId] / model.committedGpus;
        if (model.flexiblePriced && model.flexibleGpus > 0) {
            model.flexibleUsdPerGpuHour = flexibleUsd[model.gpuId] / model.flexibleGpus;
        } else if (const GpuModel* gpu = project.catalog().gpu(model.gpuId); gpu && book) {
            // Beyond the fleet, GPUs would be rented on demand at list price.
            if (const auto price = book->usdPerGpuHour(*gpu, Plan::OnDemand)) {
                model.flexibleUsdPerGpuHour = *price;
                model.flexiblePriced = true;
            }
        }
        const auto& options = chosen[model.gpuId];
        model.options = options;
        const double committedMonth =
            model.committedGpus * kHoursPerMonth * model.committedUsdPerGpuHour;
        const double flexibleRate = kHoursPerMonth * model.flexibleUsdPerGpuHour;
        for (std::size_t m = 0; m < months; ++m) {
            const double used = gpusSetUp(options, m);
            const double onCommitted = std::min(used, model.committedGpus);
            const double flexible = std::max(0.0, used - model.committedGpus);
            const double beyond = std::max(0.0, flexible - model.flexibleGpus);
            // Services and notebooks on flexible GPUs pay their mean hours.
            std::vector<double> elastic = elasticGpuHours(options, m, flexible);
            double saved = 0;
            for (std::size_t i = 0; i < options.size(); ++i)
                saved +=
                    elastic[i] * options[i]->elasticSavingFraction(m) * model.flexibleUsdPerGpuHour;
            model.gpusUsed.push_back(used);
            model.beyondFleetGpus.push_back(beyond);
            model.elasticHours.push_back(std::move(elastic));
            model.elasticSavedUsd.push_back(saved);
            model.monthlyUsd.push_back(committedMonth + flexible * flexibleRate - saved);
            model.usedMonthlyUsd.push_back(onCommitted * kHoursPerMonth *
                                               model.committedUsdPerGpuHour +
                                           flexible * flexibleRate - saved);
        }
    }
    return models;
}

std::pair<double, double> renewalLevel(const FleetModelCash& model)
{
    const double committedRate = model.committedGpus > 0 ? model.committedUsdPerGpuHour : 0.0;
    const double flexibleRate = model.flexibleUsdPerGpuHour;
    // Each month's options sorted once, not at every level costed (that sort
    // was most of an edit's evaluation at ten thousand workloads).
    std::vector<ElasticFill> fills;
    fills.reserve(model.gpusUsed.size());
    for (std::size_t m = 0; m < model.gpusUsed.size(); ++m)
        fills.emplace_back(model.options, m);
    auto cost = [&](double level) {
        double usd = level * kHoursPerMonth * committedRate * double(model.gpusUsed.size());
        for (std::size_t m = 0; m < model.gpusUsed.size(); ++m)
            usd += fills[m].flexibleUsd(std::max(0.0, model.gpusUsed[m] - level), flexibleRate);
        return usd;
    };
    double best = model.committedGpus;
    double bestUsd = cost(best);
    if (!model.flexiblePriced)
        return {best, bestUsd};
    // The fleet's on-demand pools keep their limits at renewal, as in the
    // optimizer's resize: the commitment shrinks only while the busiest
    // month's GPUs still fit it and the pools (none would be beyond the fleet
    // that are not already). A model with no on-demand pool has a limit of
    // none: its commitment holds the busiest month (private-cloud's renewal
    // was 184 GPUs here, renting the rest at list price, and 218 in `solve`).
    double floor = 0;
    for (double used : model.gpusUsed)
        floor = std::max(floor, std::min(model.committedGpus, used - model.flexibleGpus));
    // The cost is convex and piecewise linear in the level: the best level is
    // one of its corners (or none at all), found by bisection over them —
    // months × options corners, each costing months × options to evaluate,
    // were seconds per evaluation on long horizons with many workloads.
    std::vector<double> candidates = {0.0, floor};
    for (std::size_t m = 0; m < model.gpusUsed.size(); ++m)
        for (double level : committedLevelCorners(model.options, m, model.gpusUsed[m]))
            candidates.push_back(level);
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    candidates.erase(candidates.begin(),
                     std::lower_bound(candidates.begin(), candidates.end(), floor - 1e-9));
    if (candidates.empty())
        return {best, bestUsd};
    // Convex: the first corner whose next one costs no less is a minimum.
    std::size_t lo = 0, hi = candidates.size() - 1;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (cost(candidates[mid]) <= cost(candidates[mid + 1]))
            hi = mid;
        else
            lo = mid + 1;
    }
    if (const double usd = cost(candidates[lo]); usd < bestUsd - 1e-6) {
        best = candidates[lo];
        bestUsd = usd;
    }
    return {best, bestUsd};
}

void addFixedFleetCash(const Project& project, Evaluation& evaluation)
{
    Kpis& k = evaluation.kpis;
    const auto months = std::size_t(std::max(0, project.horizonMonths));
    const std::vector<FleetModelCash> models = fixedFleetCash(project, evaluation.workloads);
    std::map<std::string, const FleetModelCash*> byGpu;
    // Per model, each option's place among its options and each month's
    // elastic hours, found once: per workload they made the loop below grow
    // with the square of the workloads.
    std::unordered_map<const OptionResult*, std::size_t> placeOf;
    std::map<const FleetModelCash*, std::vector<double>> elasticHoursOf;
    for (const FleetModelCash& model : models) {
        byGpu[model.gpuId] = &model;
        for (std::size_t i = 0; i < model.options.size(); ++i)
            placeOf.emplace(model.options[i], i);
        std::vector<double>& hours = elasticHoursOf[&model];
        for (const std::vector<double>& elastic : model.elasticHours)
            hours.push_back(sum(elastic));
    }
    // Each workload pays for the GPU-hours it holds (a gang its runs' hours, a
    // service or notebooks their mean), not for what it sets up: on flexible
    // GPUs that services and notebooks take (elasticGpuHours) at the flexible
    // rate, the rest at the month's rate of the other GPUs its model's plan
    // uses. What the GPUs set up hold beyond that — a service's peak above
    // its mean on committed GPUs — the commitment no work sets up and the
    // rounding to whole GPUs are idle commitment, no workload's
    // (docs/MODEL.md, "Idle commitment").
    for (WorkloadEvaluation& w : evaluation.workloads) {
        const OptionResult* option = w.chosenOption();
        if (!option)
            continue;
        w.monthlyCostUsd.assign(months, 0.0);
        if (w.chosenPlan == Plan::Spot)
            continue; // paid on the spot pools (addFixedFleetSpotCash)
        const FleetModelCash& model = *byGpu[option->gpuId];
        const auto place = placeOf.find(option);
        const std::size_t index = place == placeOf.end() ? model.options.size() : place->second;
        const std::vector<double>& elasticHoursOfMonth = elasticHoursOf[&model];
        for (std::size_t m = 0; m < months && m < option->months.size(); ++m) {
            if (model.gpusUsed[m] <= 0)
                continue;
            const std::vector<double>& elastic = model.elasticHours[m];
            const double elasticHours = elasticHoursOfMonth[m];
            const double restHours = model.gpusUsed[m] * kHoursPerMonth - elasticHours;
            const double restUsd = model.usedMonthlyUsd[m] + model.elasticSavedUsd[m] -
                                   elasticHours * model.flexibleUsdPerGpuHour;
            const double mine = index < elastic.size() ? elastic[index] : 0.0;
            // Held ÷ set up: the mean's share of what a service sets up (1 for other work).
            const double held = 1.0 - option->elasticSavingFraction(m);
            w.monthlyCostUsd[m] =
                held *
                (mine * model.flexibleUsdPerGpuHour +
                 (restHours > 0 ? (option->setUpGpuHours(m) - mine) * restUsd / restHours : 0.0));
        }
    }
    k.monthlyCostUsd.assign(months, 0.0);
    // A service's preemptible overflow runs off the fleet, paid by the hour.
    for (WorkloadEvaluation& w : evaluation.workloads)
        if (const OptionResult* option = w.chosenOption())
            for (std::size_t m = 0; m < months; ++m)
                if (const double usd = overflowCostUsd(project, *option, m); usd > 0) {
                    w.monthlyCostUsd[m] += usd;
                    k.monthlyCostUsd[m] += usd;
                }
    double renewalUsd = 0, currentUsd = 0, renewalGpus = 0;
    bool anyCommitted = false;
    std::vector<double> beyondFleet(months, 0.0); // GPUs above the fleet, all models, per month
    for (const FleetModelCash& model : models) {
        for (std::size_t m = 0; m < months; ++m)
            k.monthlyCostUsd[m] += model.monthlyUsd[m];
        const double committedUsd =
            model.committedGpus * kHoursPerMonth * model.committedUsdPerGpuHour * double(months);
        k.committedCostUsd += committedUsd;
        k.committedGpus += model.committedGpus;
        k.fleetGpuHours +=
            (model.committedGpus + model.flexibleGpus) * kHoursPerMonth * double(months);
        double peak = 0;
        for (std::size_t m = 0; m < months; ++m) {
            peak = std::max(peak, model.gpusUsed[m]);
            beyondFleet[m] += model.beyondFleetGpus[m];
        }
        const double freed = std::max(0.0, model.committedGpus - peak);
        k.capacityFreedGpus += freed;
        k.capacityFreedUsd +=
            freed * kHoursPerMonth * model.committedUsdPerGpuHour * double(months);
        if (model.committedGpus > 0) {
            anyCommitted = true;
            const auto [level, usd] = renewalLevel(model);
            renewalGpus += level;
            renewalUsd += usd;
            currentUsd += sum(model.monthlyUsd);
        }
    }
    addFixedFleetSpotCash(project, evaluation, beyondFleet);
    for (double gpus : beyondFleet)
        k.peakGpusBeyondFleet = std::max(k.peakGpusBeyondFleet, gpus);
    if (anyCommitted) {
        k.renewalCommittedGpus = renewalGpus;
        k.renewalSavingUsd = std::max(0.0, currentUsd - renewalUsd);
    }
}

} // namespace fleet
