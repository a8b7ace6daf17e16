#include "optimize/regime_mix_model.h"

// The regime-mix model: every workload's options as assignment columns, GPU
// counts per plan, regime set-ups and partition layouts, spot pools and the
// elastic (on-demand at the mean) savings. docs/OPTIMIZER.md.

#include "engine/fleet_spot.h"
#include "engine/options.h"
#include "engine/regime_network.h"
#include "engine/service_overflow.h"
#include "model/regime_descriptor.h"
#include "model/spot.h"
#include "optimize/infeasibility.h"
#include "optimize/partition_layouts.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace fleet {

namespace {

/// The upper bound of a GPU-count column with no fleet limit: far above any
/// fleet, small enough for CLP's tolerances (a bound, not a plan); raised
/// where the work on a GPU model could need more (gpuCountCap).
constexpr double kGpuCountCap = 1e7;

std::string name(std::initializer_list<std::string_view> parts)
{
    std::string text;
    for (std::string_view part : parts) {
        if (part.empty())
            continue;
        if (!text.empty())
            text += '|';
        for (char c : part)
            text += (c == ' ' || c == '|') ? '_' : c;
    }
    return text;
}

/// Plans a GPU model can be held under: the fleet's pools (fixed mode) or the
/// book's prices (size mode). Spot is left out: see docs/OPTIMIZER.md.
std::vector<std::pair<Plan, std::optional<int>>> plansFor(const Project& project,
                                                          const GpuModel& gpu)
{
    std::vector<std::pair<Plan, std::optional<int>>> plans;
    const PriceBook* book = project.activePriceBook();
    for (Plan plan : kAllPlans) {
        if (plan == Plan::Spot || !book || !book->usdPerGpuHour(gpu, plan))
            continue;
        if (project.fleet.mode == FleetMode::Size) {
            plans.emplace_back(plan, std::nullopt);
            continue;
        }
        int count = 0;
        bool pooled = false;
        for (const FleetPool& pool : project.fleet.pools)
            if (pool.gpuId == gpu.id && pool.plan == plan) {
                count += pool.count;
                pooled = true;
            }
        if (pooled)
            plans.emplace_back(plan, count);
    }
    return plans;
}

} // namespace

/// What one option earns: its segment's price on the GPU-hours it holds.
double revenueOf(const Project& project, const Workload& workload, const OptionResult& option)
{
    const Segment* segment = project.segment(workload.segmentId);
    double held = option.totalGpuHoursHeld();
    for (const MonthRequirement& month : option.months)
        held += month.overflowGpuHoursHeld; // overflow replicas serve the customer too
    return segment ? segment->priceUsdPerGpuHour * held : 0.0;
}

std::vector<WorkloadOptions> gatherOptions(const Project& project,
                                           std::vector<std::string>* reasons)
{
    std::vector<WorkloadOptions> workloads;
    for (const Workload& workload : project.workloads) {
        WorkloadOptions entry;
        entry.workload = &workload;
        std::vector<RejectedOption> rejected;
        for (OptionResult& option : buildOptions(project, workload, OptionFilter{}, &rejected))
            if (matchesChoice(option, workload.choice))
                entry.options.push_back(std::move(option));
        if (entry.options.empty() && reasons)
            reasons->push_back(explainNoOption(project, workload, rejected));
        workloads.push_back(std::move(entry));
    }
    return workloads;
}

std::vector<WorkloadOptions> gatherOptions(const Project& project, const Evaluation& evaluation,
                                           std::vector<std::string>* reasons)
{
    std::vector<WorkloadOptions> workloads;
    workloads.reserve(project.workloads.size());
    for (std::size_t i = 0; i < project.workloads.size(); ++i) {
        const Workload& workload = project.workloads[i];
        const WorkloadEvaluation& evaluated = evaluation.workloads.at(i);
        WorkloadOptions entry;
        entry.workload = &workload;
        for (const OptionResult& option : evaluated.options)
            if (matchesChoice(option, workload.choice)) {
                entry.options.push_back(option);
                entry.options.back().planCosts = {}; // the model prices plans itself
            }
        if (entry.options.empty() && reasons)
            reasons->push_back(explainNoOption(project, workload, evaluated.rejected));
        workloads.push_back(std::move(entry));
    }
    return workloads;
}

Model buildRegimeMixModel(const Project& project, Objective objective)
{
    std::vector<std::string> reasons;
    std::vector<WorkloadOptions> workloads = gatherOptions(project, &reasons);
    Model model = buildRegimeMixModel(project, objective, std::move(workloads));
    model.reasons = std::move(reasons);
    return model;
}

Model buildRegimeMixModel(const Project& project, Objective objective, const Evaluation& evaluation)
{
    std::vector<std::string> reasons;
    std::vector<WorkloadOptions> workloads = gatherOptions(project, evaluation, &reasons);
    Model model = buildRegimeMixModel(project, objective, std::move(workloads));
    model.reasons = std::move(reasons);
    return model;
}

namespace {

/// An option column on one GPU model, with its workload: the model's rows
/// per GPU model, regime and month read only these (reading every column
/// for each GPU model and month grew as GPU models × months × columns).
struct ColumnOnGpu
{
    const Workload* workload;
    const OptionColumn* column;
};

std::vector<ColumnOnGpu> columnsOn(const Model& model, const std::string& gpuId)
{
    std::vector<ColumnOnGpu> columns;
    for (const WorkloadOptions& entry : model.workloads)
        for (const OptionColumn& oc : entry.columns)
            if (oc.option->gpuId == gpuId)
                columns.push_back({entry.workload, &oc});
    return columns;
}

/// The upper bound of `gpu`'s GPU-count columns with no fleet limit: above
/// what every option on it could need at once in a month, each at its
/// busiest (one generated service held 11.5 M GPUs at its peak: under a cap
/// of 1e7 its on-demand GPUs ran out and the plan reserved the rest, 32 %
/// above the engine's choices).
double gpuCountCap(const Project& project, const GpuModel& gpu,
                   const std::vector<ColumnOnGpu>& onGpu)
{
    double most = 0;
    for (const auto& [workload, oc] : onGpu) {
        double busiest = 0;
        for (std::size_t m = 0; m < oc->option->months.size(); ++m) {
            const MonthRequirement need = oc->option->capacity(m);
            busiest = std::max({busiest, oc->option->setUpGpuHours(m) / kHoursPerMonth,
                                spotGpuHoursHeld(oc->option->spotGpuHoursPaid(m),
                                                 oc->option->lostWorkFractionOnSpot) /
                                    kHoursPerMonth});
            if (regimeDescriptor(oc->option->regime).shared())
                busiest = std::max(
                    {busiest,
                     need.memoryGb /
                         (gpu.memoryGb.value * project.assumptions.usableMemoryFraction),
                     need.units /
                         double(std::max(1, project.regime(oc->option->regime).maxTenantsPerGpu))});
        }
        most += busiest;
    }
    return std::max(kGpuCountCap, 2 * most + 10);
}

/// Spot GPUs of `gpu` in month `m`, per whole-GPU regime: their hours serve
/// the spot columns of preemptible options, each scaled up by the work it
/// loses to interruptions; in a fixed fleet they share the spot pools' count.
void addSpotPool(const Project& project, const GpuModel& gpu, int m,
                 const std::vector<ColumnOnGpu>& onGpu, double cap, Model& model)
{
    Milp& milp = model.milp;
    const std::string month = std::to_string(m);
    std::map<RegimeKind, std::vector<std::pair<int, double>>> hours;
    for (const auto& [workload, oc] : onGpu)
        if (oc->onSpot)
            hours[oc->option->regime].emplace_back(
                oc->column, spotGpuHoursHeld(oc->option->spotGpuHoursPaid(std::size_t(m - 1)),
                                             oc->option->lostWorkFractionOnSpot));
    if (hours.empty())
        return;
    const double price = *project.activePriceBook()->usdPerGpuHour(gpu, Plan::Spot);
    std::vector<std::pair<int, double>> fleet;
    for (auto& [regime, terms] : hours) {
        // Spot is rented by the hour: GPUs to the fraction, as the engine pays them.
        const int column = milp.addColumn(name({"spot", gpu.id, regimeKey(regime), month}), 0, cap,
                                          kHoursPerMonth * price, false);
        model.spot.push_back({gpu.id, Plan::Spot, m, column, price});
        model.spotRegimes.push_back({gpu.id, regime, m, column});
        terms.emplace_back(column, -kHoursPerMonth);
        milp.addRow(name({"spot_hours", gpu.id, regimeKey(regime), month}), std::move(terms),
                    -kMilpInfinity, 0);
        fleet.emplace_back(column, 1.0);
    }
    if (project.fleet.mode == FleetMode::Fixed)
        milp.addRow(name({"spot_fleet", gpu.id, month}), std::move(fleet), -kMilpInfinity,
                    fleetSpotGpus(project, gpu.id));
}

/// Committed GPUs hold a service's or notebooks' peak; on-demand GPUs are
/// rented by the hour, so the share of an option on them pays its mean: per
/// option column a continuous column of the on-demand GPUs it takes (at most
/// its set-up GPUs, only when chosen), each GPU saving its
/// elasticSavingFraction of the on-demand price; together at most the
/// on-demand GPUs of the month. The engine's rule (engine/evaluate_fleet.h,
/// elasticGpuHours) is this LP's optimum.
void addElasticSavings(const GpuModel& gpu, int m, const std::vector<ColumnOnGpu>& onGpu,
                       Model& model)
{
    const PlanColumn* flexible = nullptr;
    for (const PlanColumn& pc : model.plans)
        if (pc.gpuId == gpu.id && pc.month == m && !isCommitted(pc.plan) && !flexible)
            flexible = &pc;
    if (!flexible)
        return;
    Milp& milp = model.milp;
    const std::string month = std::to_string(m);
    std::vector<std::pair<int, double>> pool;
    for (const auto& [workload, oc] : onGpu) {
        if (oc->onSpot)
            continue;
        const double saving = oc->option->elasticSavingFraction(std::size_t(m - 1));
        const double gpus = oc->option->setUpGpuHours(std::size_t(m - 1)) / kHoursPerMonth;
        if (saving <= 0 || gpus <= 0)
            continue;
        const int column =
            milp.addColumn(name({"elastic", workload->id, gpu.id, regimeKey(oc->option->regime),
                                 oc->option->profile, month}),
                           0, gpus, -saving * kHoursPerMonth * flexible->usdPerGpuHour, false);
        const int take =
            milp.addRow(name({"elastic_take", workload->id, gpu.id, regimeKey(oc->option->regime),
                              oc->option->profile, month}),
                        {{column, 1.0}, {oc->column, -gpus}}, -kMilpInfinity, 0);
        pool.emplace_back(column, 1.0);
        model.elastic.push_back(
            {column, oc->column, oc->option, gpu.id, flexible->plan, m, flexible->column, take});
    }
    if (pool.empty())
        return;
    pool.emplace_back(flexible->column, -1.0);
    milp.addRow(name({"elastic", gpu.id, month}), std::move(pool), -kMilpInfinity, 0);
}

/// The partition layouts the model configures GPUs with: per profile the
/// options use, GPUs holding that profile alone ("3g.40gb x2"), as many
/// instances as the engine counts per GPU (OptionResult::unitsPerGpu;
/// engine/evaluate_fleet.h, gpusSetUp). Layouts mixing profiles on one GPU
/// (an H100's 4g.40gb beside a 3g.40gb) are left out while the engine does
/// not count them: the exact solve packed the sample's 4g and 3g instances
/// onto 7–9 fewer H100s a month than `evaluate` then charged for the plan
/// (+0.57 %, issue 27 item 3; docs/OPTIMIZER.md, "What the model charges").
std::vector<PartitionLayout> onePerProfileLayouts(const std::vector<ColumnOnGpu>& onGpu)
{
    std::map<std::string, int> perGpu;
    for (const auto& [workload, oc] : onGpu)
        if (isPartitioned(oc->option->regime))
            perGpu[oc->option->profile] = std::max(1, oc->option->unitsPerGpu);
    std::vector<PartitionLayout> layouts;
    for (const auto& [profile, count] : perGpu)
        layouts.push_back({profile + " x" + std::to_string(count), {{profile, count}}});
    return layouts;
}

} // namespace

Model buildRegimeMixModel(const Project& project, Objective objective,
                          std::vector<WorkloadOptions> workloads)
{
    Model model;
    Milp& milp = model.milp;
    const int months = project.horizonMonths;
    // Options: one binary per (workload, option) the segment allows.
    model.workloads = std::move(workloads);
    for (WorkloadOptions& entry : model.workloads) {
        std::vector<std::pair<int, double>> assign;
        for (const OptionResult& option : entry.options) {
            const double revenue =
                objective == Objective::Margin ? revenueOf(project, *entry.workload, option) : 0.0;
            // A service's preemptible overflow is paid off the fleet, by the
            // engine's own rule (engine/service_overflow.h).
            // A network-pooled regime's network likewise (engine/regime_network.h).
            const double overflowUsd =
                overflowTotalCostUsd(project, option) + networkTotalCostUsd(project, option);
            const int column = milp.addColumn(name({"x", entry.workload->id, option.gpuId,
                                                    regimeKey(option.regime), option.profile}),
                                              0, 1, overflowUsd - revenue, true);
            entry.columns.push_back({column, &option, false});
            assign.emplace_back(column, 1.0);
            // Preemptible work on whole GPUs may also run on spot GPUs.
            if (spotAllowedFor(project, *entry.workload, option)) {
                const int spot = milp.addColumn(
                    name({"x", entry.workload->id, option.gpuId, regimeKey(option.regime), "spot"}),
                    0, 1, overflowUsd - revenue, true);
                entry.columns.push_back({spot, &option, true});
                assign.emplace_back(spot, 1.0);
            }
        }
        // Cost: every workload is served. Margin: a workload may be left out.
        entry.assignRow = milp.addRow(name({"assign", entry.workload->id}), std::move(assign),
                                      objective == Objective::Cost ? 1.0 : -kMilpInfinity, 1.0);
    }

    for (const GpuModel* gpu : candidateGpus(project)) {
        // Which regimes and profiles any option uses on this GPU.
        const std::vector<ColumnOnGpu> onGpu = columnsOn(model, gpu->id);
        std::map<RegimeKind, bool> usedRegimes;
        bool partitioned = false;
        for (const auto& [workload, oc] : onGpu) {
            usedRegimes[oc->option->regime] = true;
            partitioned = partitioned || isPartitioned(oc->option->regime);
        }
        const auto plans = plansFor(project, *gpu);
        // A GPU model no option uses still costs its commitment.
        const bool committedPool = std::any_of(plans.begin(), plans.end(), [](const auto& p) {
            return p.second && *p.second > 0 && isCommitted(p.first);
        });
        if (usedRegimes.empty() && !committedPool)
            continue;
        if (partitioned)
            model.layoutsByGpu[gpu->id] = onePerProfileLayouts(onGpu);
        const std::vector<PartitionLayout>& layouts = model.layoutsByGpu[gpu->id];

        // Committed GPUs are whole GPUs, each set up as one regime (or one
        // partition profile): integer `setup` and `layout` columns. On-demand
        // GPUs are paid by the hour, so what the committed ones leave is
        // rented to the fraction of a GPU: continuous `flex` columns, as the
        // engine counts them (engine/committed_level.h).
        const bool committed = std::any_of(plans.begin(), plans.end(),
                                           [](const auto& p) { return isCommitted(p.first); });
        const bool flexible = std::any_of(plans.begin(), plans.end(),
                                          [](const auto& p) { return !isCommitted(p.first); });
        const bool whole = committed || !flexible;
        const double cap = gpuCountCap(project, *gpu, onGpu);
        std::map<Plan, int> firstMonthColumn;
        for (int m = 1; m <= months; ++m) {
            const std::string month = std::to_string(m);
            std::vector<std::pair<int, double>> gpus, rented;
            for (const auto& [plan, limit] : plans) {
                const double price = *project.activePriceBook()->usdPerGpuHour(*gpu, plan);
                // A fixed fleet's reserved and owned pools are committed: held
                // (and paid) in full; flexible pools are limits.
                const double lower = limit && isCommitted(plan) ? double(*limit) : 0.0;
                const int column = milp.addColumn(name({"gpus", gpu->id, planKey(plan), month}),
                                                  lower, limit ? double(*limit) : cap,
                                                  kHoursPerMonth * price, isCommitted(plan));
                model.plans.push_back({gpu->id, plan, m, column, price});
                (isCommitted(plan) ? gpus : rented).emplace_back(column, -1.0);
                // Reserved and owned GPUs are held for their whole term (≥ the horizon).
                if (m == 1)
                    firstMonthColumn[plan] = column;
                else if (isCommitted(plan))
                    milp.addRow(name({"term", gpu->id, planKey(plan), month}),
                                {{column, 1.0}, {firstMonthColumn[plan], -1.0}}, 0, 0);
            }
            // The columns that supply a regime (or a layout): whole committed
            // GPUs and GPUs rented by the hour.
            const auto supplyColumns = [&](std::string_view kind, std::string_view what) {
                std::vector<int> columns;
                if (whole) {
                    columns.push_back(
                        milp.addColumn(name({kind, gpu->id, what, month}), 0, cap, 0, true));
                    gpus.emplace_back(columns.back(), 1.0);
                }
                if (flexible) {
                    columns.push_back(
                        milp.addColumn(name({"flex", gpu->id, what, month}), 0, cap, 0, false));
                    rented.emplace_back(columns.back(), 1.0);
                }
                return columns;
            };
            for (const auto& [regime, used] : usedRegimes) {
                if (isPartitioned(regime))
                    continue;
                const std::vector<int> supply = supplyColumns("setup", regimeKey(regime));
                for (std::size_t i = 0; i < supply.size(); ++i)
                    (whole && i == 0 ? model.regimes : model.flexRegimes)
                        .push_back({gpu->id, regime, m, supply[i]});
                const Regime& properties = project.regime(regime);
                std::vector<std::pair<int, double>> hours, share, memory, tenants;
                for (const auto& [workload, oc] : onGpu) {
                    if (oc->option->regime != regime || oc->onSpot)
                        continue;
                    // A gang holds its runs' hours (spares included);
                    // services and notebooks are held towards their peak.
                    const MonthRequirement need = oc->option->capacity(std::size_t(m - 1));
                    if (isWholeGpu(regime)) {
                        hours.emplace_back(oc->column, need.gpuHoursHeld);
                    } else {
                        // The engine's GPU equivalents, its packing loss included:
                        // Σ shares ≤ GPUs is a fluid bound that fragmentation breaks,
                        // and engine and optimizer cost one plan alike.
                        share.emplace_back(oc->column, need.gpuEquivalents);
                        memory.emplace_back(oc->column, need.memoryGb);
                        tenants.emplace_back(oc->column, need.units);
                    }
                }
                for (int column : supply) {
                    if (isWholeGpu(regime)) {
                        hours.emplace_back(column, -kHoursPerMonth);
                    } else {
                        share.emplace_back(column, -1.0);
                        memory.emplace_back(column, -gpu->memoryGb.value *
                                                        project.assumptions.usableMemoryFraction);
                        tenants.emplace_back(column, -double(properties.maxTenantsPerGpu));
                    }
                }
                if (isWholeGpu(regime)) {
                    milp.addRow(name({"hours", gpu->id, regimeKey(regime), month}),
                                std::move(hours), -kMilpInfinity, 0);
                } else {
                    milp.addRow(name({"compute", gpu->id, regimeKey(regime), month}),
                                std::move(share), -kMilpInfinity, 0);
                    milp.addRow(name({"memory", gpu->id, regimeKey(regime), month}),
                                std::move(memory), -kMilpInfinity, 0);
                    milp.addRow(name({"tenants", gpu->id, regimeKey(regime), month}),
                                std::move(tenants), -kMilpInfinity, 0);
                }
            }
            if (partitioned) {
                std::map<std::string, std::vector<std::pair<int, double>>> supply;
                for (const PartitionLayout& layout : layouts) {
                    const std::vector<int> columns = supplyColumns("layout", layout.name);
                    for (std::size_t i = 0; i < columns.size(); ++i) {
                        (whole && i == 0 ? model.layouts : model.flexLayouts)
                            .push_back({gpu->id, &layout, m, columns[i]});
                        for (const auto& [profile, count] : layout.instances)
                            supply[profile].emplace_back(columns[i], -double(count));
                    }
                }
                std::map<std::string, std::vector<std::pair<int, double>>> demand;
                for (const auto& [workload, oc] : onGpu)
                    if (isPartitioned(oc->option->regime))
                        demand[oc->option->profile].emplace_back(
                            oc->column, oc->option->capacity(std::size_t(m - 1)).units);
                for (auto& [profile, terms] : demand) {
                    for (const auto& term : supply[profile])
                        terms.push_back(term);
                    milp.addRow(name({"instances", gpu->id, profile, month}), std::move(terms),
                                -kMilpInfinity, 0);
                }
            }
            milp.addRow(name({"gpus", gpu->id, month}), std::move(gpus), -kMilpInfinity, 0);
            if (flexible)
                milp.addRow(name({"flex", gpu->id, month}), std::move(rented), -kMilpInfinity, 0);
            addElasticSavings(*gpu, m, onGpu, model);
            addSpotPool(project, *gpu, m, onGpu, cap, model);
        }
    }
    return model;
}

} // namespace fleet
