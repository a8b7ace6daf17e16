#pragma once

// Reading project format 4, which had none of the inputs format 5 adds: a
// training run's wall-clock length (`run_days`, with `tokens_per_run` then
// optional), notebooks' `active_hours_per_day`, a batch job's
// `window_hours_per_day`, a segment's `stage` and an owned GPU's cost stated
// as `usd_per_gpu_hour`. A format-4 JSON document reads as it is (it states
// none of them); a format-4 SQLite file has the five tables rebuilt with the
// new columns empty.

#include "io/sqlite_db.h"
#include "util/result.h"

namespace fleet {

/// The tables as schema version 5 created them, frozen here so that the step
/// 4 → 5 keeps creating these tables when a later version changes them
/// (test_store_migration_v4 checks that version 5's generated schema has
/// each of them).
extern const char* const kTrainingTableV5;
extern const char* const kNotebookTableV5;
extern const char* const kBatchTableV5;
extern const char* const kSegmentTableV5;
extern const char* const kOwnedFigureTableV5;

/// The SQLite step from schema version 4 to 5: each of the five tables
/// rebuilt as version 5 has it, every row kept (the new columns NULL). As in
/// the step 3 → 4, a table is rebuilt rather than altered because the file's
/// schema is checked byte for byte.
Result<bool> addPlannerInputColumns(const sql::Database& db);

} // namespace fleet
