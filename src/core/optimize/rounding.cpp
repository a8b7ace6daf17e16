#include "optimize/rounding.h"

#include "engine/evaluate_fleet.h"
#include "model/spot.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace fleet {

namespace {

int roundUp(double value)
{
    return static_cast<int>(std::ceil(value - 1e-7));
}

} // namespace

bool satisfies(const Milp& milp, const std::vector<double>& values)
{
    for (std::size_t i = 0; i < milp.columns.size(); ++i)
        if (values[i] < milp.columns[i].lower - 1e-6 || values[i] > milp.columns[i].upper + 1e-6)
            return false;
    for (const MilpRow& row : milp.rows) {
        double activity = 0;
        for (const auto& [column, coefficient] : row.terms)
            activity += coefficient * values[std::size_t(column)];
        const double tolerance = 1e-6 * std::max(1.0, std::abs(activity));
        if (activity < row.lower - tolerance || activity > row.upper + tolerance)
            return false;
    }
    return true;
}

double objectiveOf(const Milp& milp, const std::vector<double>& values)
{
    double total = 0;
    for (std::size_t i = 0; i < milp.columns.size(); ++i)
        total += milp.columns[i].objective * values[i];
    return total;
}

std::optional<std::vector<double>> roundLpSolution(const Project& project, const Model& model,
                                                   const std::vector<double>& lp,
                                                   Objective objective)
{
    std::vector<double> values(model.milp.columns.size(), 0.0);
    // 1. Options.
    std::vector<const OptionResult*> chosen;
    std::vector<const OptionResult*> chosenOnSpot;
    for (const WorkloadOptions& entry : model.workloads) {
        const OptionColumn* best = nullptr;
        double weight = 0;
        for (const OptionColumn& oc : entry.columns)
            if (!best || lp[std::size_t(oc.column)] > weight + 1e-9) {
                best = &oc;
                weight = lp[std::size_t(oc.column)];
            }
        if (!best || (objective == Objective::Margin && weight < 0.5))
            continue; // nothing to place, or the LP would rather not serve it
        values[std::size_t(best->column)] = 1.0;
        (best->onSpot ? chosenOnSpot : chosen).push_back(best->option);
    }
    // Spot GPUs per whole-GPU regime: the hours of the work placed on spot,
    // grown by what it loses to interruptions.
    for (const RegimeColumn& rc : model.spotRegimes) {
        double hours = 0;
        for (const OptionResult* option : chosenOnSpot)
            if (option->gpuId == rc.gpuId && option->regime == rc.regime)
                hours += spotGpuHoursHeld(option->spotGpuHoursPaid(std::size_t(rc.month - 1)),
                                          option->lostWorkFractionOnSpot);
        values[std::size_t(rc.column)] = roundUp(hours / kHoursPerMonth);
    }
    // 2. Set-ups and layouts, per GPU model and month.
    std::map<std::pair<std::string, int>, int> totals;
    for (const RegimeColumn& rc : model.regimes) {
        const Regime& regime = project.regime(rc.regime);
        double hours = 0, share = 0, memory = 0, tenants = 0;
        for (const OptionResult* option : chosen) {
            if (option->gpuId != rc.gpuId || option->regime != rc.regime)
                continue;
            // A gang its runs' hours; services and notebooks towards their peak.
            const MonthRequirement need = option->capacity(std::size_t(rc.month - 1));
            hours += need.gpuHoursHeld;
            share += need.gpuEquivalents; // the engine's, packing loss included
            memory += need.memoryGb;
            tenants += need.units;
        }
        int gpus = 0;
        if (isWholeGpu(rc.regime)) {
            gpus = roundUp(hours / kHoursPerMonth);
        } else {
            const GpuModel* gpu = project.catalog().gpu(rc.gpuId);
            gpus = std::max(
                {roundUp(share),
                 roundUp(memory / (gpu->memoryGb.value * project.assumptions.usableMemoryFraction)),
                 roundUp(tenants / regime.maxTenantsPerGpu)});
        }
        values[std::size_t(rc.column)] = gpus;
        totals[{rc.gpuId, rc.month}] += gpus;
    }
    std::map<std::pair<std::string, int>, std::map<std::string, double>> instances;
    for (const OptionResult* option : chosen)
        if (option->regime == RegimeKind::Partition)
            for (int m = 1; m <= project.horizonMonths; ++m)
                instances[{option->gpuId, m}][option->profile] +=
                    option->capacity(std::size_t(m - 1)).units;
    for (const auto& [key, profiles] : instances) {
        for (const auto& [profile, needed] : profiles) {
            if (needed <= 1e-9)
                continue;
            // The layout holding the most instances of this profile.
            const LayoutColumn* best = nullptr;
            for (const LayoutColumn& lc : model.layouts)
                if (lc.gpuId == key.first && lc.month == key.second &&
                    (!best || lc.layout->count(profile) > best->layout->count(profile)))
                    best = &lc;
            if (!best || best->layout->count(profile) == 0)
                return std::nullopt;
            const int gpus = roundUp(needed / best->layout->count(profile));
            values[std::size_t(best->column)] += gpus;
            totals[key] += gpus;
        }
    }
    // 3. Plans: committed GPUs cover the demand every month shares when they
    // are cheaper than the cheapest flexible plan; flexible plans fill each
    // month; whatever is left goes to committed plans at its peak.
    std::map<std::string, std::vector<const PlanColumn*>> plansByGpu;
    for (const PlanColumn& pc : model.plans)
        plansByGpu[pc.gpuId].push_back(&pc);
    for (auto& [gpuId, columns] : plansByGpu) {
        std::vector<int> remaining(std::size_t(project.horizonMonths), 0);
        for (int m = 1; m <= project.horizonMonths; ++m)
            remaining[std::size_t(m - 1)] = totals[{gpuId, m}];
        std::map<Plan, std::vector<const PlanColumn*>> byPlan;
        for (const PlanColumn* pc : columns)
            byPlan[pc->plan].push_back(pc);
        std::vector<std::pair<double, Plan>> order;
        for (const auto& [plan, months] : byPlan)
            order.emplace_back(months.front()->usdPerGpuHour, plan);
        std::sort(order.begin(), order.end());
        double cheapestFlexible = 1e300;
        for (const auto& [price, plan] : order)
            if (!isCommitted(plan))
                cheapestFlexible = std::min(cheapestFlexible, price);
        const auto limitOf = [&](Plan plan) {
            return model.milp.columns[std::size_t(byPlan[plan].front()->column)].upper;
        };
        const auto commit = [&](Plan plan, int count) {
            for (const PlanColumn* pc : byPlan[plan])
                values[std::size_t(pc->column)] += count;
            for (int& left : remaining)
                left = std::max(0, left - count);
        };
        // A fixed fleet's commitment is held whatever the demand (its lower bound).
        for (const auto& [price, plan] : order)
            if (isCommitted(plan))
                if (const double floor =
                        model.milp.columns[std::size_t(byPlan[plan].front()->column)].lower;
                    floor > 0)
                    commit(plan, int(floor));
        std::vector<const OptionResult*> onGpu; // services on flexible GPUs pay their mean
        for (const OptionResult* option : chosen)
            if (option->gpuId == gpuId)
                onGpu.push_back(option);
        for (const auto& [price, plan] : order)
            if (isCommitted(plan) && price < cheapestFlexible) {
                // The committed count that costs least against the flexible
                // plan taking the rest: committed GPUs are paid every month,
                // flexible ones only in the months they are needed, and the
                // services and notebooks on them at their mean
                // (engine/evaluate_fleet.h: the engine's renewal level).
                const double room =
                    limitOf(plan) - values[std::size_t(byPlan[plan].front()->column)];
                // The flexible plans' limits (a fixed fleet's on-demand pools)
                // hold at most this many: below the busiest month's rest less
                // them, the level leaves GPUs no plan holds (the engine's
                // renewal floor, engine/evaluate_fleet.h renewalLevel).
                double flexibleLimit = 0;
                for (const auto& [other, otherPlan] : order)
                    if (!isCommitted(otherPlan))
                        flexibleLimit += limitOf(otherPlan);
                const double floorLevel = std::clamp(
                    *std::max_element(remaining.begin(), remaining.end()) - flexibleLimit, 0.0,
                    std::max(0.0, room));
                std::vector<double> candidates = {floorLevel};
                std::vector<ElasticFill> fills; // each month's order, sorted once
                for (std::size_t m = 0; m < remaining.size(); ++m) {
                    for (double level : committedLevelCorners(onGpu, m, remaining[m]))
                        candidates.push_back(level);
                    fills.emplace_back(onGpu, m);
                }
                int best = 0;
                double bestCost = 1e300;
                std::set<int> costed; // a level costs the same each time: once is enough
                for (double candidate : candidates) {
                    const int level =
                        int(std::ceil(std::clamp(candidate, floorLevel, std::max(0.0, room))));
                    if (!costed.insert(level).second)
                        continue;
                    double cost = level * price * double(remaining.size()) * kHoursPerMonth;
                    for (std::size_t m = 0; m < remaining.size(); ++m)
                        cost += fills[m].flexibleUsd(std::max(0, remaining[m] - level),
                                                     cheapestFlexible);
                    if (cost < bestCost) {
                        bestCost = cost;
                        best = level;
                    }
                }
                commit(plan, best);
            }
        for (const auto& [price, plan] : order) {
            if (isCommitted(plan))
                continue;
            for (const PlanColumn* pc : byPlan[plan]) {
                int& left = remaining[std::size_t(pc->month - 1)];
                const int take = int(std::min<double>(left, limitOf(plan)));
                values[std::size_t(pc->column)] += take;
                left -= take;
            }
        }
        for (const auto& [price, plan] : order)
            if (isCommitted(plan)) {
                const int peak = *std::max_element(remaining.begin(), remaining.end());
                const double room =
                    limitOf(plan) - values[std::size_t(byPlan[plan].front()->column)];
                commit(plan, int(std::min<double>(peak, room)));
            }
        if (*std::max_element(remaining.begin(), remaining.end()) > 0)
            return std::nullopt;
    }
    // 4. On-demand GPUs: the chosen services and notebooks that save most by
    // the hour take them, as the engine places them (elasticGpuHours).
    std::map<std::pair<int, int>, std::vector<const ElasticColumn*>> elastic; // flexible, month
    for (const ElasticColumn& ec : model.elastic)
        if (values[std::size_t(ec.optionColumn)] > 0.5)
            elastic[{ec.flexibleColumn, ec.month}].push_back(&ec);
    for (const auto& [key, columns] : elastic) {
        std::vector<const OptionResult*> options;
        for (const ElasticColumn* ec : columns)
            options.push_back(ec->option);
        const std::vector<double> hours =
            elasticGpuHours(options, std::size_t(key.second - 1), values[std::size_t(key.first)]);
        for (std::size_t i = 0; i < columns.size(); ++i)
            values[std::size_t(columns[i]->column)] = hours[i] / kHoursPerMonth;
    }
    if (!satisfies(model.milp, values))
        return std::nullopt;
    return values;
}

std::optional<std::vector<double>> planOfEngineChoices(const Project& project, const Model& model,
                                                       const Evaluation& evaluation,
                                                       Objective objective)
{
    std::map<std::string, const WorkloadEvaluation*> byId;
    for (const WorkloadEvaluation& w : evaluation.workloads)
        byId[w.id] = &w;
    // Weight 1 on each engine choice's column: the rounding then takes it.
    std::vector<double> weights(model.milp.columns.size(), 0.0);
    for (const WorkloadOptions& entry : model.workloads) {
        const auto found = byId.find(entry.workload->id);
        const OptionResult* chosen = found == byId.end() ? nullptr : found->second->chosenOption();
        if (!chosen)
            return std::nullopt;
        // On spot where the engine put it and the model has the column.
        const OptionColumn* column = nullptr;
        for (const OptionColumn& oc : entry.columns)
            if (oc.option->gpuId == chosen->gpuId && oc.option->regime == chosen->regime &&
                oc.option->profile == chosen->profile &&
                (!column || oc.onSpot == (found->second->chosenPlan == Plan::Spot)))
                column = &oc;
        if (!column)
            return std::nullopt;
        weights[std::size_t(column->column)] = 1.0;
    }
    auto plan = roundLpSolution(project, model, weights, objective);
    if (plan && !satisfies(model.milp, *plan))
        return std::nullopt;
    return plan;
}

} // namespace fleet
