#pragma once

// Reading project format 2, which had no tenants. Format 3 adds the
// top-level list `tenants` (JSON) and the table `tenant` (SQLite); a format-2
// JSON document reads as it is (no tenants), and a format-2 SQLite file gains
// the empty table.

#include "io/sqlite_db.h"
#include "util/result.h"

namespace fleet {

/// The tenant table as schema version 3 created it, frozen here so that the
/// step 2 → 3 keeps creating this table when a later version changes it
/// (test_record_fields checks that version 3's generated table is this text).
extern const char* const kTenantTableV3;

/// The SQLite step from schema version 2 to 3: creates the empty tenant table.
Result<bool> addTenantTable(const sql::Database& db);

} // namespace fleet
