#include "optimize/plan_comparison.h"

#include <cmath>
#include <string_view>
#include <unordered_map>

namespace fleet {

std::string describeChoice(const std::string& gpuId, RegimeKind regime, const std::string& profile,
                           bool onSpot)
{
    std::string text = gpuId + " " + std::string(regimeKey(regime));
    if (!profile.empty())
        text += " " + profile;
    if (onSpot)
        text += " on spot";
    return text;
}

PlanComparison comparePlans(const Evaluation& evaluation, const RegimeMixResult& plan)
{
    PlanComparison comparison;
    comparison.engineCostUsd = evaluation.kpis.totalCostUsd;
    comparison.optimizerCostUsd = plan.costUsd;
    comparison.differenceUsd = comparison.engineCostUsd - comparison.optimizerCostUsd;
    comparison.engineGpusBeyondFleet = evaluation.kpis.peakGpusBeyondFleet;
    // Each workload's assignment looked up, not searched for: the app compares
    // every plan it shows, and 10,000 workloads × their assignments took
    // seconds of the GUI thread.
    std::unordered_map<std::string_view, const Assignment*> assignmentOf;
    for (const Assignment& a : plan.assignments)
        assignmentOf[a.workloadId] = &a; // the last one, as before
    for (const WorkloadEvaluation& w : evaluation.workloads) {
        const OptionResult* chosen = w.chosenOption();
        const bool engineSpot = chosen && w.chosenPlan == Plan::Spot;
        const std::string engine =
            chosen ? describeChoice(chosen->gpuId, chosen->regime, chosen->profile, engineSpot)
                   : "(none)";
        std::string optimizer = "(not served)";
        if (const auto found = assignmentOf.find(w.id); found != assignmentOf.end()) {
            const Assignment& a = *found->second;
            optimizer = describeChoice(a.gpuId, a.regime, a.profile, a.onSpot);
        }
        if (engine != optimizer)
            comparison.choices.push_back({w.id, engine, optimizer});
    }
    return comparison;
}

std::string whyTheEngineCostsLess(const PlanComparison& comparison)
{
    // Within 0.05 % the two are the same answer ("one answer", issue 15).
    if (comparison.differenceUsd >= -5e-4 * std::abs(comparison.optimizerCostUsd) ||
        comparison.engineGpusBeyondFleet <= 0)
        return {};
    return "the engine's choices set up to " +
           std::to_string(std::llround(comparison.engineGpusBeyondFleet)) +
           " GPUs beyond the pools they may use (priced on demand there); the optimizer's plan "
           "stays within the pools";
}

} // namespace fleet
