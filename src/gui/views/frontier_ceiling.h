#pragma once

// The frontier view's "Use the knee as the ceiling": the knee the results'
// frontier shows for the project's own policy, written into the project as
// that policy's utilization ceiling (simulate/measured_ceiling.h, the rule
// `simulate --apply` uses), one undo step. And, as a project is saved, the
// knee its figures were planned on, stored as `measure-ceiling` stores it.

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

/// Before `document` is saved: stores the knee the background simulated for
/// its inputs (`results`: the project as stated, frontiers current, the same
/// inputs' fingerprint) as its policy's measured ceiling, with the inputs
/// noted (measurementEdits(): the assumed ceiling as it is), one undo step —
/// when the document's own stored knee is of other inputs or none. Then the
/// saved file plans in `fleetplanner-cli evaluate` on the knee the app's
/// figures were planned on, not on the assumed ceiling. A frontier without a
/// knee within its loads is recorded the same way (noKneeEdits()). What was
/// stored (`knee` none: the record of no knee), or none when nothing was.
struct StoredKnee
{
    std::optional<double> knee;
};
std::optional<StoredKnee> storeKneeBeforeSave(ProjectDocument* document,
                                              const PlanResults& results);

} // namespace fleet::gui
