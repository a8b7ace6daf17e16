#include "simulate/carried_ceiling.h"

#include "engine/evaluate.h"
#include "simulate/measured_ceiling.h"
#include "simulate/project_jobs.h"

#include <cstdio>

namespace fleet {

namespace {

/// What differs between the two evaluations' choices of the work the
/// frontier simulates (training and batch), or "". Services and notebooks
/// enter it only through the GPUs they hold, which the cluster compares.
std::string changedChoice(const Evaluation& before, const Evaluation& after)
{
    if (before.workloads.size() != after.workloads.size())
        return "the plan changes the workloads";
    for (std::size_t i = 0; i < before.workloads.size(); ++i) {
        const WorkloadEvaluation& b = before.workloads[i];
        const WorkloadEvaluation& a = after.workloads[i];
        if (b.kind != WorkloadKind::Training && b.kind != WorkloadKind::Batch)
            continue;
        const OptionResult* was = b.chosenOption();
        const OptionResult* now = a.chosenOption();
        const bool same = (!was && !now) ||
                          (was && now && was->gpuId == now->gpuId && was->regime == now->regime &&
                           was->profile == now->profile && b.chosenPlan == a.chosenPlan);
        if (!same)
            return "the plan changes the choice of workload " + b.id;
    }
    return {};
}

} // namespace

Result<Project> withMeasuredCeilingCarried(const Project& source, Project applied)
{
    const SchedulerPolicy policy = source.scheduler.policy;
    const auto measured = source.scheduler.measuredCeiling();
    const auto noted = notedMeasuredInputs(source, policy);
    const std::string sourceInputs = measuredInputsFingerprint(source);
    if (!measured || !noted || *noted != sourceInputs)
        return applied; // nothing current to carry
    // The frontier simulates the project as stated (on its assumed
    // ceiling), as measure-ceiling measured it: its choices and its cluster.
    const Evaluation before = evaluate(source);
    const Evaluation after = evaluate(applied);
    std::string changed = changedChoice(before, after);
    const ProjectCluster was = projectCluster(source, before);
    const ProjectCluster now = projectCluster(applied, after);
    if (changed.empty() &&
        (was.shape.nodes != now.shape.nodes || was.shape.gpusPerNode != now.shape.gpusPerNode ||
         was.reservedGpus != now.reservedGpus || was.nominalLoad != now.nominalLoad ||
         was.meanRunHours != now.meanRunHours))
        changed = "the plan changes the cluster the jobs run on";
    if (!changed.empty()) {
        char ceiling[16];
        std::snprintf(ceiling, sizeof ceiling, "%.3f", *measured);
        return Error("the measured utilization ceiling of " + std::string(policyKey(policy)) +
                     ", " + ceiling + ", is not carried over: " + changed +
                     ", so the frontier would simulate other jobs; measure it again "
                     "(fleetplanner-cli measure-ceiling)");
    }
    applied.note = noteWithInputsRenoted(
        applied.note, policy, measuredInputsFingerprint(applied),
        "carried over by solve --apply from inputs " + sourceInputs +
            ": the plan pins the engine's own choices, so the jobs simulated are the same");
    return applied;
}

} // namespace fleet
