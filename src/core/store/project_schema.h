#pragma once

// The SQLite schema of a .fleetplan file, its identity (application_id and
// schema version) and the ordered table of migrations from older versions.

#include "io/sqlite_db.h"

#include <span>
#include <string>

namespace fleet {

/// FleetPlanner's own SQLite application_id: "FLPL" in ASCII.
inline constexpr std::int32_t kFleetPlanApplicationId = 0x464C504C;
/// Schema version written to PRAGMA user_version.
/// Version 2: scenario overrides name pool, workload and segment rows by id
/// (project format 2); version 1 named them by position. Version 3: the
/// tenant table (project format 3). Version 4: inference_workload's columns
/// model and total_params (project format 4). Version 5: the inputs people
/// think in (project format 5). Version 6: precision fp4 in training_workload
/// and inference_workload (project format 5 still: fp4 is a new value, read
/// by a FleetPlanner that knows it). Version 7: the table input_range (project
/// format 7: input ranges). Version 8: regime keys as text checked against
/// the registry, no SQL CHECK listing them (project format 7 still).
inline constexpr int kFleetPlanSchemaVersion = 8;

/// The statements that create an empty project database of the current version.
const std::string& projectSchemaSql();

/// One step of the migration table: turns a database of `fromVersion` into
/// `fromVersion + 1`. Steps run in order inside one transaction.
struct Migration
{
    int fromVersion;
    const char* description;
    Result<bool> (*apply)(const sql::Database& db);
};

/// Every migration, ordered by fromVersion; each schema change adds its step
/// here and a golden file of the old version under tests/data/golden/v<N>/.
/// 1 → 2 rewrites scenario override paths from row positions to row ids;
/// 2 → 3 creates the tenant table; 3 → 4 rebuilds inference_workload with
/// the columns model and total_params; 4 → 5 rebuilds five tables with the
/// planner's inputs; 5 → 6 rebuilds training_workload and
/// inference_workload so that precision may be fp4; 6 → 7 creates the empty
/// input_range table; 7 → 8 rebuilds workload and segment_regime without the
/// CHECKs that listed the regimes.
std::span<const Migration> migrations();

/// The oldest schema version the migrations can bring up to date.
int oldestMigratableVersion();

/// Compares the database's schema objects (tables, indexes, triggers, views)
/// with those `projectSchemaSql()` creates. Fails naming what differs.
Result<bool> checkSchema(const sql::Database& db);

} // namespace fleet
