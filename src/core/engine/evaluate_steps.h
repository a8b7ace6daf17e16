#pragma once

// evaluate() in its two steps, for callers that keep a workload's results
// while its inputs stand (EvaluationCache): each workload alone, then the
// steps across all of them.

#include "engine/evaluation.h"

#include <string>
#include <vector>

namespace fleet {

/// The project the baseline is priced on: the scheduler's naive policy.
Project baselineProject(const Project& project);

/// One workload's options, choice, attributed cost, baseline and served
/// work; the warnings it raises are appended to `warnings`. Reads the
/// project's settings, fleet, segments and catalog and this workload, never
/// another workload. `naive` is baselineProject(project) (its workloads are
/// not read).
WorkloadEvaluation evaluateWorkload(const Project& project, const Project& naive,
                                    const Workload& workload, std::vector<std::string>& warnings);

/// What evaluateWorkload builds before it reads any price: the workload's
/// options (their requirements; buildOptions reads which GPUs a price book
/// prices, never what it charges) with those ruled out, and its baseline's
/// bare-metal candidates.
struct WorkloadRequirements
{
    std::vector<OptionResult> options;
    std::vector<RejectedOption> rejected;
    std::vector<OptionResult> baselineOptions;
};
WorkloadRequirements workloadRequirements(const Project& project, const Project& naive,
                                          const Workload& workload);

/// evaluateWorkload from its requirements: their plan costs at the project's
/// prices, the choice, the attributed cost, the warnings and the baseline.
/// evaluateWorkload is priceWorkload(workloadRequirements(…)).
WorkloadEvaluation priceWorkload(const Project& project, const Project& naive,
                                 const Workload& workload, WorkloadRequirements requirements,
                                 std::vector<std::string>& warnings);

/// evaluate(project) from requirements built under a project that differs
/// from `project` in its price books' prices alone (the Monte Carlo's draws
/// of price ranges): each workload priced again, then the steps across all.
/// `requirements` follow the project's workloads, in order.
Evaluation evaluateRepriced(const Project& project,
                            const std::vector<WorkloadRequirements>& requirements);

/// The steps across every workload of `evaluation` (in the project's order):
/// a fixed fleet's cash (which sets each workload's attributed cost), the
/// KPIs, the fleet's capacity per month and the alerts.
void completeEvaluation(const Project& project, Evaluation& evaluation);

} // namespace fleet
