#pragma once

// Reading schema version 7, whose SQL listed the regimes: the segments'
// allowed regimes (segment_regime.regime) and a workload's chosen regime
// (workload.choice_regime) each had a CHECK naming the six built-in regime
// keys, so every new regime needed a schema step. Version 8 stores them as
// text, checked against the regime registry by the reader (issue 30 item 1).
// The JSON form is unchanged (project format 7): it always held the keys as
// text, checked by the reader.

#include "io/sqlite_db.h"
#include "util/result.h"

namespace fleet {

/// The tables as schema version 8 creates them, frozen here so that the step
/// 7 → 8 keeps creating these tables when a later version changes them
/// (test_store_migration_v7 checks that version 8's generated schema has
/// each of them).
extern const char* const kWorkloadTableV8;
extern const char* const kSegmentRegimeTableV8;

/// The SQLite step from schema version 7 to 8: workload and segment_regime
/// rebuilt without the CHECKs that listed the regimes, every row kept.
/// Rebuilt rather than altered: SQLite cannot drop a CHECK in place, and the
/// file's schema is checked byte for byte.
Result<bool> storeRegimesAsText(const sql::Database& db);

} // namespace fleet
