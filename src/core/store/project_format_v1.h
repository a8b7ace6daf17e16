#pragma once

// Reading project format 1, whose scenario overrides named pool, workload and
// segment rows by position ("/workloads/7/users"). Format 2 names them by id
// ("/workloads/dev-notebooks/users", see row_paths.h); these turn a format-1
// JSON document or SQLite file into format 2 against the file's own rows,
// before any scenario applies.

#include "io/sqlite_db.h"
#include "util/result.h"

#include <boost/json/fwd.hpp>

#include <string>

namespace fleet {

/// `root`, a format-1 project document, as format 2: format_version 2 and
/// every override path that reaches a row by position naming it by id.
/// Fails, naming the scenario, the override and its path, for a path that
/// names no row; leaves what is no project document for the validator.
Result<boost::json::value> upgradeFormat1(const boost::json::value& root, const std::string& file);

/// The SQLite step from schema version 1 to 2: rewrites each
/// scenario_override path from positions to ids, with the rows of fleet_pool,
/// workload and segment in the order the reader reads them (by position).
/// Fails naming the scenario, the override and its path when one names no row.
Result<bool> migrateOverridesToIdPaths(const sql::Database& db);

} // namespace fleet
