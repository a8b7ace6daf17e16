#include "engine/evaluate_fleet.h"

#include "engine/committed_level.h"
#include "engine/fleet_spot.h"
#include "engine/regime_network.h"
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
    double gpus = 0;
    for (double need : gpusNeeded(options, m))
        gpus += wholeUp(need);
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
    // Most saving first; among equal savings the least set up first, so
    // that a tie's sum (below) is in a canonical order, not the rows'.
    std::stable_sort(m_order.begin(), m_order.end(), [&](std::size_t a, std::size_t b) {
        if (m_saving[a] != m_saving[b])
            return m_saving[a] > m_saving[b];
        return m_setUpGpuHours[a] < m_setUpGpuHours[b];
    });
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
    const std::vector<double> elastic = hours(flexibleGpus);
    std::vector<double> saved;
    for (std::size_t i = 0; i < elastic.size(); ++i)
        saved.push_back(elastic[i] * m_saving[i] * usdPerGpuHour);
    return flexibleGpus * kHoursPerMonth * usdPerGpuHour - canonicalSum(std::move(saved));
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
    // Pools: committed ones at their count-weighted price, flexible ones as
    // limits (each model's terms summed in a canonical order: util/vector_sum.h).
    std::map<std::string, std::vector<double>> committedUsd, flexibleUsd;
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
            committedUsd[pool.gpuId].push_back(double(pool.count) * price);
        } else {
            model.flexibleGpus += pool.count;
            if (price >= 0) {
                flexibleUsd[pool.gpuId].push_back(double(pool.count) * price);
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
            model.committedUsdPerGpuHour =
                canonicalSum(committedUsd[model.gpuId]) / model.committedGpus;
        if (model.flexiblePriced && model.flexibleGpus > 0) {
            model.flexibleUsdPerGpuHour =
                canonicalSum(flexibleUsd[model.gpuId]) / model.flexibleGpus;
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
        for (std::size_t m = 0; m < months; ++m)
            model.needs.push_back(gpusNeeded(options, m));
        const CommittedLevels levels(options, model.needs);
        for (std::size_t m = 0; m < months; ++m) {
            // Committed GPUs are whole GPUs, each set up for one regime; what
            // they leave is rented by the hour, to the fraction of a GPU.
            const double onCommitted = std::min(gpusSetUp(options, m), model.committedGpus);
            const double flexible = levels.flexibleGpus(m, model.committedGpus);
            const double used = onCommitted + flexible;
            const double beyond = std::max(0.0, flexible - model.flexibleGpus);
            // Services and notebooks on flexible GPUs pay their mean hours.
            std::vector<double> elastic = elasticGpuHours(options, m, flexible);
            std::vector<double> savings;
            for (std::size_t i = 0; i < options.size(); ++i)
                savings.push_back(elastic[i] * options[i]->elasticSavingFraction(m) *
                                  model.flexibleUsdPerGpuHour);
            const double saved = canonicalSum(std::move(savings));
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
    const CommittedLevels levels(model.options, model.needs);
    const auto cost = [&](double level) {
        return levels.cost(level, 0, committedRate, flexibleRate);
    };
    double best = model.committedGpus;
    double bestUsd = cost(best);
    if (!model.flexiblePriced)
        return {best, bestUsd};
    // The fleet's on-demand pools keep their limits at renewal, as in the
    // optimizer's resize: the commitment shrinks only while every month's
    // GPUs rented by the hour still fit the pools (none would be beyond the
    // fleet that are not already). A model with no on-demand pool has a
    // limit of none: its commitment holds the busiest month (private-cloud's
    // renewal was 184 GPUs here, renting the rest at list price, and 218 in
    // `solve`).
    const double floor = levels.leastFitting(model.flexibleGpus, 0, model.committedGpus)
                             .value_or(model.committedGpus);
    // Convex in the level (engine/committed_level.h): bisection over the
    // whole levels up to the busiest month's GPUs set up.
    const double level = levels.cheapestLevel(floor, std::max(floor, levels.mostWholeGpus()), 0,
                                              committedRate, flexibleRate);
    if (const double usd = cost(level); usd < bestUsd - 1e-6) {
        best = level;
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
            hours.push_back(canonicalSum(elastic));
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
    // A service's preemptible overflow runs off the fleet, paid by the hour;
    // a network-pooled regime's network is paid beside the fleet's GPUs.
    for (WorkloadEvaluation& w : evaluation.workloads)
        if (const OptionResult* option = w.chosenOption())
            for (std::size_t m = 0; m < months; ++m)
                if (const double usd =
                        overflowCostUsd(project, *option, m) + networkCostUsd(project, *option, m);
                    usd > 0) {
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
