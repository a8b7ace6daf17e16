#pragma once

// Edits and comparisons the invariants' relations share
// (test_invariants_costs.cpp, test_invariants_quantities.cpp): an edit of
// every workload of a kind, "never lower", "never higher" and "the same
// figures".

#include "engine/training.h"
#include "invariant_cases.h"

#include <functional>

namespace fleet::invariants {

/// The project with `edit` applied to the spec of every workload of kind
/// Spec; nullopt when it has none.
template <typename Spec>
inline std::optional<Project> editEach(const Project& project,
                                       const std::function<void(Spec&)>& edit)
{
    Project edited = project;
    bool any = false;
    for (Workload& w : edited.workloads)
        if (auto* spec = std::get_if<Spec>(&w.spec)) {
            edit(*spec);
            any = true;
        }
    if (!any)
        return std::nullopt;
    return edited;
}

/// "more work never lowers a figure": the project's cost, every option's
/// GPU-hours held in every month, and (sized fleet) the workloads' costs
/// are at least what they were.
inline Outcome neverLower(const Case& c, const Project& more, WorkloadKind kind)
{
    const Evaluation after = evaluate(more);
    if (!atMost(c.evaluation().kpis.totalCostUsd, after.kpis.totalCostUsd, 1e-9, 1e-3))
        return broken("project cost $%.2f → $%.2f", c.evaluation().kpis.totalCostUsd,
                      after.kpis.totalCostUsd);
    for (std::size_t i = 0; i < after.workloads.size(); ++i) {
        const WorkloadEvaluation& was = c.evaluation().workloads[i];
        const WorkloadEvaluation& now = after.workloads[i];
        if (now.kind != kind)
            continue;
        // Per workload in a sized fleet, where each is costed alone. (In a
        // fixed fleet the attribution of the shared GPUs can move a
        // workload's share down as its own demand grows: reported to the
        // gangs branch, which rewrites that attribution.)
        if (c.project.fleet.mode == FleetMode::Size && was.chosenOption() && now.chosenOption() &&
            !atMost(ownPlanCostOf(was), ownPlanCostOf(now), 1e-9, 1e-3))
            return broken(
                "%s cost $%.2f → $%.2f (%s %s → %s %s)", was.id.c_str(), ownPlanCostOf(was),
                ownPlanCostOf(now), describe(*was.chosenOption()).c_str(),
                std::string(planKey(was.chosenPlan)).c_str(), describe(*now.chosenOption()).c_str(),
                std::string(planKey(now.chosenPlan)).c_str());
        for (const OptionResult& before : was.options)
            if (const OptionResult* o = sameOption(now, before))
                for (std::size_t m = 0; m < before.months.size(); ++m)
                    if (!atMost(before.months[m].gpuHoursHeld, o->months[m].gpuHoursHeld))
                        return broken("%s on %s, month %zu: %.3f → %.3f GPU-hours held",
                                      was.id.c_str(), describe(before).c_str(), m + 1,
                                      before.months[m].gpuHoursHeld, o->months[m].gpuHoursHeld);
    }
    return holds();
}

/// "a better input never raises a figure": every workload of `kind`'s
/// cost, and every option's `figure` in every month, are at most what they were.
inline Outcome neverHigher(const Case& c, const Project& better, WorkloadKind kind,
                           double MonthRequirement::*figure, const char* figureName)
{
    const Evaluation after = evaluate(better);
    for (std::size_t i = 0; i < after.workloads.size(); ++i) {
        const WorkloadEvaluation& was = c.evaluation().workloads[i];
        const WorkloadEvaluation& now = after.workloads[i];
        if (now.kind != kind)
            continue;
        for (const OptionResult& before : was.options)
            if (const OptionResult* o = sameOption(now, before))
                for (std::size_t m = 0; m < before.months.size(); ++m)
                    if (!atMost(o->months[m].*figure, before.months[m].*figure))
                        return broken("%s on %s, month %zu: %s %.3f → %.3f", was.id.c_str(),
                                      describe(before).c_str(), m + 1, figureName,
                                      before.months[m].*figure, o->months[m].*figure);
        if (c.project.fleet.mode == FleetMode::Size && was.chosenOption() && now.chosenOption() &&
            !atMost(ownPlanCostOf(now), ownPlanCostOf(was), 1e-9, 1e-3))
            return broken("%s cost $%.2f → $%.2f", was.id.c_str(), ownPlanCostOf(was),
                          ownPlanCostOf(now));
    }
    return holds();
}

/// The figures two evaluations of one project in other clothes must share:
/// the total, and each workload's (taken by position) cost, option and GPU-hours.
inline Outcome sameFigures(const Evaluation& a, const Evaluation& b, double relative = 1e-9)
{
    if (!near(a.kpis.totalCostUsd, b.kpis.totalCostUsd, relative, 1e-3))
        return broken("project cost $%.2f vs $%.2f", a.kpis.totalCostUsd, b.kpis.totalCostUsd);
    if (!near(a.kpis.gpuHoursHeld, b.kpis.gpuHoursHeld, relative, 1e-3))
        return broken("GPU-hours held %.3f vs %.3f", a.kpis.gpuHoursHeld, b.kpis.gpuHoursHeld);
    if (a.workloads.size() != b.workloads.size())
        return broken("%zu workloads vs %zu", a.workloads.size(), b.workloads.size());
    for (std::size_t i = 0; i < a.workloads.size(); ++i) {
        const WorkloadEvaluation& x = a.workloads[i];
        const WorkloadEvaluation& y = b.workloads[i];
        if (!near(costOf(x), costOf(y), relative, 1e-3))
            return broken("%s cost $%.2f vs %s $%.2f", x.id.c_str(), costOf(x), y.id.c_str(),
                          costOf(y));
        if (bool(x.chosenOption()) != bool(y.chosenOption()) ||
            (x.chosenOption() && describe(*x.chosenOption()) != describe(*y.chosenOption())))
            return broken("%s chose %s vs %s", x.id.c_str(),
                          x.chosenOption() ? describe(*x.chosenOption()).c_str() : "nothing",
                          y.chosenOption() ? describe(*y.chosenOption()).c_str() : "nothing");
    }
    return holds();
}

/// The project with each run stated by its days stated by the tokens they
/// derive; nullopt when a run's days cannot be timed (its pinned GPU lacks
/// its precision: it has no work to hold fixed). A run's days are timed on
/// its pinned GPU (engine/training.h, runTokens): a relation that clears
/// pins holds the work fixed this way, or a pin's change would change the
/// tokens as well as the choices.
inline std::optional<Project> withRunsByTokens(const Project& project)
{
    Project byTokens = project;
    for (Workload& w : byTokens.workloads)
        if (auto* s = std::get_if<TrainingSpec>(&w.spec); s && s->runDays) {
            auto tokens = runTokens(project, w, *s);
            if (!tokens || !(tokens.value() > 0))
                return std::nullopt;
            s->tokensPerRun = tokens.value();
            s->runDays.reset();
        }
    return byTokens;
}

} // namespace fleet::invariants
