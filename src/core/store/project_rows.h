#pragma once

// The mapping between a project's canonical JSON document and the rows of
// its SQLite tables, table by table and column by column, in both directions.

#include "io/sqlite_db.h"
#include "model/project.h"

#include <boost/json.hpp>

namespace fleet {

/// Inserts `project` into the empty tables of `db` (inside the caller's transaction).
Result<bool> writeProjectRows(const sql::Database& db, const Project& project);

/// Reads the rows back as a project JSON document (to be validated by parseProjectValue).
Result<boost::json::object> readProjectRows(const sql::Database& db);

} // namespace fleet
