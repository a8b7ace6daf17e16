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

/// The steps across every workload of `evaluation` (in the project's order):
/// a fixed fleet's cash (which sets each workload's attributed cost), the
/// KPIs, the fleet's capacity per month and the alerts.
void completeEvaluation(const Project& project, Evaluation& evaluation);

} // namespace fleet
