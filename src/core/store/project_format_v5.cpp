#include "store/project_format_v5.h"

#include <string>

namespace fleet {

const char* const kTrainingTableV6 = R"SQL(CREATE TABLE training_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    active_params REAL NOT NULL CHECK (active_params > 0 AND active_params <= 1e14),
    total_params REAL CHECK (total_params > 0 AND total_params <= 1e14),
    tokens_per_run REAL CHECK (tokens_per_run > 0 AND tokens_per_run <= 1e16),
    run_days REAL CHECK (run_days > 0 AND run_days <= 3650),
    gpus_per_job INTEGER NOT NULL CHECK (gpus_per_job BETWEEN 1 AND 1000000),
    efficiency REAL NOT NULL CHECK (efficiency > 0 AND efficiency <= 1),
    efficiency_measure TEXT NOT NULL CHECK (efficiency_measure IN ('mfu', 'hfu_with_recompute')),
    precision TEXT NOT NULL CHECK (precision IN ('bf16', 'fp8', 'fp4')),
    runs_per_month REAL NOT NULL CHECK (runs_per_month > 0 AND runs_per_month <= 1000),
    checkpoint_interval_min REAL CHECK (checkpoint_interval_min > 0 AND checkpoint_interval_min <= 1e5),
    priority INTEGER CHECK (priority BETWEEN -1000 AND 1000)
) STRICT;
)SQL";

const char* const kInferenceTableV6 = R"SQL(CREATE TABLE inference_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    model TEXT,
    params REAL NOT NULL CHECK (params > 0 AND params <= 1e14),
    total_params REAL CHECK (total_params > 0 AND total_params <= 1e14),
    precision TEXT NOT NULL CHECK (precision IN ('bf16', 'fp8', 'fp4')),
    requests_per_second REAL NOT NULL CHECK (requests_per_second > 0 AND requests_per_second <= 1e7),
    input_tokens REAL NOT NULL CHECK (input_tokens BETWEEN 0 AND 1e7),
    output_tokens REAL NOT NULL CHECK (output_tokens > 0 AND output_tokens <= 1e6),
    tpot_ms REAL NOT NULL CHECK (tpot_ms > 0 AND tpot_ms <= 1e4),
    ttft_ms REAL NOT NULL CHECK (ttft_ms > 0 AND ttft_ms <= 6e5),
    growth_per_month REAL CHECK (growth_per_month BETWEEN -0.5 AND 10),
    kv_bytes_per_token REAL CHECK (kv_bytes_per_token > 0 AND kv_bytes_per_token <= 1e8)
) STRICT;
)SQL";

Result<bool> rebuildWithSameColumns(const sql::Database& db,
                                    std::span<const SameColumnsTable> tables, const char* oldSuffix,
                                    bool legacyRename)
{
    if (legacyRename)
        if (auto legacy = db.exec("PRAGMA legacy_alter_table = ON;"); !legacy)
            return legacy;
    for (const SameColumnsTable& t : tables) {
        const std::string table = t.name, old = table + oldSuffix;
        if (auto renamed = db.exec("ALTER TABLE " + table + " RENAME TO " + old + ";"); !renamed)
            return renamed;
        if (auto created = db.exec(t.create); !created)
            return created;
        // Same columns in the same order: the rows copy as they are.
        if (auto copied = db.exec("INSERT INTO " + table + " SELECT * FROM " + old + ";"); !copied)
            return copied;
        if (auto dropped = db.exec("DROP TABLE " + old + ";"); !dropped)
            return dropped;
    }
    return legacyRename ? db.exec("PRAGMA legacy_alter_table = OFF;") : Result<bool>(true);
}

Result<bool> allowFp4Precision(const sql::Database& db)
{
    // Every column of version 5, which version 6 keeps.
    static const SameColumnsTable tables[] = {
        {"training_workload", kTrainingTableV6},
        {"inference_workload", kInferenceTableV6},
    };
    return rebuildWithSameColumns(db, tables, "_v5", false);
}

} // namespace fleet
