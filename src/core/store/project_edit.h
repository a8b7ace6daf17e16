#pragma once

// Applying field edits to a valid project at the cost of what they change.
// An edit names a field by its JSON pointer in the canonical project document
// (`/workloads/3/tokens_per_run`). A change to the fields of one workload is
// checked by re-reading that workload alone, with the same reader the whole
// file goes through; every other edit, and one that a scenario could see
// (the scenario overrides the row, or the segments and horizon the row's
// rules read), re-reads the whole document. Either way a refused edit comes
// back with the field and the rule, and the project is unchanged.

#include "model/project.h"
#include "util/result.h"

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fleet {

/// One field's new value: JSON pointer → value.
using FieldEdit = std::pair<std::string, boost::json::value>;

/// What an edit changed, for views that refresh only that.
struct ProjectChange
{
    enum class Scope
    {
        Row,    ///< fields of one row of `list`: `row` is its index
        Project ///< anything else (rows added, removed or reordered included)
    };
    Scope scope = Scope::Project;
    std::string list; ///< "/workloads" for a row change
    int row = -1;
};

struct EditedProject
{
    Project project;
    ProjectChange change;
};

/// One workload row after an edit of its fields alone.
struct EditedRow
{
    Workload workload;
    ProjectChange change; ///< Scope::Row of "/workloads"
};

/// The fast path of applyFieldEdits without a copy of the project: when
/// every edit changes a field (not the id) of one and the same workload and
/// no scenario could see the change, that row re-read alone (or why it is
/// refused); nullopt when the edit is not of that kind.
std::optional<Result<EditedRow>> editWorkloadRow(const Project& project,
                                                 const std::vector<FieldEdit>& edits,
                                                 const std::string& file);

/// `project` (valid) with `edits` applied, each a JSON pointer into its
/// canonical document; missing objects on the way are created (the app's
/// first override of a default). `file` names the document in messages.
Result<EditedProject> applyFieldEdits(const Project& project, const std::vector<FieldEdit>& edits,
                                      const std::string& file);

} // namespace fleet
