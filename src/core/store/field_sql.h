#pragma once

// The SQLite side of the field tables (model/field_table.h): a record's
// columns and the CREATE TABLE statements with their CHECK constraints.

#include "model/field_table.h"
#include "store/project_columns.h"

#include <string>
#include <string_view>
#include <vector>

namespace fleet::rows {

/// The columns of a record's own table: one per field but its enum lists
/// (stored in tables of their own), named by the field's key.
std::vector<Column> recordColumns(const RecordFields& record);

/// `CREATE TABLE <record.table> (<first>, <one line per field>) STRICT;` with a
/// NOT NULL for fields the writer always writes and a CHECK for each range or
/// enum, ending in a newline; then a table per enum list field
/// (`<record.table>_id`, position, the element).
/// With `last`, the table's constraints after the columns (a composite key).
std::string recordTableSql(const RecordFields& record, std::string_view first,
                           std::string_view last = {});

/// The statements of every workload kind's table, in WorkloadKind order.
std::string specTablesSql();

/// The statements of the fleet pools' and the segments' tables (with the
/// segments' allowed regimes).
std::string poolAndSegmentTablesSql();

/// The statement of the project's own table (one row).
std::string projectTableSql();

/// The statements of a price book's rented prices (hourly_price) and of an
/// owned GPU's cost figures (owned_cost, owned_figure), from model/price_fields.h.
std::string priceEntryTablesSql();

/// The statement of the tenants' table (project format 3).
std::string tenantTableSql();

/// The statement of the input ranges' table (project format 7).
std::string rangeTableSql();

/// The statement of the scenarios' table.
std::string scenarioTableSql();

} // namespace fleet::rows
