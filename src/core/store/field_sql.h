#pragma once

// The SQLite side of the field tables (model/workload_fields.h): a workload
// kind's columns and the CREATE TABLE statement with its CHECK constraints.

#include "model/workload_fields.h"
#include "store/project_columns.h"

#include <string>
#include <string_view>

namespace fleet::rows {

/// `CREATE TABLE <table> (workload_id …, <one line per field>) STRICT;` with a
/// NOT NULL for fields the writer always writes and a CHECK for each range or
/// enum, ending in a newline.
std::string specTableSql(std::string_view table, const RecordFields& record);

/// The statements of every workload kind's table, in WorkloadKind order.
std::string specTablesSql();

} // namespace fleet::rows
