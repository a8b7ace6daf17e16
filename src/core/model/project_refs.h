#pragma once

// What refers to a row of the project (a pool, a segment, a workload) by its
// id, and the changed project when a row is renamed or removed: a workload
// names its segment, and a scenario override names the row it changes
// ("/workloads/chat/users", format 2 id paths, see model/row_paths.h) or sets
// a workload's segment to a segment's id. Renaming carries every reference
// along; removing a referenced row is refused unless the caller says what to
// do with what refers to it (remove it too, or move workloads to another
// segment). No Qt: the app's dialogs and the tests use the same functions.

#include "model/project.h"
#include "util/result.h"

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fleet {

/// The lists whose rows are named by id.
enum class RowList
{
    Pools,
    Segments,
    Workloads,
    Tenants
};

/// "/fleet/pools", "/segments", "/workloads", "/tenants": the list in the project document.
std::string_view rowListPointer(RowList list);
/// "pool", "segment", "workload", "tenant": for messages.
std::string_view rowNoun(RowList list);
/// The id of row `index` of `list` (which must exist).
const std::string& rowId(const Project& project, RowList list, std::size_t index);
/// The ids of the list's rows, in order.
std::vector<std::string> rowIds(const Project& project, RowList list);

/// One thing that names a row.
struct RowReference
{
    enum class Kind
    {
        WorkloadSegment,  ///< workload `index` serves the segment
        TenantSegment,    ///< tenant `index` belongs to the segment
        ScenarioOverride, ///< override `overrideIndex` of scenario `index`
    };
    Kind kind = Kind::WorkloadSegment;
    std::size_t index = 0;
    std::size_t overrideIndex = 0;
    /// "workload \"chat\" (its segment)", "scenario \"peak\" override /workloads/chat/users".
    std::string text;
};

/// Everything in `project` that names row `id` of `list`.
std::vector<RowReference> referencesTo(const Project& project, RowList list, std::string_view id);

/// Why `id` cannot be the id of row `index` of `list` (-1: of a new row), or
/// nullopt when it can: ids are not empty, follow the identifier rule and are
/// unique within their list.
std::optional<std::string> idRefusal(const Project& project, RowList list, std::string_view id,
                                     int index = -1);

/// An id free in `list`: `stem` itself when `stemFirst` and free, else
/// "stem-1", "stem-2", … ("inference-1").
std::string freeId(const Project& project, RowList list, std::string_view stem,
                   bool stemFirst = false);

/// The project with row `oldId` of `list` renamed `newId`, every reference
/// following it (workloads' segment, scenario override paths and segment values,
/// input range paths). Removing a row drops the input ranges of its fields.
Result<Project> renameRow(const Project& project, RowList list, std::string_view oldId,
                          std::string_view newId);

/// What to do with what refers to a removed row.
struct RemovePlan
{
    enum class Dependents
    {
        Refuse, ///< refuse the removal when anything refers to the row
        Remove, ///< remove them too (a segment's workloads and tenants, the overrides naming them)
        Reassign, ///< a segment's workloads and tenants move to `reassignTo`; overrides naming the
                  ///< row go
    };
    Dependents dependents = Dependents::Refuse;
    std::string reassignTo; ///< a segment id, for Reassign
};

/// The project without row `id` of `list`, its references handled as `plan` says.
Result<Project> removeRow(const Project& project, RowList list, std::string_view id,
                          const RemovePlan& plan);

/// One field edit of the project document: JSON pointer → new value.
using DocumentEdit = std::pair<std::string, boost::json::value>;

/// listEdits(), the whole-list edits between two projects, compares their
/// canonical JSON: it is the store's (store/project_json_writer.h).

} // namespace fleet
