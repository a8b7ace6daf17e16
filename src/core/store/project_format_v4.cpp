#include "store/project_format_v4.h"

#include <string>

namespace fleet {

const char* const kTrainingTableV5 = R"SQL(CREATE TABLE training_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    active_params REAL NOT NULL CHECK (active_params > 0 AND active_params <= 1e14),
    total_params REAL CHECK (total_params > 0 AND total_params <= 1e14),
    tokens_per_run REAL CHECK (tokens_per_run > 0 AND tokens_per_run <= 1e16),
    run_days REAL CHECK (run_days > 0 AND run_days <= 3650),
    gpus_per_job INTEGER NOT NULL CHECK (gpus_per_job BETWEEN 1 AND 1000000),
    efficiency REAL NOT NULL CHECK (efficiency > 0 AND efficiency <= 1),
    efficiency_measure TEXT NOT NULL CHECK (efficiency_measure IN ('mfu', 'hfu_with_recompute')),
    precision TEXT NOT NULL CHECK (precision IN ('bf16', 'fp8')),
    runs_per_month REAL NOT NULL CHECK (runs_per_month > 0 AND runs_per_month <= 1000),
    checkpoint_interval_min REAL CHECK (checkpoint_interval_min > 0 AND checkpoint_interval_min <= 1e5),
    priority INTEGER CHECK (priority BETWEEN -1000 AND 1000)
) STRICT;
)SQL";

const char* const kNotebookTableV5 = R"SQL(CREATE TABLE notebook_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    users INTEGER NOT NULL CHECK (users BETWEEN 1 AND 10000000),
    gpus_per_user REAL NOT NULL CHECK (gpus_per_user > 0 AND gpus_per_user <= 64),
    active_fraction REAL NOT NULL CHECK (active_fraction > 0 AND active_fraction <= 1),
    mean_idle_gap_min REAL NOT NULL CHECK (mean_idle_gap_min > 0 AND mean_idle_gap_min <= 1e5),
    idle_timeout_min REAL NOT NULL CHECK (idle_timeout_min BETWEEN 0 AND 1e5),
    memory_gb_per_session REAL NOT NULL CHECK (memory_gb_per_session > 0 AND memory_gb_per_session <= 4096),
    active_hours_per_day REAL CHECK (active_hours_per_day > 0 AND active_hours_per_day <= 24)
) STRICT;
)SQL";

const char* const kBatchTableV5 = R"SQL(CREATE TABLE batch_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    gpu_hours_per_month REAL NOT NULL CHECK (gpu_hours_per_month > 0 AND gpu_hours_per_month <= 1e9),
    reference_gpu TEXT NOT NULL,
    gpus_per_job INTEGER NOT NULL CHECK (gpus_per_job BETWEEN 1 AND 1000000),
    memory_gb_per_gpu REAL NOT NULL CHECK (memory_gb_per_gpu > 0 AND memory_gb_per_gpu <= 4096),
    preemptible INTEGER NOT NULL CHECK (preemptible IN (0, 1)),
    checkpoint_interval_min REAL NOT NULL CHECK (checkpoint_interval_min > 0 AND checkpoint_interval_min <= 1e5),
    window_hours_per_day REAL CHECK (window_hours_per_day > 0 AND window_hours_per_day <= 24)
) STRICT;
)SQL";

const char* const kSegmentTableV5 = R"SQL(CREATE TABLE segment (
    position INTEGER NOT NULL UNIQUE,
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    stage TEXT CHECK (stage IN ('early', 'mid', 'enterprise')),
    isolation_floor TEXT CHECK (isolation_floor IN ('none', 'memory', 'hardware')),
    preemptible INTEGER CHECK (preemptible IN (0, 1)),
    price_usd_per_gpu_hour REAL NOT NULL CHECK (price_usd_per_gpu_hour BETWEEN 0 AND 200),
    note TEXT
) STRICT;
)SQL";

const char* const kOwnedFigureTableV5 = R"SQL(CREATE TABLE owned_figure (
    book_id TEXT NOT NULL,
    gpu TEXT NOT NULL,
    name TEXT NOT NULL CHECK (name IN ('capex_usd_per_gpu', 'amortization_years', 'hosting_usd_per_gpu_month', 'pue', 'usd_per_kwh', 'usd_per_gpu_hour')),
    value REAL NOT NULL CHECK (value >= 0),
    source TEXT NOT NULL,
    as_of TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (book_id, gpu, name),
    FOREIGN KEY (book_id, gpu) REFERENCES owned_cost (book_id, gpu) ON DELETE CASCADE
) STRICT;
)SQL";

namespace {

/// A table of version 4 and what version 5 makes of it.
struct RebuiltTable
{
    const char* name;
    const char* createV5;
    const char* columnsV4; ///< all of version 4's columns, which version 5 keeps
};

} // namespace

Result<bool> addPlannerInputColumns(const sql::Database& db)
{
    static const RebuiltTable tables[] = {
        {"training_workload", kTrainingTableV5,
         "workload_id, active_params, total_params, tokens_per_run, gpus_per_job, efficiency, "
         "efficiency_measure, precision, runs_per_month, checkpoint_interval_min, priority"},
        {"notebook_workload", kNotebookTableV5,
         "workload_id, users, gpus_per_user, active_fraction, mean_idle_gap_min, "
         "idle_timeout_min, memory_gb_per_session"},
        {"batch_workload", kBatchTableV5,
         "workload_id, gpu_hours_per_month, reference_gpu, gpus_per_job, memory_gb_per_gpu, "
         "preemptible, checkpoint_interval_min"},
        {"segment", kSegmentTableV5,
         "position, id, name, isolation_floor, preemptible, price_usd_per_gpu_hour, note"},
        {"owned_figure", kOwnedFigureTableV5, "book_id, gpu, name, value, source, as_of, note"},
    };
    // Workloads, tenants and segment_regime name `segment`: renaming it must
    // not rewrite their REFERENCES to the old copy, so the rename is the
    // legacy one, which leaves other tables alone.
    if (auto legacy = db.exec("PRAGMA legacy_alter_table = ON;"); !legacy)
        return legacy;
    for (const RebuiltTable& table : tables) {
        const std::string name = table.name, old = name + "_v4", columns = table.columnsV4;
        if (auto renamed = db.exec("ALTER TABLE " + name + " RENAME TO " + old + ";"); !renamed)
            return renamed;
        if (auto created = db.exec(table.createV5); !created)
            return created;
        if (auto copied = db.exec("INSERT INTO " + name + " (" + columns + ") SELECT " + columns +
                                  " FROM " + old + ";");
            !copied)
            return copied;
        if (auto dropped = db.exec("DROP TABLE " + old + ";"); !dropped)
            return dropped;
    }
    return db.exec("PRAGMA legacy_alter_table = OFF;");
}

} // namespace fleet
