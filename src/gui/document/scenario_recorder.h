#pragma once

// Scenarios own their edits: while a scenario is shown, the edits made
// anywhere in the app change that scenario's overrides instead of the
// baseline (ProjectDocument::edit).
// Each edit's JSON pointer (rows by position, as the editors name them) is
// turned into its id path ("/workloads/3/users" → "/workloads/chat-70b/users")
// and upserted into /scenarios/<k>/overrides; all the overrides of one
// user action is ONE field edit, so it stays one undo step.

#include "document/project_document.h"
#include "util/result.h"

#include <optional>
#include <string>
#include <vector>

namespace fleet::gui {

/// The one edit that records `edits` as overrides of scenario `scenarioId`
/// of `project`. An override of the same path is replaced, and those under
/// it ("/fleet/pools/a/count" when the whole "/fleet/pools" is set) are
/// dropped: the new value is what the scenario holds. Fails, naming the
/// path, for an unknown scenario, an edit of the scenarios themselves, a
/// pointer to a row that does not exist, or a change of which rows there are
/// (a whole row list: rows added, removed, reordered) or of a row's id: a
/// scenario changes the values of the project's rows, and an override of a
/// list or an id would retarget the scenario's other overrides.
Result<FieldEdit> recordAsOverrides(const Project& project, const std::string& scenarioId,
                                    const std::vector<FieldEdit>& edits);

/// Why rows of `list` ("/fleet/pools") cannot be added, removed or moved
/// while scenario `scenarioId` is shown, saying what to do instead; "" when
/// no scenario is shown (`scenarioId` empty). Asked before a dialog opens.
std::string rowChangeRefusal(const Project& project, const std::string& scenarioId,
                             std::string_view list);

/// What ProjectDocument::edit applies while scenario `scenarioId` is shown:
/// edits of the scenarios themselves (new, rename, an override's value) as
/// they are; any other edits as the one edit recordAsOverrides() makes.
Result<std::vector<FieldEdit>> recordedEdits(const Project& project, const std::string& scenarioId,
                                             const std::vector<FieldEdit>& edits);

/// A scenario's overrides changed on workload fields alone (scenario_rows.h).
struct ScenarioRowsEdit
{
    std::size_t index = 0; ///< of the scenario in the project's list
    Scenario after;        ///< the scenario with its new overrides
    ProjectChange change;  ///< Scope::Row of "/workloads" when one row changed
};

/// The fast path of ProjectDocument::edit for `routed` (recordedEdits()'s
/// answer) while scenario `scenarioId` is shown: when it sets that
/// scenario's overrides and what changes is overrides of workload fields
/// alone, the scenario after it, each changed row checked alone in `shown`
/// (`project` with the scenario applied), so the cost is the edit's, not the
/// project's. A refused row comes back as the error loading would give;
/// nullopt when the edit is not of that kind (re-read the whole project).
std::optional<Result<ScenarioRowsEdit>> scenarioRowsEdit(const Project& project,
                                                         const Project& shown,
                                                         const std::string& scenarioId,
                                                         const std::vector<FieldEdit>& routed);

} // namespace fleet::gui
