#pragma once

// Reading schema version 6, which had no input ranges. Version 7 adds the
// top-level list `ranges` (JSON) and the table `input_range` (SQLite); a
// format-6 JSON document reads as one without ranges, and a version-6 SQLite
// file gains the empty table.

#include "io/sqlite_db.h"
#include "util/result.h"

namespace fleet {

/// The input_range table as schema version 7 creates it, frozen here so that
/// the step 6 → 7 keeps creating this table when a later version changes it
/// (test_store_migration_v6 checks that version 7's generated schema has it).
extern const char* const kRangeTableV7;

/// The SQLite step from schema version 6 to 7: creates the empty input_range table.
Result<bool> addRangeTable(const sql::Database& db);

} // namespace fleet
