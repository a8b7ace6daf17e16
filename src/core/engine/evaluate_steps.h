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

/// A workload's evaluation before any price is read: its options and those
/// ruled out, taken from `requirements` (their baseline candidates stay),
/// and what it serves. priceBuiltWorkload() prices it.
WorkloadEvaluation unpricedWorkload(const Project& project, const Workload& workload,
                                    WorkloadRequirements& requirements);
/// Prices a workload's built evaluation at `project`'s prices, in place:
/// each option's plan costs, the choice, the attributed cost, the baseline
/// (the cheapest of `baselineCandidates` on demand, which are priced too)
/// and the warnings, appended to `warnings`; nothing of an earlier pricing
/// stays. The result is evaluateWorkload()'s, for a `project` that differs
/// from the one the options were built under in its charges alone
/// (model/catalog.h, sameContentButCharges). `naive` is baselineProject(project).
void priceBuiltWorkload(const Project& project, const Project& naive, const Workload& workload,
                        WorkloadEvaluation& result, std::vector<OptionResult>& baselineCandidates,
                        std::vector<std::string>& warnings);

/// One project's workloads kept between draws of its prices alone (the
/// Monte Carlo's threads, one each): every workload's options and baseline
/// candidates as built once, priced anew in place by reprice() — no option
/// is copied or built again for a draw.
struct RepricedEvaluation
{
    Evaluation evaluation;
    std::vector<std::vector<OptionResult>> baselineCandidates; ///< per workload
};
/// The state before its first reprice(): `requirements` follow the
/// project's workloads, in order. What each workload serves is set here
/// (demand, not prices, moves it).
RepricedEvaluation startRepricing(const Project& project,
                                  std::vector<WorkloadRequirements> requirements);
/// Prices `state` at `project`'s prices, every field a price moves set anew
/// (each option's plan costs, the choice, the attributed cost, the baseline,
/// the warnings, the KPIs and GPU counts): state.evaluation is then what
/// evaluate(project) gives, for a `project` that differs from the one the
/// requirements were built under in its prices alone, whatever was priced
/// before. `naive` is baselineProject(project).
void reprice(const Project& project, const Project& naive, RepricedEvaluation& state);

/// The steps across every workload of `evaluation` (in the project's order):
/// a fixed fleet's cash (which sets each workload's attributed cost), the
/// KPIs, the fleet's capacity per month and the alerts.
void completeEvaluation(const Project& project, Evaluation& evaluation);

} // namespace fleet
