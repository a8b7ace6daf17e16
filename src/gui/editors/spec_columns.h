#pragma once

// The columns of a record's fields, one per row of its field table
// (model/field_table.h): header, unit, display scale, help and editor (a
// number, a check box, a pick among the allowed keys or the catalog's GPUs, a
// check list for an enum list, the rename-aware id editor) all come from the
// table, as the reader, the writer and the SQLite rows do. A field added to
// the table appears here without a line of its own.

#include "editors/field_table_model.h"
#include "model/field_table.h"
#include "model/project_refs.h"
#include "model/workload.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fleet::gui {

/// A column per field of `fields`; item `index` of the list at `list`
/// ("/fleet/pools") is `item(project, index)`; with `list` empty, the record
/// is the project itself (its keys are pointers from the root). With `rows`, an id field gets
/// the id column of that list (renames carry references along).
template <typename Record>
std::vector<FieldColumn> recordColumns(std::span<const Field<Record>> fields,
                                       std::function<const Record&(const Project&, int)> item,
                                       std::string list, std::optional<RowList> rows = {});

/// A workload kind's own fields, for the rows of /workloads of that kind.
template <typename Spec> std::vector<FieldColumn> specColumns();

/// The column of field `key` (a page gives it a richer picker); throws when absent.
FieldColumn& columnOf(std::vector<FieldColumn>& columns, std::string_view key);

} // namespace fleet::gui
