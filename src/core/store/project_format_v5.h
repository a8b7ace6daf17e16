#pragma once

// Reading schema version 5, whose training and inference tables allowed the
// precisions bf16 and fp8 only: version 6 adds fp4 (FP4 weights, where the
// GPU has FP4 tensor cores). A format-5 JSON document reads as it is; a
// version-5 SQLite file has the two tables rebuilt with the wider rule.

#include "io/sqlite_db.h"
#include "util/result.h"

#include <span>

namespace fleet {

/// The tables as schema version 6 creates them, frozen here so that the step
/// 5 → 6 keeps creating these tables when a later version changes them
/// (test_store_migration_v5 checks that version 6's generated schema has
/// each of them).
extern const char* const kTrainingTableV6;
extern const char* const kInferenceTableV6;

/// The SQLite step from schema version 5 to 6: training_workload and
/// inference_workload rebuilt as version 6 has them (precision may be fp4),
/// every row kept. Rebuilt rather than altered: SQLite cannot change a CHECK
/// in place, and the file's schema is checked byte for byte.
Result<bool> allowFp4Precision(const sql::Database& db);

/// A table and the DDL of its new version, with the same columns in the same order.
struct SameColumnsTable
{
    const char* name;
    const char* create;
};

/// Rebuilds each table from its DDL, every row copied as it is (the
/// rename, create, copy, drop of SQLite's documented recipe). `legacyRename`:
/// other tables' REFERENCES keep naming the table, not the old copy (needed
/// when the table is a parent).
Result<bool> rebuildWithSameColumns(const sql::Database& db,
                                    std::span<const SameColumnsTable> tables, const char* oldSuffix,
                                    bool legacyRename);

} // namespace fleet
