#pragma once

// Reading project format 3, whose inference workloads had no `model` and no
// `total_params`. Format 4 adds both (JSON keys, and SQLite columns of
// inference_workload); a format-3 JSON document reads as it is (no service
// names a model), and a format-3 SQLite file has its inference_workload
// table rebuilt with the two columns empty.

#include "io/sqlite_db.h"
#include "util/result.h"

namespace fleet {

/// The inference_workload table as schema version 4 created it, frozen here
/// so that the step 3 → 4 keeps creating this table when a later version
/// changes it (test_store_migration_v3 checks that version 4's generated
/// table is this text).
extern const char* const kInferenceTableV4;

/// The SQLite step from schema version 3 to 4: inference_workload rebuilt as
/// version 4 has it, every row kept (model and total_params NULL). SQLite's
/// ADD COLUMN would append the columns to the stored statement's text, which
/// then differs from the one version 4 creates; the project file's schema is
/// checked byte for byte.
Result<bool> addInferenceModelColumns(const sql::Database& db);

} // namespace fleet
