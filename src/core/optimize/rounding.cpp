#include "optimize/rounding.h"

#include "engine/committed_level.h"
#include "engine/evaluate_fleet.h"
#include "model/spot.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace fleet {

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

namespace {

/// What one regime (or one partition profile) of a GPU model needs in a
/// month, in GPUs before rounding, and the columns that supply it: whole
/// committed GPUs (setup or layout, integer) and GPUs rented by the hour
/// (flex, continuous); -1 where the model has none.
struct Supply
{
    int whole = -1;
    int flex = -1;
    double need = 0;
};

using GpuMonth = std::pair<std::string, int>;

/// Every GPU model's and month's supplies for the chosen options: whole-GPU
/// regimes their hours ÷ 730, shared regimes the most of their shares,
/// memory and tenants, partitions their instances ÷ the layout holding most
/// of the profile. Nullopt when a profile has no layout.
std::optional<std::map<GpuMonth, std::vector<Supply>>>
suppliesOf(const Project& project, const Model& model,
           const std::vector<const OptionResult*>& chosen)
{
    std::map<std::tuple<std::string, int, RegimeKind>, Supply> regimes;
    for (const RegimeColumn& rc : model.regimes)
        regimes[{rc.gpuId, rc.month, rc.regime}].whole = rc.column;
    for (const RegimeColumn& rc : model.flexRegimes)
        regimes[{rc.gpuId, rc.month, rc.regime}].flex = rc.column;
    std::map<GpuMonth, std::vector<Supply>> supplies;
    for (auto& [key, supply] : regimes) {
        const auto& [gpuId, month, kind] = key;
        const Regime& regime = project.regime(kind);
        double hours = 0, share = 0, memory = 0, tenants = 0;
        for (const OptionResult* option : chosen) {
            if (option->gpuId != gpuId || option->regime != kind)
                continue;
            // A gang its runs' hours; services and notebooks towards their peak.
            const MonthRequirement need = option->capacity(std::size_t(month - 1));
            hours += need.gpuHoursHeld;
            share += need.gpuEquivalents; // the engine's, packing loss included
            memory += need.memoryGb;
            tenants += need.units;
        }
        if (isWholeGpu(kind)) {
            supply.need = hours / kHoursPerMonth;
        } else {
            const GpuModel* gpu = project.catalog().gpu(gpuId);
            supply.need = std::max(
                {share, memory / (gpu->memoryGb.value * project.assumptions.usableMemoryFraction),
                 tenants / regime.maxTenantsPerGpu});
        }
        supplies[{gpuId, month}].push_back(supply);
    }
    std::map<GpuMonth, std::map<std::string, double>> instances;
    for (const OptionResult* option : chosen)
        if (isPartitioned(option->regime))
            for (int m = 1; m <= project.horizonMonths; ++m)
                instances[{option->gpuId, m}][option->profile] +=
                    option->capacity(std::size_t(m - 1)).units;
    for (const auto& [key, profiles] : instances) {
        for (const auto& [profile, needed] : profiles) {
            if (needed <= 1e-9)
                continue;
            // The layout holding the most instances of this profile.
            const PartitionLayout* best = nullptr;
            for (const std::vector<LayoutColumn>* columns : {&model.layouts, &model.flexLayouts})
                for (const LayoutColumn& lc : *columns)
                    if (lc.gpuId == key.first && lc.month == key.second &&
                        (!best || lc.layout->count(profile) > best->count(profile)))
                        best = lc.layout;
            if (!best || best->count(profile) == 0)
                return std::nullopt;
            Supply supply;
            supply.need = needed / best->count(profile);
            for (const LayoutColumn& lc : model.layouts)
                if (lc.gpuId == key.first && lc.month == key.second && lc.layout == best)
                    supply.whole = lc.column;
            for (const LayoutColumn& lc : model.flexLayouts)
                if (lc.gpuId == key.first && lc.month == key.second && lc.layout == best)
                    supply.flex = lc.column;
            supplies[key].push_back(supply);
        }
    }
    return supplies;
}

/// `committed` whole GPUs set up for a month's supplies (the whole parts
/// first, then the largest remainders: engine/committed_level.h), the rest
/// rented by the hour. Returns the GPUs rented; -1 when a supply without a
/// flex column is left short.
double setUpMonth(std::vector<Supply>& supplies, double committed, std::vector<double>& values)
{
    std::vector<double> whole(supplies.size()), remainder(supplies.size());
    for (std::size_t k = 0; k < supplies.size(); ++k) {
        whole[k] = std::floor(std::max(0.0, supplies[k].need) + 1e-6);
        remainder[k] = supplies[k].need - whole[k] > 1e-6 ? supplies[k].need - whole[k] : 0.0;
    }
    std::vector<double> gpus(supplies.size(), 0.0);
    double left = committed;
    for (std::size_t k = 0; k < supplies.size(); ++k) {
        gpus[k] = std::min(whole[k], left);
        left -= gpus[k];
    }
    std::vector<std::size_t> order(supplies.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
    for (std::size_t k : order)
        if (left >= 1 && remainder[k] > 0 && gpus[k] == whole[k]) {
            gpus[k] += 1;
            left -= 1;
        }
    double rented = 0;
    for (std::size_t k = 0; k < supplies.size(); ++k) {
        const double rest = std::max(0.0, supplies[k].need - gpus[k]);
        if (supplies[k].whole >= 0)
            values[std::size_t(supplies[k].whole)] += gpus[k];
        else if (gpus[k] > 0)
            return -1;
        if (supplies[k].flex >= 0) {
            values[std::size_t(supplies[k].flex)] += rest;
            rented += rest;
        } else if (rest > 1e-9) {
            return -1;
        }
    }
    return rented;
}

} // namespace

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
    // Spot GPUs per whole-GPU regime, rented by the hour: the hours of the
    // work placed on spot, grown by what it loses to interruptions.
    for (const RegimeColumn& rc : model.spotRegimes) {
        double hours = 0;
        for (const OptionResult* option : chosenOnSpot)
            if (option->gpuId == rc.gpuId && option->regime == rc.regime)
                hours += spotGpuHoursHeld(option->spotGpuHoursPaid(std::size_t(rc.month - 1)),
                                          option->lostWorkFractionOnSpot);
        values[std::size_t(rc.column)] = hours / kHoursPerMonth;
    }
    // 2. What each GPU model needs per regime (and profile) and month.
    auto supplies = suppliesOf(project, model, chosen);
    if (!supplies)
        return std::nullopt;
    // 3. Plans: committed GPUs at the level that costs least against the
    // flexible plan renting the rest by the hour (the engine's renewal
    // search: engine/committed_level.h); raised where the flexible plan's
    // limit (a fixed fleet's on-demand pools) cannot hold the rest.
    std::map<std::string, std::vector<const PlanColumn*>> plansByGpu;
    for (const PlanColumn& pc : model.plans)
        plansByGpu[pc.gpuId].push_back(&pc);
    for (auto& [gpuId, columns] : plansByGpu) {
        const auto months = std::size_t(project.horizonMonths);
        std::vector<std::vector<double>> needs(months);
        for (std::size_t m = 0; m < months; ++m)
            for (const Supply& supply : (*supplies)[{gpuId, int(m) + 1}])
                needs[m].push_back(supply.need);
        std::vector<const OptionResult*> onGpu; // services on flexible GPUs pay their mean
        for (const OptionResult* option : chosen)
            if (option->gpuId == gpuId)
                onGpu.push_back(option);
        const CommittedLevels levels(onGpu, needs);
        std::map<Plan, std::vector<const PlanColumn*>> byPlan;
        for (const PlanColumn* pc : columns)
            byPlan[pc->plan].push_back(pc);
        std::vector<std::pair<double, Plan>> committed;
        const PlanColumn* flexible = nullptr; // the cheapest flexible plan, month 1
        for (const auto& [plan, planColumns] : byPlan) {
            if (isCommitted(plan))
                committed.emplace_back(planColumns.front()->usdPerGpuHour, plan);
            else if (!flexible || planColumns.front()->usdPerGpuHour < flexible->usdPerGpuHour)
                flexible = planColumns.front();
        }
        std::sort(committed.begin(), committed.end());
        const auto bounds = [&](Plan plan) {
            const MilpColumn& c = model.milp.columns[std::size_t(byPlan[plan].front()->column)];
            return std::pair(c.lower, c.upper);
        };
        const double limit =
            flexible ? model.milp.columns[std::size_t(flexible->column)].upper : 0.0;
        // A fixed fleet's commitment is held whatever the demand (its lower bound).
        std::map<Plan, double> counts;
        double level = 0;
        for (const auto& [price, plan] : committed) {
            counts[plan] = bounds(plan).first;
            level += counts[plan];
        }
        // Committed plans cheaper than renting, cheapest first, each at the
        // level of least cost (never below the one the flexible limit needs).
        for (const auto& [price, plan] : committed) {
            if (!flexible || price >= flexible->usdPerGpuHour)
                continue;
            const double top = level + bounds(plan).second - counts[plan];
            const double lo = levels.leastFitting(limit, level, top).value_or(top);
            const double best =
                levels.cheapestLevel(lo, std::max(lo, std::min(top, levels.mostWholeGpus())), level,
                                     price, flexible->usdPerGpuHour);
            counts[plan] += best - level;
            level = best;
        }
        // What the flexible plan cannot hold goes to committed plans, cheapest first.
        for (const auto& [price, plan] : committed) {
            const double top = level + bounds(plan).second - counts[plan];
            if (levels.leastFitting(limit, level, level))
                break;
            const double enough = levels.leastFitting(limit, level, top).value_or(top);
            counts[plan] += enough - level;
            level = enough;
        }
        for (const auto& [plan, count] : counts)
            for (const PlanColumn* pc : byPlan[plan])
                values[std::size_t(pc->column)] = count;
        for (std::size_t m = 0; m < months; ++m) {
            const double rented = setUpMonth((*supplies)[{gpuId, int(m) + 1}], level, values);
            if (rented < 0 || rented > limit + 1e-6)
                return std::nullopt;
            if (flexible)
                values[std::size_t(byPlan[flexible->plan][m]->column)] = rented;
        }
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
