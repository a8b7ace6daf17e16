#pragma once

// What a recompute keeps between snapshots of one project: the workloads'
// results of the snapshot shown, and of the project as stated when a
// scenario is applied (engine/evaluation_cache.h: only what an edit reached
// is evaluated again; the results are evaluate()'s).

#include "compute/plan_results.h"
#include "engine/evaluation_cache.h"

namespace fleet::gui {

struct EvaluationCaches
{
    EvaluationCache shown;
    EvaluationCache base;
};

/// computePlanResults into `results` (empty), with its two evaluations
/// through `caches`, telling `steps` (when given) of its progress: their
/// `evaluated` gets `results` itself, whose inputs and evaluation are then
/// final while its charts' data is still being written. `shown`, when
/// given, is `project` with `scenario` applied (the document keeps it up to
/// date at the cost of each edit): it is not applied again.
void computePlanResults(PlanResults& results, const Project& project, const std::string& scenario,
                        Kpi tornadoKpi, unsigned parts, EvaluationCaches& caches,
                        const PlanSteps* steps = nullptr, const Project* shown = nullptr,
                        std::shared_ptr<const MeasuredKnees> knees = nullptr);

} // namespace fleet::gui
