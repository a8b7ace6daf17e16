#pragma once

// The frontier view's "Use the knee as the ceiling": the knee the results'
// frontier shows for the project's own policy, written into the project as
// that policy's utilization ceiling (simulate/measured_ceiling.h, the rule
// `simulate --apply` uses), one undo step.

#include "compute/plan_results.h"

#include <QString>

namespace fleet::gui {

class ProjectDocument;

/// The frontier `results` hold for their project's own policy, or nullptr.
const Frontier* policyFrontier(const PlanResults& results);

/// Writes the measured knee into `document` as one undo step: what it set,
/// or why it set nothing (no current frontier, a scenario shown, no knee).
struct CeilingOutcome
{
    bool applied = false;
    QString message; ///< what was set, or why nothing was
};
CeilingOutcome applyMeasuredCeiling(ProjectDocument* document, const PlanResults& results);

} // namespace fleet::gui
