#include "engine/gpu_counts.h"

#include "engine/evaluate_fleet.h"
#include "engine/evaluation.h"
#include "engine/fleet_spot.h"
#include "model/pricing.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace fleet {

namespace {

/// Adds GPUs to a model's month, a regime's held GPUs and the totals.
class CountBuilder
{
public:
    explicit CountBuilder(int horizonMonths) : m_months(std::size_t(std::max(0, horizonMonths))) {}

    GpuModelCounts& model(const std::string& gpuId)
    {
        auto [it, added] = m_index.emplace(gpuId, m_counts.models.size());
        if (added) {
            m_counts.models.push_back({gpuId, 0.0, std::vector<GpuCountMonth>(m_months)});
        }
        return m_counts.models[it->second];
    }

    void addHeld(RegimeKind regime, std::size_t m, double gpus)
    {
        auto& months = m_heldByRegime[regime];
        months.resize(m_months, 0.0);
        if (m < m_months)
            months[m] += gpus;
    }

    GpuCounts finish()
    {
        m_counts.months.assign(m_months, {});
        for (const GpuModelCounts& model : m_counts.models) {
            m_counts.committedGpus += model.committedGpus;
            for (std::size_t m = 0; m < m_months; ++m) {
                m_counts.months[m].held += model.months[m].held;
                m_counts.months[m].busy += model.months[m].busy;
                m_counts.months[m].paid += model.months[m].paid;
                m_counts.months[m].heldOnCommitted += model.months[m].heldOnCommitted;
            }
        }
        for (auto& [regime, months] : m_heldByRegime) {
            double total = 0;
            for (double gpus : months)
                total += gpus;
            if (total > 1e-9)
                m_counts.heldByRegime.emplace_back(regime, std::move(months));
        }
        return std::move(m_counts);
    }

private:
    std::size_t m_months;
    GpuCounts m_counts;
    std::map<std::string, std::size_t> m_index;
    std::map<RegimeKind, std::vector<double>> m_heldByRegime;
};

double busyGpus(const std::vector<const OptionResult*>& options, std::size_t m)
{
    double hours = 0;
    for (const OptionResult* option : options)
        if (m < option->months.size())
            hours += option->months[m].gpuHoursBusy;
    return hours / kHoursPerMonth;
}

/// Regimes of `options` in enum order, each with its options.
std::map<RegimeKind, std::vector<const OptionResult*>>
optionsByRegime(const std::vector<const OptionResult*>& options)
{
    std::map<RegimeKind, std::vector<const OptionResult*>> regimes;
    for (const OptionResult* option : options)
        regimes[option->regime].push_back(option);
    return regimes;
}

/// One model's month of a plan: held and paid by the rules in gpu_counts.h.
void addPlanMonth(const PlanGpus& entry, CountBuilder& builder)
{
    const std::size_t m = std::size_t(std::max(1, entry.month) - 1);
    GpuModelCounts& model = builder.model(entry.gpuId);
    model.committedGpus = std::max(model.committedGpus, entry.committedGpus);
    if (m >= model.months.size())
        return;
    // Set up, per regime: gpusSetUp rounds per regime (and per profile), so
    // each regime's options alone give that regime's GPUs.
    std::map<RegimeKind, double> setUp;
    double setUpTotal = 0;
    for (const auto& [regime, options] : optionsByRegime(entry.options)) {
        const double gpus = isPartitioned(regime) && entry.partitionGpus >= 0
                                ? entry.partitionGpus
                                : gpusSetUp(options, m);
        setUp[regime] += gpus;
        setUpTotal += gpus;
    }
    // Services and notebooks on on-demand GPUs pay their mean: the hours
    // they do not hold are neither held nor paid.
    const std::vector<double> elastic = elasticGpuHours(entry.options, m, entry.flexibleGpus);
    double savedGpus = 0;
    for (std::size_t i = 0; i < elastic.size(); ++i) {
        const double saved =
            elastic[i] * entry.options[i]->elasticSavingFraction(m) / kHoursPerMonth;
        savedGpus += saved;
        setUp[entry.options[i]->regime] -= saved;
    }
    // A plan never holds more than it pays for (the optimizer's pools cover
    // its set-up; the engine's flexible GPUs are whatever the commitment leaves).
    const double paidNotSpot = entry.committedGpus + entry.flexibleGpus;
    const double held = std::min(setUpTotal, paidNotSpot) - savedGpus;
    const double scale = setUpTotal - savedGpus > held ? held / (setUpTotal - savedGpus) : 1.0;
    for (const auto& [regime, gpus] : setUp)
        builder.addHeld(regime, m, gpus * scale);
    double spotHeld = 0;
    for (const auto& [regime, options] : optionsByRegime(entry.spotOptions)) {
        const double gpus = spotGpusSetUp(options, m);
        spotHeld += gpus;
        builder.addHeld(regime, m, gpus);
    }
    GpuCountMonth& month = model.months[m];
    month.held += held + std::min(spotHeld, entry.spotGpus);
    month.heldOnCommitted += std::min(setUpTotal, entry.committedGpus);
    month.busy += busyGpus(entry.options, m) + busyGpus(entry.spotOptions, m);
    month.paid += paidNotSpot - savedGpus + entry.spotGpus;
}

/// A sized fleet: each workload priced alone (evaluate.cpp, planCosts).
GpuCounts sizedFleetCounts(const Project& project, const Evaluation& evaluation)
{
    CountBuilder builder(project.horizonMonths);
    for (const WorkloadEvaluation& w : evaluation.workloads) {
        const OptionResult* option = w.chosenOption();
        if (!option)
            continue;
        GpuModelCounts& model = builder.model(option->gpuId);
        const bool committed = isCommitted(w.chosenPlan);
        // A committed plan pays every month the GPUs its cost bills
        // (planCosts): the most it sets up in a month, a gang its runs' hours.
        const double committedGpus = option->committedGpusAlone();
        if (committed)
            model.committedGpus += committedGpus;
        for (std::size_t m = 0; m < model.months.size() && m < option->months.size(); ++m) {
            const MonthRequirement& need = option->months[m];
            const double paid = committed ? committedGpus : need.gpuHoursHeld / kHoursPerMonth;
            const double held = std::min(paid, committed ? option->setUpGpuHours(m) / kHoursPerMonth
                                                         : need.gpuHoursHeld / kHoursPerMonth);
            model.months[m].held += held;
            model.months[m].busy += need.gpuHoursBusy / kHoursPerMonth;
            model.months[m].paid += paid;
            builder.addHeld(option->regime, m, held);
        }
    }
    return builder.finish();
}

} // namespace

double GpuCounts::heldGpuHours() const
{
    double hours = 0;
    for (const GpuCountMonth& month : months)
        hours += month.held * kHoursPerMonth;
    return hours;
}

double GpuCounts::busyGpuHours() const
{
    double hours = 0;
    for (const GpuCountMonth& month : months)
        hours += month.busy * kHoursPerMonth;
    return hours;
}

double GpuCounts::paidGpuHours() const
{
    double hours = 0;
    for (const GpuCountMonth& month : months)
        hours += month.paid * kHoursPerMonth;
    return hours;
}

double GpuCounts::utilization() const
{
    const double paid = paidGpuHours();
    return paid > 0 ? busyGpuHours() / paid : 0.0;
}

double GpuCounts::peakHeldGpus() const
{
    double most = 0;
    for (const GpuCountMonth& month : months)
        most = std::max(most, month.held);
    return most;
}

double GpuCounts::peakPaidGpus() const
{
    double most = 0;
    for (const GpuCountMonth& month : months)
        most = std::max(most, month.paid);
    return most;
}

double GpuCounts::committedNeverHeldGpus() const
{
    double gpus = 0;
    for (const GpuModelCounts& model : models) {
        double most = 0;
        for (const GpuCountMonth& month : model.months)
            most = std::max(most, month.heldOnCommitted);
        gpus += std::max(0.0, model.committedGpus - most);
    }
    return gpus;
}

GpuCounts gpuCountsOfPlan(int horizonMonths, const std::vector<PlanGpus>& plan)
{
    CountBuilder builder(horizonMonths);
    for (const PlanGpus& entry : plan)
        addPlanMonth(entry, builder);
    return builder.finish();
}

GpuCounts gpuCounts(const Project& project, const Evaluation& evaluation)
{
    if (project.fleet.mode != FleetMode::Fixed)
        return sizedFleetCounts(project, evaluation);
    // A fixed fleet as evaluate_fleet.cpp prices it: the commitment paid
    // every month, set-up GPUs above it on the flexible pools (or beyond the
    // fleet, on demand), spot work on its own pools.
    std::map<std::pair<std::string, int>, PlanGpus> entries;
    auto entry = [&](const std::string& gpuId, int month) -> PlanGpus& {
        PlanGpus& e = entries[{gpuId, month}];
        e.gpuId = gpuId;
        e.month = month;
        return e;
    };
    for (const FleetModelCash& model : fixedFleetCash(project, evaluation.workloads))
        for (std::size_t m = 0; m < model.gpusUsed.size(); ++m) {
            PlanGpus& e = entry(model.gpuId, int(m) + 1);
            e.options = model.options;
            e.committedGpus = model.committedGpus;
            e.flexibleGpus = std::max(0.0, model.gpusUsed[m] - model.committedGpus);
        }
    for (const FleetSpotCash& spot : fixedFleetSpotCash(project, evaluation.workloads)) {
        std::vector<const OptionResult*> options;
        for (const WorkloadEvaluation& w : evaluation.workloads)
            if (const OptionResult* option = w.chosenOption();
                option && w.chosenPlan == Plan::Spot && option->gpuId == spot.gpuId)
                options.push_back(option);
        for (std::size_t m = 0; m < spot.gpusUsed.size(); ++m) {
            PlanGpus& e = entry(spot.gpuId, int(m) + 1);
            e.spotOptions = options;
            e.spotGpus = spot.gpusUsed[m];
        }
    }
    std::vector<PlanGpus> plan;
    for (auto& [key, e] : entries)
        plan.push_back(std::move(e));
    return gpuCountsOfPlan(project.horizonMonths, plan);
}

} // namespace fleet
